"""Exact odds as fractions, for the `odds … --json` shapes (`"5/18"` beside the float).

The float engines (`bot/games/<game>/odds.py`) stay the source of every law; this module only
recounts them in integers: the Mage Wars strike counts over 6**dice are the engine's own
(`_strike_counts`), the per-strike chances are twelfths, Berserk outcomes are 36ths, and WFB
casting odds are already integer counts. Tests check each fraction against the engine's float.
"""

from __future__ import annotations

from fractions import Fraction

from bot.games.berserk.dice import KINDS, BerserkStrike
from bot.games.berserk.odds import berserk_joint
from bot.games.mage_wars.dice import MWAttack
from bot.games.mage_wars.odds import (
    _faces,
    _strike_counts,
    avoid_chance,
    daze_miss_chance,
    effect_chance,
)
from bot.games.whfb.odds import CastOdds

D12 = 12
D6_PAIRS = 36


def text(value: Fraction | None) -> str | None:
    """`"5/18"`, `"1"` or `"0"`; None stays None."""
    if value is None:
        return None
    return (
        str(value.numerator) if value.denominator == 1 else f"{value.numerator}/{value.denominator}"
    )


def twelfths(p: float) -> Fraction:
    """A chance the engine counts in twelfths (one d12), read back exactly."""
    return Fraction(p).limit_denominator(D12)


def _convolve(a: list[int], b: list[int]) -> list[int]:
    out = [0] * (len(a) + len(b) - 1)
    for i, x in enumerate(a):
        if x:
            for j, y in enumerate(b):
                out[i + j] += x * y
    return out


def _landed_weights(strikes: int, first: Fraction, other: Fraction) -> list[Fraction]:
    """P(exactly j strikes land), as `bot.games.mage_wars.odds.landed_weights`, in fractions."""
    probs = [1 - first, first]
    for _ in range(strikes - 1):
        probs = [
            miss * (1 - other) + hit * other
            for miss, hit in zip([*probs, Fraction(0)], [Fraction(0), *probs], strict=True)
        ]
    return probs


class AttackExact:
    """The exact law of an attack's total damage, and the per-strike chances, as fractions."""

    def __init__(self, attack: MWAttack) -> None:
        attack.checked()
        armor, faces = attack.effective_armor, _faces(attack)
        first, later = attack.attack_dice, attack.later_dice  # Melee +X: first strike only
        one_first = list(_strike_counts(first, armor, faces))
        one_later = list(_strike_counts(later, armor, faces))
        self.avoid = twelfths(avoid_chance(attack))
        self.daze_miss = twelfths(daze_miss_chance(attack))
        self.effect = twelfths(effect_chance(attack))
        lands = (1 - self.daze_miss) * (1 - self.avoid)
        weights = _landed_weights(attack.strikes - 1, 1 - self.avoid, 1 - self.avoid)
        if attack.strikes == 1:
            weights = [Fraction(1)]
        totals: dict[int, Fraction] = {}

        def add(counts: list[int], scale: int, weight: Fraction) -> None:
            for d, count in enumerate(counts):
                if count:
                    totals[d] = totals.get(d, Fraction(0)) + weight * Fraction(count, scale)

        power = [1]  # j later strikes landed
        for j, weight in enumerate(weights):
            if j:
                power = _convolve(power, one_later)
            if weight:
                scale = 6 ** (later * j)
                add(power, scale, weight * (1 - lands))
                add(_convolve(power, one_first), scale * 6**first, weight * lands)
        top = max((d for d, p in totals.items() if p), default=0)
        self.distribution = [totals.get(d, Fraction(0)) for d in range(top + 1)]

    @property
    def mean(self) -> Fraction:
        return sum((d * p for d, p in enumerate(self.distribution)), Fraction(0))

    def at_least(self, k: int) -> Fraction:
        return sum(self.distribution[k:], Fraction(0)) if k > 0 else Fraction(1)


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


def cast_exact(odds: CastOdds) -> dict[str, Fraction]:
    """The casting odds' integer counts as fractions: success, irresistible, plain and fail."""
    return {
        "success": Fraction(odds.cast, odds.rolls),
        "irresistible": Fraction(odds.forced, odds.rolls),
        "plain": Fraction(odds.cast - odds.forced, odds.rolls),
        "fail": Fraction(odds.rolls - odds.cast, odds.rolls),
    }
