"""`python -m bot lookup QUERY`: the glossary search from a shell, as text or JSON for scripts.

The JSON shape is a contract: a list, best first, of objects with exactly the keys
`id`, `game`, `title`, `text`, `score`, `confident`. The ranking is `/rule`'s (names and texts
fused); `confident` is true on the one hit `/rule` would open directly, false everywhere else
(all false when `/rule` would ask). An empty or unmatched query prints `[]`.
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

LIMIT_MAX = 100


def _limit(raw: str) -> int:
    try:
        value = int(raw)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number, got {raw!r}") from None
    if not 1 <= value <= LIMIT_MAX:
        raise argparse.ArgumentTypeError(f"must be between 1 and {LIMIT_MAX}, got {value}")
    return value


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser("lookup", help="search the glossary like /rule does")
    p.add_argument("query", nargs="+", help="the term (several words are joined)")
    p.add_argument("--game", choices=GAME_SLUGS, help="search this game only")
    p.add_argument("--limit", type=_limit, default=10, help=f"hits to show, 1-{LIMIT_MAX}")
    p.add_argument("--json", action="store_true", help="print a JSON list for scripts")
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
    rows = lookup(" ".join(args.query), game=args.game, limit=args.limit)
    if args.json:
        json.dump(rows, sys.stdout, ensure_ascii=False, indent=2)
        sys.stdout.write("\n")
        return 0
    if not rows:
        print("no match", file=sys.stderr)
        return 1
    for n, row in enumerate(rows, 1):
        first_line = row["text"].split("\n", 1)[0]
        preview = clip(first_line, 100)
        sure = "  (opens)" if row["confident"] else ""
        print(f"{n:>2}. {row['title']}  [{row['game']}]  {row['score']:.3f}  {row['id']}{sure}")
        print(f"    {preview}")
    return 0
