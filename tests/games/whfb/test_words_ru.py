"""Playtest 4 slips 7, 18, 19, 20: WFB magic replies in the rulebook's words (seed 002)."""

from __future__ import annotations

from typing import Any

from bot.games.whfb.dice import WindsResult
from bot.games.whfb.ui.view import dispel_odds_reply, winds_reply
from bot.i18n import t


def _ru(key: str, **p: Any) -> str:
    return t(key, "ru", **p)


def _winds(power_lost: int, dispel_lost: int) -> WindsResult:
    return WindsResult([6, 6], [6, 6], [], 12, 6, power_lost, dispel_lost)


def test_the_cap_names_only_the_pool_that_lost_dice() -> None:
    # seed 002:53 «Размер пула кубиков силы не может превышать 12 … теряются»
    body = winds_reply(_ru, _winds(1, 0)).body
    assert "Лимит 12, лишние кубики теряются: 1 кубик силы." in body
    cap = body.split("Лимит")[1].split("\n")[0]  # the total line after it names both pools
    assert "(0)" not in body and "рассеивания" not in cap
    assert "больший кубик" in body and "кубы" not in body


def test_the_cap_counts_both_pools_in_plural() -> None:
    # seed 002:71 «Размер пула кубиков Рассеивания не может превышать 12»
    body = winds_reply(_ru, _winds(2, 5)).body
    assert "2 кубика силы и 5 кубиков рассеивания" in body


def test_the_dispel_odds_say_the_natural_fail_for_the_dice_given() -> None:
    one = dispel_odds_reply(_ru, 1, 1, 5, 0.5).body
    two = dispel_odds_reply(_ru, 2, 1, 10, 0.278).body
    three = dispel_odds_reply(_ru, 3, 1, 10, 0.741).body
    assert "На одном кубике 1 или 2" in one
    assert "Две единицы и больше — всегда провал" in two
    assert "Две единицы и больше — всегда провал" in three  # WF-5: 8th edition, any dice
    assert "1–2" not in one + two + three
