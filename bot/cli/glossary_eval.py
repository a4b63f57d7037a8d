"""`python -m bot eval-lookup FILE…`: how well `/rule` answers sample queries.

Per file and over all of them: top-1 and top-3 of the fused ranking `/rule` uses, how many
queries `/rule` would open directly with the right entry, and how many with a wrong one.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path

from bot.config import Settings
from glossary.model import Entry


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    from .texts import h

    p = sub.add_parser("eval-lookup", help=h("eval_lookup"))
    p.add_argument("file", type=Path, nargs="+", help=h("opt.eval_file"))
    p.add_argument("--data-dir", type=Path, help=h("opt.data_dir"))
    p.set_defaults(func=cmd_eval_lookup)


def cmd_eval_lookup(args: argparse.Namespace, settings: Settings) -> int:
    from glossary import load_glossary
    from glossary.evaluate import by_kind, evaluate, format_kinds, format_report, merge, read_cases

    glossary = load_glossary(args.data_dir)

    def search(query: str, game: str | None, limit: int) -> Sequence[Entry]:
        return [h.entry for h in glossary.lookup(query, game=game, limit=limit).hits]

    def opens(query: str, game: str | None) -> Entry | None:
        found = glossary.lookup(query, game=game)
        return found.hits[0].entry if found.confident else None

    reports = []
    status = 0
    for path in args.file:
        try:
            cases, problems = read_cases(path)
        except (OSError, UnicodeDecodeError) as exc:
            print(f"eval-lookup: cannot read {path}: {exc}", file=sys.stderr)
            status = 2
            continue
        for problem in problems:
            print(f"eval-lookup: {path}: {problem}", file=sys.stderr)
        report = evaluate(cases, search, opens)
        reports.append(report)
        for line in format_report(report, str(path)):
            print(line)
        if any(c.kind for c in cases):
            for line in format_kinds(by_kind(cases, search, opens)):
                print("  " + line)
    if len(reports) > 1:
        for line in format_report(merge(reports), "all"):
            print(line)
    return status
