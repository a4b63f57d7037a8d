"""`python -m bot` / `arbiter`: run the bot, the offline console, checks and scripting shortcuts.

Each module in this package other than `__init__` adds its subcommands through
`register(subparsers)` and is discovered automatically, so areas do not edit a shared list.
"""

from __future__ import annotations

import argparse
import importlib
import logging
import pkgutil
import sys
from collections.abc import Sequence

from bot.config import ConfigError, Settings, load_settings
from bot.logs import quiet_logging
from bot.storage.sqlite import StorageError

EXIT_CONFIG = 2
EXIT_INTERRUPTED = 130


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="arbiter",
        description="Arbiter: rulings, dice and a game tracker for tabletop groups.",
    )
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    for info in sorted(pkgutil.iter_modules(__path__), key=lambda i: i.name):
        module = importlib.import_module(f"{__name__}.{info.name}")
        register = getattr(module, "register", None)
        if register is not None:
            register(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Parse, load settings, run the subcommand; problems the user can fix are one line."""
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        settings = load_settings()
    except ConfigError as exc:
        print(f"arbiter: invalid setting {exc}", file=sys.stderr)
        return EXIT_CONFIG
    logging.basicConfig(
        level=settings.log_level, format="%(asctime)s %(levelname)s %(name)s: %(message)s"
    )
    quiet_logging()  # no voice notices, no per-statement SQL lines
    handler = getattr(args, "func", None)
    if handler is None:
        from bot.cli.core import run_default

        handler = run_default
    try:
        result: int = handler(args, settings)
    except StorageError as exc:  # an unusable ARBITER_DB (or --db), or one from a newer Arbiter
        print(f"arbiter: {exc}", file=sys.stderr)
        return EXIT_CONFIG
    except KeyboardInterrupt:  # Ctrl+C: stop quietly, leaving the shell prompt on a new line
        print(file=sys.stderr)
        return EXIT_INTERRUPTED
    return result


__all__ = ["Settings", "build_parser", "main"]
