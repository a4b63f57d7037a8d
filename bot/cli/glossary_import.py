"""`python -m bot import-glossary [DIR] [--out DIR]`: regenerate `glossary/data/*.toml`.

DIR defaults to `glossary/sources/`, the rule texts committed with the repository.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from bot.config import Settings

from .texts import h


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser(
        "import-glossary",
        help=h("import_glossary"),
    )
    p.add_argument("source", type=Path, nargs="?", default=None, help=h("opt.source"))
    p.add_argument("--out", type=Path, help=h("opt.out"))
    p.set_defaults(func=cmd_import_glossary)


def cmd_import_glossary(args: argparse.Namespace, settings: Settings) -> int:
    from glossary.importers import SOURCES_DIR, SeedImportError, import_dir, write_data
    from glossary.loader import DATA_DIR, validate_data

    out: Path = args.out or DATA_DIR
    source: Path = args.source or SOURCES_DIR
    try:
        results = import_dir(source)
    except (SeedImportError, OSError) as exc:
        print(f"import-glossary: {exc}", file=sys.stderr)
        return 1
    for path in write_data(results, out):
        game = path.stem
        print(f"{path}: {len(results[game].entries)} entries from {results[game].file}")
    problems = validate_data(out)
    for problem in problems:
        print(f"  - {problem}", file=sys.stderr)
    return 1 if problems else 0
