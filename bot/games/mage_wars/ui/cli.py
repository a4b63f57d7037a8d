"""`python -m bot roll mw …` and `odds mw`: the Mage Wars engines from a shell (docs/cli.md)."""

from __future__ import annotations

import random
from typing import Any

from bot.cli.generate import CliCommand, Result
from bot.games.mage_wars.ui import shapes, view


def _attack(v: dict[str, Any], rng: random.Random) -> Result:
    from bot.games.mage_wars.dice import resolve_attack
    from bot.games.mage_wars.ui.commands import build_attack

    result = resolve_attack(build_attack(v), rng)
    return shapes.mw_attack(result), lambda tr: view.attack_reply(tr, result)


def _effect(v: dict[str, Any], rng: random.Random) -> Result:
    from bot.games.mage_wars.dice import roll_plain_effect

    bonus = int(v.get("bonus") or 0)
    roll = roll_plain_effect(rng, bonus)
    return shapes.mw_effect(roll, bonus), lambda tr: view.effect_reply(tr, roll, bonus)


def _burn(v: dict[str, Any], rng: random.Random) -> Result:
    from bot.games.mage_wars.dice import roll_burn

    result = roll_burn(int(v["tokens"]), rng)
    return shapes.mw_burn(result), lambda tr: view.burn_reply(tr, result)


def _escape(v: dict[str, Any], rng: random.Random) -> Result:
    from bot.games.mage_wars.dice import roll_escape

    roll = roll_escape(rng)
    return shapes.mw_escape(roll), lambda tr: view.escape_reply(tr, roll)


def _push(v: dict[str, Any], rng: random.Random) -> Result:
    from bot.games.mage_wars.dice import roll_push

    roll, direction = roll_push(rng)
    return shapes.mw_push(roll, direction), lambda tr: view.push_reply(tr, roll, direction)


def _odds_mw(v: dict[str, Any], rng: random.Random) -> Result:
    from bot.games.mage_wars.odds import attack_odds
    from bot.games.mage_wars.ui.commands import build_attack

    attack = build_attack(v)
    odds = attack_odds(attack)
    life = v.get("life")
    return shapes.odds_mw(attack, odds, life), lambda tr: view.mw_odds_reply(tr, attack, odds, life)


CLI_GROUPS = {("roll", "mw"): "cmd.mw"}
CLI_COMMANDS: tuple[CliCommand, ...] = (
    CliCommand(("roll", "mw", "attack"), ("mw", "attack"), _attack),
    CliCommand(("roll", "mw", "effect"), ("mw", "effect"), _effect),
    CliCommand(("roll", "mw", "burn"), ("mw", "burn"), _burn, require=frozenset({"tokens"})),
    CliCommand(("roll", "mw", "escape"), ("mw", "escape"), _escape),
    CliCommand(("roll", "mw", "push"), ("mw", "push"), _push),
    CliCommand(("odds", "mw"), ("odds", "mw"), _odds_mw, seeded=False),
)
