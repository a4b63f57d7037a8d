"""`/game undo steps:N` that undoes fewer than N says why (a blind playtest read «Отменено
шагов: 4» after asking for 5, with no word on the fifth).

Fewer can only mean the game's start was reached: a step of another player, or one from before
the actor joined, refuses the whole undo with its own reason (`test_open_table.py`)."""

from __future__ import annotations

from bot.console import Console
from bot.context import Services
from bot.i18n import t

GAME = ["/game start game:custom player1:bob life:20", "/dmg bob amount:1", "/dmg bob amount:2"]


async def _played(services: Services, lang: str) -> Console:
    console = Console(services, user="alice", channel="table", lang=lang)
    for line in GAME:
        await console.execute(line)
    return console


async def test_undoing_more_than_there_is_says_the_start_was_reached(services: Services) -> None:
    console = await _played(services, "ru")
    reply = await console.execute("/game undo steps:5")
    assert t("tracker.undo.fewer", "ru", done=2, asked=5) in reply
    assert "Отменено 2 из 5" in reply and "начало партии" in reply
    assert "#3 " in reply and "#2 " in reply


async def test_the_reason_reads_in_english_too(services: Services) -> None:
    console = await _played(services, "en")
    reply = await console.execute("/game undo steps:3")
    assert "Undid 2 of 3" in reply and "the game's start" in reply


async def test_an_undo_of_exactly_what_was_asked_gives_no_reason(services: Services) -> None:
    console = await _played(services, "ru")
    reply = await console.execute("/game undo steps:2")
    assert "#3 " in reply and "#2 " in reply
    assert "из 2" not in reply and "начало партии" not in reply
