"""`python -m bot roll …` and `python -m bot odds …`: the dice engines from a shell.

The flags are generated from the registry (`bot/cli/generate.py`); each game's
`bot/games/<game>/ui/cli.py` says which command each of its subcommands is, and how to run its
engine on the values given: the JSON shape (its `ui/shapes.py`, documented in docs/cli.md) and
the reply for the terminal. This module gathers them and adds `roll expr`.
"""

from __future__ import annotations

import argparse
import random
from types import ModuleType
from typing import Any

from . import shapes, texts
from .generate import CliCommand, Result, register_all
from .texts import h, help_of


def _expr(v: dict[str, Any], rng: random.Random) -> Result:
    from bot.dice.generic import roll_expr
    from bot.handlers import dice_replies

    result = roll_expr(str(v["expr"]), rng)
    return shapes.expr(result), lambda tr: dice_replies.expr_reply(tr, result)


EXPR = CliCommand(("roll", "expr"), ("roll",), _expr, positional=("expr",))


def _games() -> list[ModuleType]:
    from bot.games import ui_modules

    return ui_modules("cli")


def commands() -> tuple[CliCommand, ...]:
    """Every game's `ui/cli.py` commands (discovered, in the games' order), then `roll expr`."""
    found = [c for m in _games() for c in m.CLI_COMMANDS]
    rolls = [c for c in found if c.words[0] == "roll"]
    return (*rolls, EXPR, *(c for c in found if c.words[0] != "roll"))


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """`roll …` and `odds …`; when another subcommand is asked for, only their names and help
    (generating the flags loads every command declaration)."""
    if not (texts.wanted("roll") or texts.wanted("odds")):
        sub.add_parser("roll", help=h("roll"))
        sub.add_parser("odds", help=help_of("cmd.odds") or "")
        return
    groups: dict[tuple[str, ...], str] = {("roll",): h("roll")}
    for module in _games():
        groups.update({words: help_of(key) or "" for words, key in module.CLI_GROUPS.items()})
    groups[("odds",)] = help_of("cmd.odds") or ""
    register_all(sub, commands(), groups)


__all__ = ["commands", "register"]
