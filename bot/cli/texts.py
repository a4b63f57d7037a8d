"""The CLI's own words (help, argparse's messages) from the catalogue, in the user's language.

The language is chosen before the parser is built, since argparse formats help and errors from
what it was given: `--lang` on the command line, else ARBITER_LOCALE, else Russian.
"""

from __future__ import annotations

import argparse
import os
from collections.abc import Sequence

from bot.i18n import DEFAULT_LANGUAGE, LANGUAGES, Catalogue, CatalogueError, catalogue

_state: dict[str, str | None] = {"lang": DEFAULT_LANGUAGE, "wanted": None}

# argparse's own messages (Python 3.11), by the catalogue key that translates each.
_ARGPARSE = {
    "usage: ": "cli.argparse.usage",
    "positional arguments": "cli.argparse.positional",
    "options": "cli.argparse.options",
    "show this help message and exit": "cli.argparse.help",
    "show program's version number and exit": "cli.argparse.version",
    "the following arguments are required: %s": "cli.argparse.required",
    "unrecognized arguments: %s": "cli.argparse.unrecognized",
    "invalid choice: %(value)r (choose from %(choices)s)": "cli.argparse.choice",
    "argument %(argument_name)s: %(message)s": "cli.argparse.argument",
    "%(prog)s: error: %(message)s\n": "cli.argparse.error",
    "expected one argument": "cli.argparse.one",
    "expected at least one argument": "cli.argparse.at_least_one",
    "ambiguous option: %(option)s could match %(matches)s": "cli.argparse.ambiguous",
    "invalid %(type)s value: %(value)r": "cli.argparse.invalid",
}


def argv_lang(argv: Sequence[str], env_lang: str | None) -> str:
    """The help language: the last `--lang X` / `--lang=X` before `--`, else `env_lang`."""
    found: str | None = None
    for i, arg in enumerate(argv):
        if arg == "--":
            break
        if arg == "--lang" and i + 1 < len(argv):
            found = argv[i + 1]
        elif arg.startswith("--lang="):
            found = arg.split("=", 1)[1]
    for candidate in (found, env_lang):
        if candidate and candidate.strip().lower() in LANGUAGES:
            return candidate.strip().lower()
    return DEFAULT_LANGUAGE


def env_lang() -> str | None:
    return os.environ.get("ARBITER_LOCALE")


def set_lang(lang: str) -> None:
    """Use `lang` for help and argparse's messages from now on (before building a parser)."""
    _state["lang"] = lang

    def translate(message: str) -> str:
        key = _ARGPARSE.get(message)
        text = _lookup(key) if key else None
        return text if text is not None else message

    setattr(argparse, "_", translate)  # noqa: B010 (argparse reads its module-level `_`)


def lang() -> str:
    return _state["lang"] or DEFAULT_LANGUAGE


def set_wanted(argv: Sequence[str] | None) -> None:
    """Remember which subcommand the command line asks for (None: build every parser)."""
    found: str | None = None
    words = iter(argv or ())
    for word in words:
        if word == "--lang":  # the only top-level option that takes a value
            next(words, None)
        elif not word.startswith("-"):
            found = word
            break
    _state["wanted"] = found


def wanted(command: str) -> bool:
    """Whether `command`'s full parser is needed: it is the one asked for, or any may be."""
    asked = _state["wanted"]
    return asked is None or asked == command


def _catalogue() -> Catalogue | None:
    """The catalogue, or None when it cannot be read: `check` must still run and say why."""
    try:
        return catalogue()
    except CatalogueError:
        return None


def _lookup(key: str) -> str | None:
    cat = _catalogue()
    return cat.lookup(key, lang()) if cat is not None else None


def h(key: str, /, **params: object) -> str:
    """The CLI text `cli.<key>` in the help language ('' if the catalogue is unreadable)."""
    text = _lookup(f"cli.{key}")
    if text is None:
        return ""
    return text.format(**params) if params else text


def help_of(key: str) -> str | None:
    """A catalogue text in the help language (a command's description), or None if missing."""
    return _lookup(key)


def add_lang(p: argparse.ArgumentParser) -> None:
    """`--lang ru|en` on a subcommand: the language of its results, messages and help."""
    p.add_argument("--lang", choices=list(LANGUAGES), help=h("opt.lang"))
