"""Berserk's `--json` shapes (`roll berserk`, `odds berserk`), with exact fractions; docs/cli.md."""

from __future__ import annotations

from fractions import Fraction

from bot.cli.exact import D6_PAIRS, text
from bot.cli.shapes import Json
from bot.games.berserk.dice import KINDS, BerserkResult, BerserkStrike
from bot.games.berserk.odds import BerserkOdds, berserk_joint


def _side(roll: int | None, mod: int, total: int | None, kind: str, wounds: int | None) -> Json:
    return {"roll": roll, "mod": mod, "total": total, "kind": kind, "wounds": wounds}


def berserk_strike(result: BerserkResult) -> Json:
    """`roll berserk`: the attacker's (and in a fight the defender's) d6, kind and wounds."""
    s = result.strike
    rolls = [result.attacker_roll]
    if result.defender_roll is not None:
        rolls.append(result.defender_roll)
    return {
        "kind": s.kind,
        "mode": "fight" if result.fight else "closed",
        "values": s.values.text(),
        "defender_values": s.defender_values.text() if s.defender_values else None,
        "attacker": _side(
            result.attacker_roll,
            s.attacker_mod,
            result.attacker_total,
            result.attacker_kind,
            result.wounds,
        ),
        "defender": None
        if result.defender_roll is None
        else _side(
            result.defender_roll,
            s.defender_total_mod,
            result.defender_total,
            result.defender_kind,
            result.defender_wounds,
        ),
        "difference": result.difference,
        "rolls": rolls,
        "dice": len(rolls),
    }


def odds_berserk(strike: BerserkStrike, odds: BerserkOdds) -> Json:
    """`odds berserk`: strike kinds per side; `mean` and `mean_wounds` are the same figure."""
    exact = BerserkExact(strike)
    return {
        "mode": "fight" if strike.fight else "closed",
        "attacker": dict(odds.attacker),
        "defender": dict(odds.defender),
        "mean_wounds": odds.mean_wounds,
        "mean": odds.mean_wounds,
        "defender_wounds": odds.defender_wounds,
        "exact": {
            "attacker": {k: text(p) for k, p in exact.attacker.items()},
            "defender": {k: text(p) for k, p in exact.defender.items()},
            "mean_wounds": text(exact.mean_wounds),
            "mean": text(exact.mean_wounds),
            "defender_wounds": text(exact.defender_wounds),
        },
    }


class BerserkExact:
    """Each side's strike kinds and the expected wounds, in 36ths (or 6ths in closed mode)."""

    def __init__(self, strike: BerserkStrike) -> None:
        self.attacker = dict.fromkeys(KINDS, Fraction(0))
        self.defender = dict.fromkeys(KINDS, Fraction(0))
        for (a_kind, d_kind), p in berserk_joint(strike).items():
            exact = Fraction(p).limit_denominator(D6_PAIRS)
            self.attacker[a_kind] += exact
            self.defender[d_kind] += exact
        self.mean_wounds = sum(
            (p * strike.values.wounds(k) for k, p in self.attacker.items()), Fraction(0)
        )
        dv = strike.defender_values
        self.defender_wounds = (
            None
            if dv is None
            else sum((p * dv.wounds(k) for k, p in self.defender.items()), Fraction(0))
        )
