"""`python -m bot roll whf …` and `odds whf`: the Warhammer Fantasy magic engines from a shell."""

from __future__ import annotations

import random
from typing import Any

from bot.cli.generate import CliCommand, Result
from bot.games.whfb.ui import shapes, view


def _winds(v: dict[str, Any], rng: random.Random) -> Result:
    from bot.games.whfb.dice import roll_winds

    result = roll_winds(int(v.get("wizards") or 0), int(v.get("enemy_wizards") or 0), rng)
    return shapes.whf_winds(result), lambda tr: view.winds_reply(tr, result)


def _cast(v: dict[str, Any], rng: random.Random) -> Result:
    from bot.games.whfb.dice import roll_cast

    result = roll_cast(v["dice"], v["level"], v["value"], rng)
    return shapes.whf_cast(result), lambda tr: view.cast_reply(tr, result)


def _dispel(v: dict[str, Any], rng: random.Random) -> Result:
    from bot.games.whfb.dice import roll_dispel

    result = roll_dispel(v["dice"], v["level"], v["against"], rng)
    return shapes.whf_dispel(result), lambda tr: view.dispel_reply(tr, result)


def _odds_whf(v: dict[str, Any], rng: random.Random) -> Result:
    from bot.games.whfb.dice import check_magic
    from bot.games.whfb.odds import cast_odds

    dice, level, value = v["dice"], v["level"], v["value"]
    check_magic(dice, level, "value", value)
    odds = cast_odds(dice, level, value)
    return shapes.odds_whf(odds), lambda tr: view.whf_odds_reply(tr, dice, level, value, odds)


CLI_GROUPS = {("roll", "whf"): "cmd.whf"}
CLI_COMMANDS: tuple[CliCommand, ...] = (
    CliCommand(("roll", "whf", "winds"), ("whf", "winds"), _winds),
    CliCommand(("roll", "whf", "cast"), ("whf", "cast"), _cast),
    CliCommand(("roll", "whf", "dispel"), ("whf", "dispel"), _dispel),
    CliCommand(("odds", "whf"), ("odds", "whf"), _odds_whf, seeded=False),
)
