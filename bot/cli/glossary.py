"""`python -m bot lookup QUERY`: the glossary search from a shell, as text or JSON for scripts.

The JSON shape is a contract: a list, best first, of objects with exactly the keys
`id`, `game`, `title`, `text`, `score`, `confident`. The ranking is `/rule`'s (names and texts
fused); `confident` is true on the one hit `/rule` would open directly, false everywhere else
(all false when `/rule` would ask). Exit codes as everywhere in the CLI: 0 when something was
found, 1 when nothing was (`[]` with `--json`), 2 for bad input (an empty query, a bad flag).
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from bot.config import Settings
from bot.games import GAME_SLUGS
from bot.reply import clip
from glossary.normalize import clean

from .generate import EXIT_BAD_INPUT, EXIT_NOT_FOUND, EXIT_OK, result_lang
from .texts import add_lang, h

LIMIT_MAX = 100


def _limit(raw: str) -> int:
    try:
        value = int(raw)
    except ValueError:
        raise argparse.ArgumentTypeError(h("limit_not_number", value=raw)) from None
    if not 1 <= value <= LIMIT_MAX:
        raise argparse.ArgumentTypeError(h("limit_range", min=1, max=LIMIT_MAX, value=value))
    return value


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser("lookup", help=h("lookup"))
    p.add_argument("query", nargs="+", help=h("opt.query"))
    p.add_argument("--game", choices=GAME_SLUGS, help=h("opt.game"))
    p.add_argument("--limit", type=_limit, default=10, help=h("opt.limit", min=1, max=LIMIT_MAX))
    p.add_argument("--json", action="store_true", help=h("opt.json"))
    add_lang(p)
    p.set_defaults(func=cmd_lookup)


def lookup(query: str, game: str | None = None, limit: int = 10) -> list[dict[str, Any]]:
    """Hits for `query` as plain dicts with the contract keys, best first."""
    from glossary import load_glossary

    cleaned = clean(query)
    if not cleaned:
        return []
    found = load_glossary().lookup(cleaned, game=game, limit=limit)
    return [
        {
            "id": h.entry.id,
            "game": h.entry.game,
            "title": h.entry.title,
            "text": h.entry.text,
            "score": round(float(h.score), 4),
            "confident": found.confident and n == 0,
        }
        for n, h in enumerate(found.hits)
    ]


def cmd_lookup(args: argparse.Namespace, settings: Settings) -> int:
    from bot.i18n import t

    lang = result_lang(args, settings)
    query = " ".join(args.query)
    if not clean(query):
        print(t("cli.lookup_empty", lang), file=sys.stderr)
        return EXIT_BAD_INPUT
    rows = lookup(query, game=args.game, limit=args.limit)
    if args.json:
        json.dump(rows, sys.stdout, ensure_ascii=False, indent=2)
        sys.stdout.write("\n")
        return EXIT_OK if rows else EXIT_NOT_FOUND
    if not rows:
        print(t("cli.lookup_no_match", lang), file=sys.stderr)
        return EXIT_NOT_FOUND
    for n, row in enumerate(rows, 1):
        first_line = row["text"].split("\n", 1)[0]
        preview = clip(first_line, 100)
        sure = "  " + t("cli.lookup_opens", lang) if row["confident"] else ""
        print(f"{n:>2}. {row['title']}  [{row['game']}]  {row['score']:.3f}  {row['id']}{sure}")
        print(f"    {preview}")
    return EXIT_OK
