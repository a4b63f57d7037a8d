"""docs/cli.md lists every subcommand `python -m bot --help` has, and the current version."""

from __future__ import annotations

import argparse
import re
from pathlib import Path

from bot import __version__
from bot.cli import build_parser

DOC = Path(__file__).resolve().parents[2] / "docs" / "cli.md"


def _subcommands() -> list[str]:
    parser = build_parser("en")
    (sub,) = [a for a in parser._actions if isinstance(a, argparse._SubParsersAction)]
    return sorted(sub.choices)


def test_every_subcommand_has_a_row_in_docs_cli() -> None:
    rows = re.findall(r"^\| `([a-z-]+)", DOC.read_text("utf-8"), re.M)
    names = _subcommands()
    assert {"run", "health", "migrate-db", "console", "check"} <= set(names)
    missing = [n for n in names if n not in rows]
    assert not missing, f"docs/cli.md has no row for {missing}"


def test_docs_cli_shows_the_current_version() -> None:
    assert f"`arbiter {__version__}`" in DOC.read_text("utf-8")
