"""`python -m bot roll …` and `python -m bot odds …`: the dice engines from a shell.

The flags are generated from the registry (`bot/cli/generate.py`); this module only says which
command each subcommand is, and how to run its engine on the values given: the JSON shape
(`bot/cli/shapes.py`, documented in docs/cli.md) and the reply for the terminal.
"""

from __future__ import annotations

import argparse
import random
from typing import Any

from . import shapes, texts
from .generate import CliCommand, Result, register_all
from .texts import h, help_of


def _attack(v: dict[str, Any], rng: random.Random) -> Result:
    from bot.games.mage_wars import view as mw_view
    from bot.games.mage_wars.commands import build_attack
    from bot.games.mage_wars.dice import resolve_attack

    result = resolve_attack(build_attack(v), rng)
    return shapes.mw_attack(result), lambda tr: mw_view.attack_reply(tr, result)


def _effect(v: dict[str, Any], rng: random.Random) -> Result:
    from bot.games.mage_wars import view as mw_view
    from bot.games.mage_wars.dice import roll_plain_effect

    bonus = int(v.get("bonus") or 0)
    roll = roll_plain_effect(rng, bonus)
    return shapes.mw_effect(roll, bonus), lambda tr: mw_view.effect_reply(tr, roll, bonus)


def _burn(v: dict[str, Any], rng: random.Random) -> Result:
    from bot.games.mage_wars import view as mw_view
    from bot.games.mage_wars.dice import roll_burn

    result = roll_burn(int(v["tokens"]), rng)
    return shapes.mw_burn(result), lambda tr: mw_view.burn_reply(tr, result)


def _escape(v: dict[str, Any], rng: random.Random) -> Result:
    from bot.games.mage_wars import view as mw_view
    from bot.games.mage_wars.dice import roll_escape

    roll = roll_escape(rng)
    return shapes.mw_escape(roll), lambda tr: mw_view.escape_reply(tr, roll)


def _push(v: dict[str, Any], rng: random.Random) -> Result:
    from bot.games.mage_wars import view as mw_view
    from bot.games.mage_wars.dice import roll_push

    roll, direction = roll_push(rng)
    return shapes.mw_push(roll, direction), lambda tr: mw_view.push_reply(tr, roll, direction)


def _berserk(v: dict[str, Any], rng: random.Random) -> Result:
    from bot.games.berserk import view as berserk_view
    from bot.games.berserk.commands import build_strike
    from bot.games.berserk.dice import roll_strike

    result = roll_strike(build_strike(v), rng)
    return shapes.berserk_strike(result), lambda tr: berserk_view.berserk_reply(tr, result)


def _winds(v: dict[str, Any], rng: random.Random) -> Result:
    from bot.games.whfb import view as whf_view
    from bot.games.whfb.dice import roll_winds

    result = roll_winds(int(v.get("wizards") or 0), int(v.get("enemy_wizards") or 0), rng)
    return shapes.whf_winds(result), lambda tr: whf_view.winds_reply(tr, result)


def _cast(v: dict[str, Any], rng: random.Random) -> Result:
    from bot.games.whfb import view as whf_view
    from bot.games.whfb.dice import roll_cast

    result = roll_cast(v["dice"], v["level"], v["value"], rng)
    return shapes.whf_cast(result), lambda tr: whf_view.cast_reply(tr, result)


def _dispel(v: dict[str, Any], rng: random.Random) -> Result:
    from bot.games.whfb import view as whf_view
    from bot.games.whfb.dice import roll_dispel

    result = roll_dispel(v["dice"], v["level"], v["against"], rng)
    return shapes.whf_dispel(result), lambda tr: whf_view.dispel_reply(tr, result)


def _expr(v: dict[str, Any], rng: random.Random) -> Result:
    from bot.dice.generic import roll_expr
    from bot.handlers import dice_replies

    result = roll_expr(str(v["expr"]), rng)
    return shapes.expr(result), lambda tr: dice_replies.expr_reply(tr, result)


def _odds_mw(v: dict[str, Any], rng: random.Random) -> Result:
    from bot.games.mage_wars import view as mw_view
    from bot.games.mage_wars.commands import build_attack
    from bot.games.mage_wars.odds import attack_odds

    attack = build_attack(v)
    odds = attack_odds(attack)
    life = v.get("life")
    return shapes.odds_mw(attack, odds, life), lambda tr: mw_view.mw_odds_reply(
        tr, attack, odds, life
    )


def _odds_berserk(v: dict[str, Any], rng: random.Random) -> Result:
    """JSON is one shape, the `auto` mode (a simple strike fights); the text shows both modes."""
    from bot.games.berserk import view as berserk_view
    from bot.games.berserk.commands import build_strike, odds_strikes
    from bot.games.berserk.odds import berserk_odds

    strike = build_strike(v)
    data = shapes.odds_berserk(strike, berserk_odds(strike))
    return data, lambda tr: berserk_view.berserk_odds_view(tr, odds_strikes(v))


def _odds_whf(v: dict[str, Any], rng: random.Random) -> Result:
    from bot.games.whfb import view as whf_view
    from bot.games.whfb.dice import check_magic
    from bot.games.whfb.odds import cast_odds

    dice, level, value = v["dice"], v["level"], v["value"]
    check_magic(dice, level, "value", value)
    odds = cast_odds(dice, level, value)
    return shapes.odds_whf(odds), lambda tr: whf_view.whf_odds_reply(tr, dice, level, value, odds)


COMMANDS: tuple[CliCommand, ...] = (
    CliCommand(("roll", "mw", "attack"), ("mw", "attack"), _attack),
    CliCommand(("roll", "mw", "effect"), ("mw", "effect"), _effect),
    CliCommand(("roll", "mw", "burn"), ("mw", "burn"), _burn, require=frozenset({"tokens"})),
    CliCommand(("roll", "mw", "escape"), ("mw", "escape"), _escape),
    CliCommand(("roll", "mw", "push"), ("mw", "push"), _push),
    CliCommand(("roll", "berserk"), ("berserk", "strike"), _berserk),
    CliCommand(("roll", "whf", "winds"), ("whf", "winds"), _winds),
    CliCommand(("roll", "whf", "cast"), ("whf", "cast"), _cast),
    CliCommand(("roll", "whf", "dispel"), ("whf", "dispel"), _dispel),
    CliCommand(("roll", "expr"), ("roll",), _expr, positional=("expr",)),
    CliCommand(("odds", "mw"), ("odds", "mw"), _odds_mw, seeded=False),
    CliCommand(("odds", "berserk"), ("odds", "berserk"), _odds_berserk, seeded=False),
    CliCommand(("odds", "whf"), ("odds", "whf"), _odds_whf, seeded=False),
)


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """`roll …` and `odds …`; when another subcommand is asked for, only their names and help
    (generating the flags loads every command declaration)."""
    if not (texts.wanted("roll") or texts.wanted("odds")):
        sub.add_parser("roll", help=h("roll"))
        sub.add_parser("odds", help=help_of("cmd.odds") or "")
        return
    groups = {
        ("roll",): h("roll"),
        ("roll", "mw"): help_of("cmd.mw") or "",
        ("roll", "whf"): help_of("cmd.whf") or "",
        ("odds",): help_of("cmd.odds") or "",
    }
    register_all(sub, COMMANDS, groups)


__all__ = ["COMMANDS", "register"]
