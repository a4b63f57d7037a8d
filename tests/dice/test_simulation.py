"""Each roller against its exact odds: 100,000 seeded rolls and a chi-square test (see chisq.py).

This proves the roller and the calculator implement the same rules.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from itertools import islice

import pytest

from bot.games.berserk.dice import BerserkStrike, parse_values, roll_strike
from bot.games.berserk.odds import berserk_joint, berserk_odds
from bot.games.mage_wars.dice import (
    MWAttack,
    attack_totals,
    bulk_draws,
    parse_effect_table,
    resolve_attack,
    roll_burn,
)
from bot.games.mage_wars.odds import attack_odds, burn_odds
from bot.games.whfb.dice import roll_cast, roll_dispel, roll_winds
from bot.games.whfb.odds import cast_odds, dispel_odds, winds_odds
from tests.dice.chisq import assert_fits, critical_value

N = 100_000


def test_critical_value_matches_tables() -> None:
    # Published upper 0.1 % points: df=5 20.52, df=10 29.59, df=30 59.70.
    assert critical_value(5) == pytest.approx(20.52, rel=0.02)
    assert critical_value(10) == pytest.approx(29.59, rel=0.02)
    assert critical_value(30) == pytest.approx(59.70, rel=0.02)


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
