"""Berserk rollers against their exact odds: 100,000 seeded rolls and a chi-square test.

This proves the roller and the calculator implement the same rules (`tests/helpers/chisq.py`).
"""

from __future__ import annotations

import random
from collections import Counter

import pytest

from bot.games.berserk.dice import BerserkStrike, parse_values, roll_strike
from bot.games.berserk.odds import berserk_joint, berserk_odds
from tests.helpers.chisq import assert_fits

N = 100_000


@pytest.mark.parametrize(
    "strike",
    [
        BerserkStrike(parse_values("1-2-3"), kind="shot", mod=-1),
        BerserkStrike(parse_values("2-3-4"), defender_values=parse_values("1-1-2"), mod=1),
        BerserkStrike(
            parse_values("2-3-4"), defender_blessing=True, defender_clumsiness=2, clumsiness=1
        ),
    ],
    ids=["closed", "fight", "fight-defender-mods"],
)
def test_berserk(strike: BerserkStrike) -> None:
    rng = random.Random(11)
    observed: Counter[tuple[str, str]] = Counter()
    for _ in range(N):
        r = roll_strike(strike, rng)
        observed[(r.attacker_kind, r.defender_kind)] += 1
    # The exact joint law of both kinds, by enumerating the same d6 pairs.
    from bot.games.berserk.dice import closed_kind, fight_outcome

    joint: Counter[tuple[str, str]] = Counter()
    if strike.fight:
        for a in range(1, 7):
            for d in range(1, 7):
                joint[fight_outcome(a + strike.attacker_mod, d + strike.defender_total_mod)] += 1
        expected = {k: v / 36 for k, v in joint.items()}
    else:
        for a in range(1, 7):
            joint[(closed_kind(a + strike.attacker_mod), "miss")] += 1
        expected = {k: v / 6 for k, v in joint.items()}
    # The marginals of that joint law are what /odds berserk reports.
    odds = berserk_odds(strike)
    for kind, p in odds.attacker.items():
        assert sum(v for (a, _), v in expected.items() if a == kind) == pytest.approx(p)
    for kind, p in odds.defender.items():
        assert sum(v for (_, d), v in expected.items() if d == kind) == pytest.approx(p)
    assert berserk_joint(strike) == pytest.approx(expected)
    assert_fits(observed, expected, N)
