"""Warhammer Fantasy magic rollers against their exact odds: seeded rolls and a chi-square test.

This proves the roller and the calculator implement the same rules (`tests/helpers/chisq.py`).
"""

from __future__ import annotations

import random
from collections import Counter

from bot.games.whfb.dice import roll_cast, roll_dispel, roll_winds
from bot.games.whfb.odds import cast_odds, dispel_odds, winds_odds
from tests.helpers.chisq import assert_fits

N = 100_000


def test_whf_cast() -> None:
    rng = random.Random(3)
    observed: Counter[str] = Counter()
    for _ in range(N):
        r = roll_cast(3, 2, 11, rng)
        observed["irresistible" if r.irresistible else "cast" if r.success else "fail"] += 1
    odds = cast_odds(3, 2, 11)
    expected = {
        "irresistible": odds.irresistible,
        "cast": odds.success - odds.irresistible,
        "fail": 1 - odds.success,
    }
    assert_fits(observed, expected, N)


def test_whf_dispel() -> None:
    rng = random.Random(4)
    observed = Counter(roll_dispel(2, 1, 9, rng).success for _ in range(N))
    p = dispel_odds(2, 1, 9)
    assert_fits(observed, {True: p, False: 1 - p}, N)


def test_whf_winds() -> None:
    rng = random.Random(5)
    power: Counter[int] = Counter()
    dispel: Counter[int] = Counter()
    for _ in range(N):
        r = roll_winds(3, 2, rng)
        power[r.power] += 1
        dispel[r.dispel] += 1
    exact_power, exact_dispel = winds_odds(3, 2)
    assert_fits(power, dict(enumerate(exact_power)), N)
    assert_fits(dispel, dict(enumerate(exact_dispel)), N)
