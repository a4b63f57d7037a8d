"""Hypothesis, Mage Wars: no attack in range raises, and damage is never negative."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from bot.games.mage_wars.dice import ATTACK_LIMITS, MWAttack, parse_effect_table, resolve_attack
from bot.games.mage_wars.odds import attack_odds


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
