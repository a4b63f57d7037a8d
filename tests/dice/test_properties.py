"""Hypothesis: no option combination in range raises, and damage is never negative."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from bot.dice.odds import attack_odds, berserk_odds, cast_odds
from bot.games.berserk.dice import MODES, STRIKE_KINDS, BerserkStrike, Values, roll_strike
from bot.games.mage_wars.dice import ATTACK_LIMITS, MWAttack, parse_effect_table, resolve_attack
from bot.games.whfb.dice import roll_cast, roll_dispel, roll_winds


def _int(name: str) -> st.SearchStrategy[int]:
    lo, hi = ATTACK_LIMITS[name]
    return st.integers(lo, hi)


attacks = st.builds(
    MWAttack,
    dice=_int("dice"),
    bonus=_int("bonus"),
    extra=_int("extra"),
    weak=_int("weak"),
    spell=st.booleans(),
    aegis=_int("aegis"),
    armor=_int("armor"),
    piercing=_int("piercing"),
    corrode=_int("corrode"),
    defense=_int("defense"),
    unavoidable=st.booleans(),
    target_daze=_int("target_daze"),
    restrained=st.booleans(),
    daze=st.booleans(),
    resilient=st.booleans(),
    incorporeal=st.booleans(),
    ethereal=st.booleans(),
    strikes=_int("strikes"),
    effect=st.sampled_from(["", "7+", "5-8 Burn; 9+ 2 Burn", "1-3 a; 4-6 b; 7+ c"]).map(
        lambda t: parse_effect_table(t) if t else ()
    ),
    effect_bonus=_int("effect_bonus"),
    tough=_int("tough"),
)


@settings(max_examples=150, deadline=None)
@given(attack=attacks, seed=st.integers(0, 2**32))
def test_attack_never_raises_and_damage_is_never_negative(attack: MWAttack, seed: int) -> None:
    result = resolve_attack(attack, random.Random(seed))
    assert len(result.strikes) == attack.strikes
    for strike in result.strikes:
        assert strike.damage >= 0
        assert len(strike.faces) in (0, attack.dice_for(strike.number))
    assert result.total >= 0
    odds = attack_odds(attack)
    assert abs(sum(odds.distribution) - 1) < 1e-9
    assert all(p >= 0 for p in odds.distribution)
    assert result.total < len(odds.distribution) and odds.distribution[result.total] > 0


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
