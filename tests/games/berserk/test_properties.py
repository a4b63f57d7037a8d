"""Hypothesis, Berserk: no strike in range raises."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from bot.games.berserk.dice import MODES, STRIKE_KINDS, BerserkStrike, Values, roll_strike
from bot.games.berserk.odds import berserk_odds

values = st.builds(Values, st.integers(0, 20), st.integers(0, 20), st.integers(0, 20))


@settings(max_examples=150, deadline=None)
@given(
    v=values,
    dv=st.none() | values,
    kind=st.sampled_from(STRIKE_KINDS),
    mode=st.sampled_from(MODES),
    mod=st.integers(-10, 10),
    dmod=st.integers(-10, 10),
    blessing=st.booleans(),
    clumsiness=st.integers(0, 6),
    seed=st.integers(0, 2**32),
)
def test_berserk_in_range_never_raises(
    v: Values,
    dv: Values | None,
    kind: str,
    mode: str,
    mod: int,
    dmod: int,
    blessing: bool,
    clumsiness: int,
    seed: int,
) -> None:
    if mode == "fight" and kind != "simple":
        mode = "closed"
    strike = BerserkStrike(v, kind, mode, mod, blessing, clumsiness, dv, dmod)
    result = roll_strike(strike, random.Random(seed))
    assert result.wounds >= 0
    odds = berserk_odds(strike)
    assert abs(sum(odds.attacker.values()) - 1) < 1e-9
    assert abs(sum(odds.defender.values()) - 1) < 1e-9
