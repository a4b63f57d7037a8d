"""Hypothesis, Warhammer Fantasy magic: no cast, dispel or winds roll in range raises."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from bot.games.whfb.dice import roll_cast, roll_dispel, roll_winds
from bot.games.whfb.odds import cast_odds


@settings(max_examples=100, deadline=None)
@given(
    dice=st.integers(1, 6),
    level=st.integers(0, 4),
    value=st.integers(1, 60),
    wizards=st.integers(0, 20),
    enemy=st.integers(0, 20),
    seed=st.integers(0, 2**32),
)
def test_whf_in_range_never_raises(
    dice: int, level: int, value: int, wizards: int, enemy: int, seed: int
) -> None:
    rng = random.Random(seed)
    cast = roll_cast(dice, level, value, rng)
    assert cast.success or not cast.irresistible
    assert (len(cast.miscast) == 2) == cast.irresistible
    roll_dispel(dice, level, value, rng)
    winds = roll_winds(wizards, enemy, rng)
    assert 2 <= winds.power <= 12 and 1 <= winds.dispel <= 12
    odds = cast_odds(dice, level, value)
    assert 0 <= odds.irresistible <= odds.success <= 1
