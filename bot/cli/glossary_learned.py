"""`python -m bot glossary learned --export FILE` (and `glossary eval`, `eval-lookup`'s twin).

The export lists what `/rule` learned from picks across servers (`bot/handlers/glossary_learn`):
one line per query and entry, with how many servers hold the link and how many members agreed
in all, most agreed first. It is a list of candidate aliases for maintainers to review into
`glossary/data/aliases/`, never loaded by the bot itself.
"""

from __future__ import annotations

import argparse
import asyncio
import sys
from pathlib import Path

from bot.config import Settings

from .glossary_eval import cmd_eval_lookup
from .texts import h

EXPORT_HEADER = "# words asked\tentry id\tgame\tservers\tmembers"


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    group = sub.add_parser("glossary", help=h("glossary_group"))
    inner = group.add_subparsers(dest="glossary_command", metavar=h("metavar.glossary"))
    p = inner.add_parser("learned", help=h("glossary_learned"))
    p.add_argument("--export", type=Path, required=True, metavar="FILE", help=h("opt.export"))
    p.add_argument("--db", help=h("opt.learned_db"))
    p.set_defaults(func=cmd_learned)
    e = inner.add_parser("eval", help=h("eval_lookup"))
    e.add_argument("file", type=Path, nargs="+", help=h("opt.eval_file"))
    e.add_argument("--data-dir", type=Path, help=h("opt.data_dir"))
    e.set_defaults(func=cmd_eval_lookup)
    group.set_defaults(func=lambda args, settings: _usage(group))


def _usage(parser: argparse.ArgumentParser) -> int:
    parser.print_usage(sys.stderr)
    return 2


def export_lines(pairs: list[tuple[str, str, int, int]]) -> list[str]:
    """The export's lines: a header, then `words, entry, game, servers, members` per pair."""
    out = [EXPORT_HEADER]
    for text, entry_id, servers, members in pairs:
        game = entry_id.split("/", 1)[0]
        out.append(f"{text}\t{entry_id}\t{game}\t{servers}\t{members}")
    return out


async def _pairs(target: Path | str) -> list[tuple[str, str, int, int]]:
    from bot.storage import open_storage

    storage = await open_storage(target)
    try:
        found = await storage.learned.pairs()
    finally:
        await storage.close()
    return [(p.text, p.entry_id, p.servers, p.members) for p in found]


def cmd_learned(args: argparse.Namespace, settings: Settings) -> int:
    from bot.storage import is_postgres_url

    target: Path | str = args.db or settings.database
    if not is_postgres_url(target) and not Path(target).is_file():
        print(f"arbiter: glossary learned: no database at {str(target)!r}", file=sys.stderr)
        return 1
    pairs = asyncio.run(_pairs(target))
    try:
        args.export.write_text("\n".join(export_lines(pairs)) + "\n", encoding="utf-8")
    except OSError as exc:
        print(f"arbiter: glossary learned: cannot write {args.export}: {exc}", file=sys.stderr)
        return 2
    print(f"{args.export}: {len(pairs)} learned pairs")
    return 0 if pairs else 1
