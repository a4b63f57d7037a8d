"""Exact Warhammer Fantasy magic odds: casting, dispelling and the Winds of Magic pools."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from bot.dice.odds import Dist, binomial, cached_table
from bot.dice.ranges import check_range
from bot.games.whfb.dice import (
    DOUBLE_ONES,
    IRRESISTIBLE_SIXES,
    MAX_POOL,
    MAX_WIZARDS,
    cast_succeeds,
    check_magic,
    dispel_succeeds,
)


@cached_table
@cache
def _sum_and_sixes(dice: int) -> dict[tuple[int, int, int], int]:
    """How many of the 6**dice rolls give each (natural total, sixes capped at
    IRRESISTIBLE_SIXES, ones capped at DOUBLE_ONES): integer counts, so odds are exact."""
    states: dict[tuple[int, int, int], int] = {(0, 0, 0): 1}
    for _ in range(dice):
        nxt: dict[tuple[int, int, int], int] = {}
        for (total, sixes, ones), n in states.items():
            for face in range(1, 7):
                key = (
                    total + face,
                    min(IRRESISTIBLE_SIXES, sixes + (face == 6)),
                    min(DOUBLE_ONES, ones + (face == 1)),
                )
                nxt[key] = nxt.get(key, 0) + n
        states = nxt
    return states


@dataclass(frozen=True)
class CastOdds:
    """Exact odds of a cast, kept as counts of the `rolls` = 6**dice equally likely rolls and
    turned into floats only when read: a certain cast is exactly 1.0, and complementary
    figures (cast / failed, plain cast / Irresistible Force) agree to the last digit."""

    cast: int  # rolls that cast the spell, Irresistible Force included
    forced: int  # rolls with Irresistible Force
    rolls: int

    @property
    def success(self) -> float:
        return self.cast / self.rolls

    @property
    def irresistible(self) -> float:
        return self.forced / self.rolls

    @property
    def plain(self) -> float:
        """Cast without Irresistible Force."""
        return (self.cast - self.forced) / self.rolls

    @property
    def fail(self) -> float:
        return (self.rolls - self.cast) / self.rolls


def cast_odds(dice: int, level: int, value: int) -> CastOdds:
    """P(the spell is cast, Irresistible Force included), P(Irresistible Force), P(failure).

    `OutOfRange` (a clear message) for an input outside what the commands offer."""
    check_magic(dice, level, "value", value)
    success = irresistible = 0
    for (total, sixes, ones), n in _sum_and_sixes(dice).items():
        if sixes >= IRRESISTIBLE_SIXES:
            irresistible += n
        if cast_succeeds(total, sixes, level, value, ones):
            success += n
    rolls: int = 6**dice
    return CastOdds(success, irresistible, rolls)


def dispel_odds(dice: int, level: int, against: int) -> float:
    """P(a dispel of `dice` dice at `level` reaches `against`), exact over 6**dice rolls."""
    hits = sum(
        n
        for (total, _, ones), n in _sum_and_sixes(dice).items()
        if dispel_succeeds(total, level, against, ones)
    )
    rolls: int = 6**dice
    return hits / rolls


def winds_odds(wizards: int, enemy_wizards: int) -> tuple[Dist, Dist]:
    """The exact power-pool and dispel-pool distributions (index = dice in the pool)."""
    check_range("wizards", wizards, 0, MAX_WIZARDS)
    check_range("enemy_wizards", enemy_wizards, 0, MAX_WIZARDS)
    power = [0.0] * (MAX_POOL + 1)
    dispel = [0.0] * (MAX_POOL + 1)
    own = binomial(wizards, 1 / 6)
    enemy = binomial(enemy_wizards, 1 / 6)
    for a in range(1, 7):
        for b in range(1, 7):
            for extra, p in enumerate(own):
                power[min(MAX_POOL, a + b + extra)] += p / 36
            for extra, p in enumerate(enemy):
                dispel[min(MAX_POOL, max(a, b) + extra)] += p / 36
    return power, dispel
