"""Exact Mage Wars odds: hand-computed cases and brute-force enumeration of small attacks."""

from __future__ import annotations

import itertools

import pytest

from bot.dice.errors import DiceError
from bot.dice.faces import ATTACK_FACES
from bot.games.mage_wars.dice import MWAttack, face_damage, parse_effect_table
from bot.games.mage_wars.odds import attack_odds, burn_odds
from bot.handlers.dice_errors import user_error


def test_one_die_against_no_armor_has_mean_one() -> None:
    assert attack_odds(MWAttack(1)).mean == pytest.approx(1.0)


def test_four_dice_against_armor_one_has_mean_3_20() -> None:
    assert round(attack_odds(MWAttack(4, armor=1)).mean, 2) == 3.20


def test_defense_and_daze_scale_the_zero_bucket() -> None:
    plain = attack_odds(MWAttack(3)).distribution
    avoid = attack_odds(MWAttack(3, defense=7)).distribution  # 6/12 avoid
    assert avoid[0] == pytest.approx(0.5 + 0.5 * plain[0])
    dazed = attack_odds(MWAttack(3, daze=True)).distribution  # 7+ on d12 goes on
    assert dazed[0] == pytest.approx(0.5 + 0.5 * plain[0])
    # Daze tokens and Restrained lower the defense roll by 2 each: 7+ becomes 11+ here.
    hard = attack_odds(MWAttack(3, defense=7, target_daze=1, restrained=True))
    assert hard.avoid == pytest.approx(2 / 12)
    assert attack_odds(MWAttack(3, defense=7, unavoidable=True)).avoid == 0


def test_every_distribution_sums_to_one_and_kill_is_a_tail() -> None:
    odds = attack_odds(MWAttack(5, armor=2, strikes=3, defense=9, daze=True))
    assert sum(odds.distribution) == pytest.approx(1.0, abs=1e-9)
    assert odds.kill(6) == pytest.approx(sum(odds.distribution[6:]))
    assert odds.kill(None) is None


def _brute_strike(attack: MWAttack) -> dict[int, float]:
    n = attack.attack_dice
    out: dict[int, float] = {}
    for faces in itertools.product(ATTACK_FACES, repeat=n):
        normal = critical = 0
        for face in faces:
            a, b = face_damage(face, attack)
            normal += a
            critical += b
        dmg = max(0, normal - attack.effective_armor) + critical
        out[dmg] = out.get(dmg, 0.0) + 6.0**-n
    return out


@pytest.mark.parametrize("dice", [1, 2, 4])
@pytest.mark.parametrize("armor", [0, 1, 3, 9])
@pytest.mark.parametrize(
    ("incorporeal", "ethereal", "resilient"),
    [(False, False, False), (True, False, False), (True, True, False), (False, False, True)],
)
def test_strike_matches_enumeration(
    dice: int, armor: int, incorporeal: bool, ethereal: bool, resilient: bool
) -> None:
    attack = MWAttack(
        dice, armor=armor, incorporeal=incorporeal, ethereal=ethereal, resilient=resilient
    )
    exact = attack_odds(attack).distribution
    brute = _brute_strike(attack)
    for dmg in set(brute) | set(range(len(exact))):
        got = exact[dmg] if dmg < len(exact) else 0.0
        assert got == pytest.approx(brute.get(dmg, 0.0), abs=1e-12)


def test_step_one_dice_count() -> None:
    assert MWAttack(4, bonus=2, weak=1, aegis=2).attack_dice == 3
    assert MWAttack(2, weak=5).attack_dice == 1
    assert MWAttack(2, weak=1, spell=True).attack_dice == 2  # Weak ignores spells
    assert MWAttack(5, armor=4, corrode=1, piercing=1).effective_armor == 2
    assert MWAttack(5, armor=4, incorporeal=True).effective_armor == 0


def test_burn_odds() -> None:
    assert burn_odds(2) == pytest.approx([1 / 9, 2 / 9, 3 / 9, 2 / 9, 1 / 9])


def _joint_dp(attack: MWAttack) -> dict[int, float]:
    """An independent check: the full joint law of (normal, critical) die by die."""
    joint = {(0, 0): 1.0}
    for _ in range(attack.attack_dice):
        nxt: dict[tuple[int, int], float] = {}
        for (normal, critical), p in joint.items():
            for face in ATTACK_FACES:
                a, b = face_damage(face, attack)
                key = (normal + a, critical + b)
                nxt[key] = nxt.get(key, 0.0) + p / 6
        joint = nxt
    out: dict[int, float] = {}
    for (normal, critical), p in joint.items():
        dmg = max(0, normal - attack.effective_armor) + critical
        out[dmg] = out.get(dmg, 0.0) + p
    return out


@pytest.mark.parametrize("armor", [0, 2, 5, 11, 20])
@pytest.mark.parametrize(
    ("incorporeal", "resilient"), [(False, False), (True, False), (False, True)]
)
def test_larger_strikes_match_a_joint_dp(armor: int, incorporeal: bool, resilient: bool) -> None:
    attack = MWAttack(11, armor=armor, incorporeal=incorporeal, resilient=resilient)
    exact = attack_odds(attack).distribution
    dp = _joint_dp(attack)
    for dmg in set(dp) | set(range(len(exact))):
        got = exact[dmg] if dmg < len(exact) else 0.0
        assert got == pytest.approx(dp.get(dmg, 0.0), abs=1e-12)


@pytest.mark.parametrize("text", ["13+", "9-14 Burn", "5-8 Burn; 13+ 2 Burn"])
def test_effect_rows_beyond_the_d12_are_refused(text: str) -> None:
    """QA: `effect:13+` was accepted though no d12 roll could reach it. Card tables lie in 1–12
    (bonus and Tough move the roll), so such a row is a typo and refused, naming it."""
    with pytest.raises(DiceError) as raised:
        parse_effect_table(text)
    err = user_error(raised.value)  # the message the handlers show
    assert err.key == "dice.mw.effect_row_range"
    assert err.params["max"] == 12 and "1" in str(err.params["row"])


def test_effect_rows_up_to_12_still_read() -> None:
    rows = parse_effect_table("1-3 a; 4-11 b; 12+ c")
    assert [(r.lo, r.hi) for r in rows] == [(1, 3), (4, 11), (12, None)]
