"""Melee +X, Bloodthirsty +X and Charge +X add dice to the first strike only.

Seed 000 line 182 (Melee +X): «Если при атаке проводится несколько атак, то бонус получает только
первая»; line 23 (Bloodthirsty +X): «работает только на первую»; line 37 (Charge +X): «на следующую
атаку ближнего боя».
"""

from __future__ import annotations

import itertools
import random
from collections import Counter

import pytest

from bot.dice.faces import ATTACK_FACES
from bot.games.mage_wars.dice import DAZE_HIT, MWAttack, attack_totals, resolve_attack
from bot.games.mage_wars.odds import attack_odds
from tests.games.seeds import seed_line
from tests.helpers.chisq import assert_fits


def test_seed_lines() -> None:
    seed_line("000", 182, "бонус получает только первая")
    seed_line("000", 23, "работает только на первую")
    seed_line("000", 37, "на следующую атаку")


def test_issue_case_mean_is_5_243() -> None:
    # 3 dice, Doublestrike, +2 first-strike dice, armor 2: 5 dice then 3 dice (was 6.856).
    odds = attack_odds(MWAttack(3, strikes=2, bonus=2, armor=2))
    assert odds.mean == pytest.approx(5.243, abs=5e-4)
    every = attack_odds(MWAttack(3, strikes=2, extra=2, armor=2))  # the old reading, own option
    assert every.mean == pytest.approx(6.856, abs=5e-4)


def test_roller_gives_the_bonus_to_the_first_strike_only() -> None:
    rng = random.Random(5)
    attack = MWAttack(3, strikes=3, bonus=2, extra=1, weak=1)
    assert (attack.attack_dice, attack.later_dice) == (5, 3)
    for _ in range(50):
        result = resolve_attack(attack, rng)
        assert [len(s.faces) for s in result.strikes] == [5, 3, 3]


def _one_strike(dice: int, armor: int) -> dict[int, float]:
    """Every roll of `dice` attack dice, by hand: max(0, normal − armor) + critical."""
    out: Counter[int] = Counter()
    for faces in itertools.product(ATTACK_FACES, repeat=dice):
        normal = sum(f.value for f in faces if not f.critical)
        critical = sum(f.value for f in faces if f.critical)
        out[max(0, normal - armor) + critical] += 1
    return {k: v / 6**dice for k, v in out.items()}


def _convolve_sum(a: dict[int, float], b: dict[int, float]) -> dict[int, float]:
    out: dict[int, float] = {}
    for x, px in a.items():
        for y, py in b.items():
            out[x + y] = out.get(x + y, 0.0) + px * py
    return out


@pytest.mark.parametrize(
    "attack",
    [
        MWAttack(1, strikes=2, bonus=2, armor=1),
        MWAttack(2, strikes=2, bonus=1, armor=2, daze=True, defense=9),
        MWAttack(1, strikes=3, bonus=1, extra=1, armor=1, defense=10, target_daze=1),
    ],
)
def test_odds_equal_an_independent_enumeration(attack: MWAttack) -> None:
    exact = attack_odds(attack).distribution
    brute = _enumerate_strikes(attack)
    for k in set(brute) | set(range(len(exact))):
        assert (exact[k] if k < len(exact) else 0.0) == pytest.approx(brute.get(k, 0.0), abs=1e-12)


def _enumerate_strikes(attack: MWAttack) -> dict[int, float]:
    """Every Daze and defense d12 (each pattern of landed strikes), each strike's dice apart."""
    d12 = range(1, 13)
    dazes = list(d12) if attack.daze else [DAZE_HIT]
    defenses = list(itertools.product(d12, repeat=attack.strikes)) if attack.defense else [()]
    total: dict[int, float] = {}
    laws = {n: _one_strike(attack.dice_for(n), attack.effective_armor) for n in (1, 2)}
    for daze in dazes:
        for defense in defenses:
            weight = 1 / (len(dazes) * len(defenses))
            dist = {0: 1.0}
            for n in range(1, attack.strikes + 1):
                if n == 1 and daze < DAZE_HIT:
                    continue
                if defense and defense[n - 1] - attack.defense_penalty >= attack.defense:
                    continue
                dist = _convolve_sum(dist, laws[1 if n == 1 else 2])
            for k, p in dist.items():
                total[k] = total.get(k, 0.0) + weight * p
    return dict(total)


def test_roller_fits_the_exact_odds() -> None:
    attack = MWAttack(3, strikes=2, bonus=2, armor=2, defense=9, daze=True)
    n = 100_000
    observed = attack_totals(attack, random.Random(909), n)
    assert_fits(observed, dict(enumerate(attack_odds(attack).distribution)), n)


@pytest.mark.parametrize(
    "attack",
    [
        MWAttack(3, strikes=2, bonus=2, armor=2),
        MWAttack(1, strikes=3, bonus=1, extra=1, armor=1, defense=10, target_daze=1),
        MWAttack(2, strikes=2, bonus=1, armor=2, daze=True, defense=9),
    ],
)
def test_cli_exact_fractions_follow_the_first_strike_bonus(attack: MWAttack) -> None:
    from bot.games.mage_wars.ui.shapes import AttackExact

    exact = AttackExact(attack)
    brute = _enumerate_strikes(attack)
    for k, p in enumerate(exact.distribution):
        assert float(p) == pytest.approx(brute.get(k, 0.0), abs=1e-12)
    assert sum(exact.distribution) == 1
