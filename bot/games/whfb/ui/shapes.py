"""Warhammer Fantasy's `--json` shapes (`roll whf …`, `odds whf`), with exact fractions.

See docs/cli.md.
"""

from __future__ import annotations

from fractions import Fraction

from bot.cli.exact import text
from bot.cli.shapes import Json
from bot.games.whfb.dice import CastResult, DispelResult, MagicRoll, WindsResult
from bot.games.whfb.odds import CastOdds


def whf_winds(r: WindsResult) -> Json:
    return {
        "winds": r.winds,
        "wizard_rolls": r.wizard_rolls,
        "enemy_rolls": r.enemy_rolls,
        "power": r.power,
        "dispel": r.dispel,
        "power_lost": r.power_lost,
        "dispel_lost": r.dispel_lost,
        "rolls": [*r.winds, *r.wizard_rolls, *r.enemy_rolls],
        "dice": len(r.winds) + len(r.wizard_rolls) + len(r.enemy_rolls),
    }


def _magic(r: MagicRoll) -> Json:
    return {
        "dice": len(r.dice),
        "rolls": list(r.dice),
        "total": r.total,
        "level": r.level,
        "result": r.result,
        "natural_fail": r.natural_fail,
    }


def whf_cast(r: CastResult) -> Json:
    return {
        **_magic(r),
        "value": r.value,
        "success": r.success,
        "irresistible": r.irresistible,
        "miscast": r.miscast or None,
    }


def whf_dispel(r: DispelResult) -> Json:
    return {**_magic(r), "against": r.against, "success": r.success}


def odds_whf(odds: CastOdds) -> Json:
    """`odds whf`: cast (Irresistible Force included), Irresistible Force, plain cast, failure."""
    exact = cast_exact(odds)
    return {
        "success": odds.success,
        "irresistible": odds.irresistible,
        "plain": odds.plain,
        "fail": odds.fail,
        "exact": {k: text(v) for k, v in exact.items()},
    }


def cast_exact(odds: CastOdds) -> dict[str, Fraction]:
    """The casting odds' integer counts as fractions: success, irresistible, plain and fail."""
    return {
        "success": Fraction(odds.cast, odds.rolls),
        "irresistible": Fraction(odds.forced, odds.rolls),
        "plain": Fraction(odds.cast - odds.forced, odds.rolls),
        "fail": Fraction(odds.rolls - odds.cast, odds.rolls),
    }
