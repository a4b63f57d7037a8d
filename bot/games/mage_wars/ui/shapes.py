"""Mage Wars' `--json` shapes (`roll mw …`, `odds mw`), with their exact fractions; docs/cli.md.

The conventions are those of `bot/cli/shapes.py`. Keys are contracts: extend, never rename.
"""

from __future__ import annotations

from fractions import Fraction

from bot.cli.exact import convolve, text, twelfths
from bot.cli.shapes import Json, attack_die
from bot.games.mage_wars.dice import AttackResult, BurnResult, D12Roll, MWAttack
from bot.games.mage_wars.odds import (
    AttackOdds,
    _faces,
    _strike_counts,
    avoid_chance,
    daze_miss_chance,
    effect_chance,
)


def _d12(roll: D12Roll | None) -> Json | None:
    if roll is None:
        return None
    out: Json = {"roll": roll.natural, "modified": roll.modified, "ok": roll.success}
    if roll.row is not None:
        out["row"] = roll.row.text()
    return out


def mw_attack(result: AttackResult) -> Json:
    """`roll mw attack`: every strike with its dice; `dice` is the attack dice per strike."""
    return {
        "dice": result.dice,
        "daze": _d12(result.daze),
        "strikes": [
            {
                "faces": [f.label() for f in s.faces],
                "rolls": [attack_die(f) for f in s.faces],
                "dice": result.attack.dice_for(s.number),  # this strike's attack dice
                "normal": s.normal,
                "critical": s.critical,
                "armor": s.armor,
                "damage": s.damage,
                "missed_daze": s.missed_daze,
                "defense": _d12(s.defense),
                "avoided": s.avoided,
                "effect": _d12(s.effect),
                "effect_blocked": s.effect_blocked,
            }
            for s in result.strikes
        ],
        "total": result.total,
    }


def mw_effect(roll: D12Roll, bonus: int) -> Json:
    return {
        "roll": roll.natural,
        "bonus": bonus,
        "modified": roll.modified,
        "rolls": [roll.natural],
    }


def mw_burn(result: BurnResult) -> Json:
    return {
        "faces": [f.label() for f in result.rolls],
        "rolls": [attack_die(f) for f in result.rolls],
        "dice": len(result.rolls),
        "damage": result.damage,
        "tokens_left": result.tokens_left,
    }


def mw_escape(roll: D12Roll) -> Json:
    return {"roll": roll.natural, "escaped": roll.success, "rolls": [roll.natural]}


def mw_push(roll: int, direction: str) -> Json:
    return {"roll": roll, "direction": direction, "rolls": [roll]}


def odds_mw(attack: MWAttack, odds: AttackOdds, life: int | None) -> Json:
    """`odds mw`: the total-damage law; `exact` holds the same figures as fractions."""
    exact = AttackExact(attack)
    kill = None if life is None else exact.at_least(life)
    return {
        "mean": odds.mean,
        "distribution": {str(d): p for d, p in enumerate(odds.distribution)},
        "kill": odds.kill(life),
        "avoid": odds.avoid,
        "daze_miss": odds.daze_miss,
        "effect": odds.effect,
        "exact": {
            "mean": text(exact.mean),
            "distribution": {str(d): text(p) for d, p in enumerate(exact.distribution)},
            "kill": text(kill),
            "avoid": text(exact.avoid),
            "daze_miss": text(exact.daze_miss),
            "effect": text(exact.effect),
        },
    }


# ── exact odds ──


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
                power = convolve(power, one_later)
            if weight:
                scale = 6 ** (later * j)
                add(power, scale, weight * (1 - lands))
                add(convolve(power, one_first), scale * 6**first, weight * lands)
        top = max((d for d, p in totals.items() if p), default=0)
        self.distribution = [totals.get(d, Fraction(0)) for d in range(top + 1)]

    @property
    def mean(self) -> Fraction:
        return sum((d * p for d, p in enumerate(self.distribution)), Fraction(0))

    def at_least(self, k: int) -> Fraction:
        return sum(self.distribution[k:], Fraction(0)) if k > 0 else Fraction(1)
