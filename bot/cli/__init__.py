"""`python -m bot` / `arbiter`: run the bot, the offline console, checks and scripting shortcuts.

Each module in this package other than `__init__` adds its subcommands through
`register(subparsers)` and is discovered automatically, so areas do not edit a shared list.
Help is in the user's language (`--lang`, else ARBITER_LOCALE, else Russian: `bot/cli/texts.py`),
and every subcommand exits 0 when done or found, 1 when nothing was found, 2 on bad input.
"""

from __future__ import annotations

import argparse
import importlib
import pkgutil
import sys
from collections.abc import Sequence

from bot import __version__
from bot.cli import texts
from bot.config import ConfigError, Settings, load_settings
from bot.logs import setup_logging
from bot.storage.sqlite import StorageError

EXIT_CONFIG = 2
EXIT_INTERRUPTED = 130


def build_parser(lang: str | None = None) -> argparse.ArgumentParser:
    """The whole CLI, its help in `lang` (default: ARBITER_LOCALE, else Russian)."""
    texts.set_lang(lang or texts.argv_lang((), texts.env_lang()))
    parser = argparse.ArgumentParser(
        prog="arbiter",
        description=texts.h("description"),
        epilog=texts.h("epilog"),
    )
    parser.add_argument(
        "--version", action="version", version=f"arbiter {__version__}", help=texts.h("opt.version")
    )
    parser.add_argument(  # `arbiter --lang en …` as well as `arbiter roll … --lang en`
        "--lang", dest="top_lang", choices=["ru", "en"], help=texts.h("opt.lang")
    )
    sub = parser.add_subparsers(dest="command", metavar=texts.h("metavar.command"))
    for info in sorted(pkgutil.iter_modules(__path__), key=lambda i: i.name):
        module = importlib.import_module(f"{__name__}.{info.name}")
        register = getattr(module, "register", None)
        if register is not None:
            register(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Parse, load settings, run the subcommand; problems the user can fix are one line."""
    argv = list(sys.argv[1:] if argv is None else argv)
    settings: Settings | None = None
    problem: ConfigError | None = None
    try:  # first, so that help can be in ARBITER_LOCALE (also from `.env`)
        settings = load_settings()
    except ConfigError as exc:
        problem = exc
    locale = settings.locale if settings is not None else texts.env_lang()
    texts.set_wanted(argv)  # a subcommand's parser is generated only when it is asked for
    try:
        parser = build_parser(texts.argv_lang(argv, locale))
    finally:
        texts.set_wanted(None)
    args = parser.parse_args(argv)
    if settings is None:
        print(f"arbiter: invalid setting {problem}", file=sys.stderr)
        return EXIT_CONFIG
    # no voice notices, no per-statement SQL lines, one line per reconnect
    setup_logging(settings.log_level, settings.log_format)
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
    except BrokenPipeError:  # `… --json | head` closed the pipe: the reader has what it wanted
        _silence_stdout()
        return 0
    return result


def _silence_stdout() -> None:
    """Point stdout at /dev/null so the interpreter's final flush does not fail again."""
    import os

    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, sys.stdout.fileno())


__all__ = ["Settings", "build_parser", "main"]
