"""Exact Berserk odds: each side's strike kind and the expected wounds, by enumeration."""

from __future__ import annotations

from dataclasses import dataclass

from bot.games.berserk.dice import KINDS, BerserkStrike, strike_kinds
from bot.games.berserk.rules import weaker_choice


@dataclass(frozen=True)
class BerserkOdds:
    attacker: dict[str, float]
    defender: dict[str, float]
    mean_wounds: float  # dealt by the attacker
    defender_wounds: float | None  # dealt back, when the defender's values are known


def berserk_joint(strike: BerserkStrike) -> dict[tuple[str, str], float]:
    """P(attacker kind, defender kind), enumerating the d6 rolls the roller would make."""
    strike.checked()
    joint: dict[tuple[str, str], float] = {}
    defender_rolls = range(1, 7) if strike.fight else (None,)
    p = 1 / (6 * len(defender_rolls))
    for a in range(1, 7):
        for d in defender_rolls:
            kinds = strike_kinds(strike, a, d)
            joint[kinds] = joint.get(kinds, 0.0) + p
    return joint


def choice_chances(strike: BerserkStrike) -> dict[str, float]:
    """P(the fight lands on a row where the attacker / the defender may strike weaker)."""
    out = {"attacker": 0.0, "defender": 0.0}
    for (a_kind, d_kind), p in berserk_joint(strike).items():
        choice = weaker_choice(a_kind, d_kind)
        if choice is not None:
            out[choice.side] += p
    return out


def berserk_odds(strike: BerserkStrike) -> BerserkOdds:
    """Each side's strike-kind chances and the expected wounds."""
    attacker = dict.fromkeys(KINDS, 0.0)
    defender = dict.fromkeys(KINDS, 0.0)
    for (a_kind, d_kind), p in berserk_joint(strike).items():
        attacker[a_kind] += p
        defender[d_kind] += p
    mean = sum(p * strike.values.wounds(kind) for kind, p in attacker.items())
    back: float | None = None
    if strike.defender_values is not None:
        dv = strike.defender_values
        back = sum(p * dv.wounds(kind) for kind, p in defender.items())
    return BerserkOdds(attacker, defender, mean, back)
