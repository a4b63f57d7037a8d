"""Mage Wars rollers against their exact odds: 100,000 seeded rolls and a chi-square test.

This proves the roller and the calculator implement the same rules (`tests/helpers/chisq.py`).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from itertools import islice

import pytest

from bot.games.mage_wars.dice import (
    MWAttack,
    attack_totals,
    bulk_draws,
    parse_effect_table,
    resolve_attack,
    roll_burn,
)
from bot.games.mage_wars.odds import attack_odds, burn_odds
from tests.helpers.chisq import assert_fits

N = 100_000


@pytest.mark.parametrize(
    "attack",
    [
        MWAttack(3, armor=3, piercing=1, defense=8, target_daze=1, daze=True, strikes=2),
        MWAttack(2, bonus=1, incorporeal=True, strikes=3, defense=10, restrained=True),
    ],
    ids=["armor-defense-daze", "incorporeal-triple"],
)
def test_mage_wars_attack(attack: MWAttack) -> None:
    rng = random.Random(2026)
    observed = attack_totals(attack, rng, N)
    assert sum(observed.values()) == N
    exact = attack_odds(attack).distribution
    assert_fits(observed, dict(enumerate(exact)), N)


@pytest.mark.parametrize(
    "attack",
    [
        MWAttack(3, armor=3, piercing=1, defense=8, target_daze=1, daze=True, strikes=2),
        MWAttack(2, bonus=1, incorporeal=True, strikes=3, defense=10, restrained=True),
        MWAttack(5, armor=2, strikes=3, daze=True, effect=parse_effect_table("5-8 a; 9+ b")),
        MWAttack(4, incorporeal=True, effect=parse_effect_table("7+"), resilient=True),
    ],
)
def test_fast_totals_are_the_rollers_totals(attack: MWAttack) -> None:
    # `attack_totals` draws its dice in bulk; fed the very same dice one by one,
    # `resolve_attack` (the roller behind /mw attack) must total exactly the same.
    n = 3000
    replay = Replay(random.Random(9))
    slow = Counter(resolve_attack(attack, replay).total for _ in range(n))
    assert attack_totals(attack, random.Random(9), n) == slow


class Replay(random.Random):
    """Serves `bulk_draws` d12s and attack-die faces where the engines ask an RNG for them."""

    def __init__(self, source: random.Random) -> None:
        super().__init__(0)
        self._d12s = bulk_draws(source, range(1, 13))
        self._faces = bulk_draws(source, range(6))

    def randrange(self, start: int, stop: int | None = None, step: int = 1) -> int:
        assert (start, stop, step) == (12, None, 1)  # only the effect die is asked this way
        return next(self._d12s) - 1

    def choices(  # type: ignore[override]
        self,
        population: Sequence[int],
        weights: object = None,
        *,
        cum_weights: object = None,
        k: int = 1,
    ) -> list[int]:
        assert list(population) == list(range(6)) and weights is None and cum_weights is None
        return list(islice(self._faces, k))


def test_mage_wars_burn() -> None:
    rng = random.Random(7)
    observed = Counter(roll_burn(4, rng).damage for _ in range(N))
    assert_fits(observed, dict(enumerate(burn_odds(4))), N)
