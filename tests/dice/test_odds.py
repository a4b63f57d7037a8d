"""Exact odds: hand-computed cases and brute-force enumeration of small attacks."""

from __future__ import annotations

import itertools

import pytest

from bot.dice.chart import chart, distribution_chart, distribution_rows, percent
from bot.dice.faces import ATTACK_FACES
from bot.dice.odds import (
    attack_odds,
    berserk_odds,
    burn_odds,
    cast_odds,
    dispel_odds,
    winds_odds,
)
from bot.dice.replies import whf_odds_reply
from bot.games.berserk.dice import BerserkStrike, parse_values
from bot.games.mage_wars.dice import MWAttack, face_damage, parse_effect_table
from bot.games.whfb.dice import cast_succeeds
from bot.registry import UserError


def test_one_die_against_no_armor_has_mean_one() -> None:
    assert attack_odds(MWAttack(1)).mean == pytest.approx(1.0)


def test_four_dice_against_armor_one_has_mean_3_20() -> None:
    assert round(attack_odds(MWAttack(4, armor=1)).mean, 2) == 3.20


def test_irresistible_force_with_three_dice() -> None:
    # P(two or more sixes on 3d6) = (3 * 5 + 1) / 216 = 0.0741
    assert round(cast_odds(3, 1, 7).irresistible, 4) == 0.0741


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


def test_berserk_closed_mode() -> None:
    strike = BerserkStrike(parse_values("2-3-4"), kind="shot")
    odds = berserk_odds(strike)
    assert odds.attacker == pytest.approx(
        {"miss": 0, "weak": 3 / 6, "medium": 2 / 6, "strong": 1 / 6}
    )
    assert odds.mean_wounds == pytest.approx((3 * 2 + 2 * 3 + 4) / 6)
    blessed = berserk_odds(BerserkStrike(parse_values("2-3-4"), kind="shot", blessing=True))
    assert blessed.attacker["strong"] == pytest.approx(2 / 6)


def test_clumsiness_only_on_simple_strikes() -> None:
    values = parse_values("1-2-3")
    assert BerserkStrike(values, kind="shot", clumsiness=2).attacker_mod == 0
    assert BerserkStrike(values, kind="simple", clumsiness=2).attacker_mod == -2


def test_berserk_fight_mode_by_hand() -> None:
    odds = berserk_odds(BerserkStrike(parse_values("2-3-4"), defender_values=parse_values("1")))
    # difference >= 5: only 6 vs 1, attacker strong (1/36); +4: 2 cases strong + defender weak.
    assert odds.attacker["strong"] == pytest.approx(3 / 36)
    # 0 with both rolls >= 5 (5:5, 6:6) is a defender's weak strike and no attacker strike.
    assert sum(odds.attacker.values()) == pytest.approx(1)
    assert odds.defender_wounds is not None and odds.defender_wounds > 0


def test_whf_cast_and_dispel() -> None:
    # One die never casts a value above 6 + level, and a natural 1 or 2 always fails.
    assert cast_odds(1, 4, 5).success == pytest.approx(4 / 6)
    assert cast_odds(1, 1, 8).success == 0
    assert cast_odds(2, 0, 13).success == pytest.approx(1 / 36)  # only double six (Irresistible)
    assert dispel_odds(1, 0, 3) == pytest.approx(4 / 6)


@pytest.mark.parametrize("dice", range(1, 7))
@pytest.mark.parametrize("level", [1, 4])
@pytest.mark.parametrize("value", [1, 5, 9, 13])
def test_whf_cast_odds_are_exact(dice: int, level: int, value: int) -> None:
    """QA: 6 dice at level 4 against 1 gave success 0.9999999999999999 and «Провал: <0.1%»."""
    odds = cast_odds(dice, level, value)
    rolls = list(itertools.product(range(1, 7), repeat=dice))
    cast = sum(cast_succeeds(sum(r), r.count(6), level, value) for r in rolls)
    forced = sum(r.count(6) >= 2 for r in rolls)
    assert (odds.cast, odds.forced, odds.rolls) == (cast, forced, len(rolls))
    assert odds.success == cast / len(rolls) and odds.fail == (len(rolls) - cast) / len(rolls)
    assert odds.plain == (cast - forced) / len(rolls)


def test_certain_cast_reads_100_and_failure_0() -> None:
    odds = cast_odds(6, 4, 1)
    assert odds.success == 1.0 and odds.fail == 0.0
    reply = whf_odds_reply(lambda key, **kw: f"{key}{sorted(kw.items())}", 6, 4, 1, odds)
    assert "('success', '100%')" in reply.body and "('fail', '0%')" in reply.body


@pytest.mark.parametrize(
    ("p", "shown"),
    [
        (1.0, "100%"),
        (0.0, "0%"),
        (0.9999999999999999, ">99.9%"),
        (0.9995, ">99.9%"),
        (0.999, "99.9%"),
        (0.0004, "<0.1%"),
        (0.5, "50.0%"),
    ],
)
def test_percent_says_100_only_when_certain(p: float, shown: str) -> None:
    assert percent(p) == shown
    assert percent(p, "ru") == shown.replace(".", ",").replace("%", "\u00a0%")


@pytest.mark.parametrize(
    "attack", [MWAttack(1), MWAttack(20, armor=5, daze=True), MWAttack(40, strikes=3)]
)
@pytest.mark.parametrize("lang", ["ru", "en"])
def test_charts_fit_a_phone(attack: MWAttack, lang: str) -> None:
    """QA: odds charts were 45 columns wide and wrapped on phones; now <= 32."""
    lines = distribution_chart(attack_odds(attack).distribution, lang).strip("`\n").splitlines()
    assert lines and max(len(line) for line in lines) <= 32
    rows = [("неодолимая", 0.028), ("провал", 0.0833), ("сотворено", 0.889)]
    assert max(len(line) for line in chart(rows, lang).strip("`\n").splitlines()) <= 32


def test_winds_pools_are_capped() -> None:
    power, dispel = winds_odds(5, 5)
    assert sum(power) == pytest.approx(1) and sum(dispel) == pytest.approx(1)
    assert len(power) == 13 and power[12] > 1 / 36
    assert dispel[0] == 0 and power[1] == 0


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


def test_defender_blessing_and_clumsiness_count_in_the_odds() -> None:
    def odds(mod: int = 0, blessing: bool = False, clumsiness: int = 0) -> object:
        return berserk_odds(
            BerserkStrike(
                parse_values("2-3-4"),
                defender_values=parse_values("1"),
                defender_mod=mod,
                defender_blessing=blessing,
                defender_clumsiness=clumsiness,
            )
        )

    # Blessing (+1) and Clumsiness 1 (−1) on the defender are a plain ±1 to its roll.
    assert odds(blessing=True) == odds(mod=1)
    assert odds(clumsiness=1) == odds(mod=-1)
    assert odds(blessing=True) != odds()


def test_defender_clumsiness_is_range_checked() -> None:
    with pytest.raises(UserError):
        BerserkStrike(parse_values("2"), defender_clumsiness=7).checked()


@pytest.mark.parametrize(
    "attack",
    [
        MWAttack(40, strikes=3),  # QA 13: «≤94 … 0.2%» next to «≥91: 100%»
        MWAttack(40, strikes=3, armor=20),  # QA 13: «≤43 … ≥40: 100%»
        MWAttack(1),
        MWAttack(4, armor=1),
        MWAttack(6, defense=7, strikes=2),
        MWAttack(20, armor=5, daze=True),
    ],
)
def test_chart_rows_agree_with_their_labels_and_at_least_column(attack: MWAttack) -> None:
    """Every row's label names exactly the damage it sums, and its `≥k` is the mass from k up."""
    dist = attack_odds(attack).distribution
    rows = distribution_rows(dist)
    assert sum(p for _, _, p in rows) == pytest.approx(1.0)
    lines = distribution_chart(dist).strip("`\n").splitlines()
    assert len(lines) == len(rows)
    last = len(dist) - 1
    for i, ((lo, hi, p), line) in enumerate(zip(rows, lines, strict=True)):
        label, rest = (part.strip() for part in line.split("│", 1))
        first, final = i == 0, i == len(rows) - 1
        covered = range(0 if first else lo, (last if final else hi) + 1)
        assert p == pytest.approx(sum(dist[d] for d in covered))
        if first and lo > 0:
            assert label == f"≤{hi}"
        elif final and hi < last:
            assert label == f"{lo}+"
        else:
            assert label == (str(lo) if lo == hi else f"{lo}-{hi}")
        if first:
            assert "≥" not in rest  # everything: 100%, no column
            continue
        at_least = sum(q for _, _, q in rows[i:])
        assert at_least == pytest.approx(sum(dist[lo:]))
        assert rest.endswith(f"≥{percent(at_least)}")
        # the rows above and this row's `≥k` add up to everything
        assert 1 - sum(q for _, _, q in rows[:i]) == pytest.approx(at_least)


@pytest.mark.parametrize("text", ["13+", "9-14 Burn", "5-8 Burn; 13+ 2 Burn"])
def test_effect_rows_beyond_the_d12_are_refused(text: str) -> None:
    """QA: `effect:13+` was accepted though no d12 roll could reach it. Card tables lie in 1–12
    (bonus and Tough move the roll), so such a row is a typo and refused, naming it."""
    with pytest.raises(UserError) as err:
        parse_effect_table(text)
    assert err.value.key == "dice.mw.effect_row_range"
    assert err.value.params["max"] == 12 and "1" in str(err.value.params["row"])


def test_effect_rows_up_to_12_still_read() -> None:
    rows = parse_effect_table("1-3 a; 4-11 b; 12+ c")
    assert [(r.lo, r.hi) for r in rows] == [(1, 3), (4, 11), (12, None)]
