"""`python -m bot` / `arbiter`: run the bot, the offline console, checks and scripting shortcuts.

Each module in this package other than `__init__` adds its subcommands through
`register(subparsers)` and is discovered automatically, so areas do not edit a shared list.
"""

from __future__ import annotations

import argparse
import asyncio
import importlib
import logging
import pkgutil
import sys
from collections.abc import Coroutine, Sequence
from typing import Any

from bot.config import ConfigError, Settings, load_settings

EXIT_CONFIG = 2


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
    handler = getattr(args, "func", None)
    if handler is None:
        from bot.cli.core import run_default

        return run_default(settings)
    result: int = handler(args, settings)
    return result


def run_async(coro: Coroutine[Any, Any, int | None]) -> int:
    """Run a coroutine returning an exit code (helper for subcommands)."""
    return int(asyncio.run(coro) or 0)


__all__ = ["Settings", "build_parser", "main", "run_async"]
