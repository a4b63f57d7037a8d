"""`python -m bot eval-lookup FILE`: top-1/top-3 accuracy of the glossary search on samples."""

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
    p.add_argument("file", type=Path, help=h("opt.eval_file"))
    p.add_argument("--data-dir", type=Path, help=h("opt.data_dir"))
    p.set_defaults(func=cmd_eval_lookup)


def cmd_eval_lookup(args: argparse.Namespace, settings: Settings) -> int:
    from glossary import load_glossary
    from glossary.evaluate import evaluate, format_report, read_cases

    try:
        cases, problems = read_cases(args.file)
    except (OSError, UnicodeDecodeError) as exc:
        print(f"eval-lookup: cannot read {args.file}: {exc}", file=sys.stderr)
        return 2
    for problem in problems:
        print(f"eval-lookup: {args.file}: {problem}", file=sys.stderr)
    glossary = load_glossary(args.data_dir)

    def search(query: str, game: str | None, limit: int) -> Sequence[Entry]:
        return [h.entry for h in glossary.search(query, game=game, limit=limit)]

    report = evaluate(cases, search)
    for line in format_report(report, str(args.file)):
        print(line)
    return 0
