"""`/odds dispel` and `/odds winds` against hand counts and an independent enumeration."""

from __future__ import annotations

import itertools

import pytest

from bot.console import Console
from bot.games.whfb.odds import dispel_odds, winds_odds
from tests.games.seeds import seed_line


def test_dispel_odds_by_enumeration() -> None:
    seed_line("002", 61, "максимальному значению")
    for dice, level, against in ((1, 0, 3), (2, 1, 7), (3, 4, 12)):
        wins = sum(
            1
            for roll in itertools.product(range(1, 7), repeat=dice)
            if sum(roll) > 2 and roll.count(1) < 2 and sum(roll) + level >= against  # WF-5
        )
        assert dispel_odds(dice, level, against) == pytest.approx(wins / 6**dice)


def test_winds_by_hand() -> None:
    power, dispel = winds_odds(0, 0)
    assert power[7] == pytest.approx(6 / 36) and power[2] == pytest.approx(1 / 36)
    assert dispel[6] == pytest.approx(11 / 36) and dispel[1] == pytest.approx(1 / 36)


async def test_commands(console: Console) -> None:
    out = await console.execute("/odds dispel dice:2 level:0 against:7")
    assert "Шанс рассеять" in out and "Без мага" in out
    out = await console.execute("/odds winds wizards:2 enemy_wizards:1")
    assert "Пул силы" in out and "Пул рассеивания" in out
    console.lang = "en"
    out = await console.execute("/odds winds")
    assert "Power pool" in out
