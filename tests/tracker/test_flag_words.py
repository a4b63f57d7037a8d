"""A yes/no mark in a change line reads in words, never «нет → да» (playtest 4, slips 2 and 23)."""

from __future__ import annotations

from bot.console import Console
from bot.handlers.tracker_describe import change_line
from bot.tracker.step import Change
from bot.tracker.templates import template


def test_flag_without_game_phrase_reads_in_words() -> None:
    tpl = template("mage-wars")
    on = change_line(tpl, Change("Волчица", "flying", 0, 1), "ru")
    off = change_line(tpl, Change("Волчица", "flying", 1, 0), "ru")
    assert "→" not in on and "→" not in off
    assert on.startswith("Волчица: отмечено «") and "снята" in off
    assert "да" not in on.split("«")[0] and "нет" not in off


def test_flag_in_english_reads_in_words() -> None:
    tpl = template("mage-wars")
    assert change_line(tpl, Change("Wolf", "flying", 0, 1), "en").endswith("marked")
    assert change_line(tpl, Change("Wolf", "flying", 1, 0), "en").endswith("cleared")


def test_game_phrase_still_wins() -> None:
    tpl = template("mage-wars")
    assert change_line(tpl, Change("Волчица", "acted", 0, 1), "ru") == (
        "Волчица: маркер действия перевёрнут."
    )


def test_number_stat_keeps_arrow() -> None:
    tpl = template("mage-wars")
    assert change_line(tpl, Change("Волчица", "damage", 0, 3), "ru").endswith("0 → 3")


async def test_the_log_says_a_mark_in_words(console: Console) -> None:
    await console.execute("/game start game:mage-wars life:20")
    await console.execute("/unit add name:Волчица life:6")
    await console.execute("/mw act target:Волчица")
    await console.execute("/set target:Волчица stat:acted value:0")
    log = await console.execute("/game log")
    assert "Волчица: маркер действия перевёрнут" in log
    assert "Волчица: маркер действия снова готов" in log
    assert "нет → да" not in log and "да → нет" not in log
