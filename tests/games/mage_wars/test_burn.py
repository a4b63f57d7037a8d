"""Burn upkeep: one attack die per token, face value is direct damage, blanks remove tokens."""

from __future__ import annotations

import random

import pytest

from bot.dice.errors import OutOfRange
from bot.dice.faces import ATTACK_FACES
from bot.games.mage_wars.dice import roll_burn


def test_burn_counts_faces_and_tokens() -> None:
    for seed in range(50):
        result = roll_burn(5, random.Random(seed))
        assert len(result.rolls) == 5
        assert result.damage == sum(f.value for f in result.rolls)
        assert result.tokens_left == sum(1 for f in result.rolls if f.value > 0)


def test_burn_ignores_armor_and_counts_criticals_as_damage() -> None:
    # Seeded so that all faces appear over many rolls; criticals count their value too.
    seen = set()
    for seed in range(200):
        for face in roll_burn(3, random.Random(seed)).rolls:
            seen.add(face)
    assert seen == set(ATTACK_FACES)


def test_burn_zero_tokens_and_limits() -> None:
    assert roll_burn(0, random.Random(1)).damage == 0
    with pytest.raises(OutOfRange):
        roll_burn(-1, random.Random(1))
