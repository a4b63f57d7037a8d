"""Playtest 9 and English walk 5 (issue 17): general and lookup slips — replies that say
something new, errors that name the real problem, and English that reads as a player writes."""

from __future__ import annotations

from bot.console import Console
from bot.context import Services


def _en(services: Services) -> Console:
    return Console(services, user="Anna", channel="table", lang="en")


async def test_bk3_nearest_entry_reads_idiomatically(services: Services) -> None:
    en = _en(services)
    await en.execute("/game start game:berserk player1:Bob")
    out = await en.execute("/rule первый удар")
    assert "this is the closest match in the rule texts." in out


async def test_bk5_buttons_name_the_player_first(services: Services) -> None:
    en = _en(services)
    await en.execute("/game start game:berserk player1:Bob")
    out = await en.execute("/game show")
    assert "The ± buttons change **Anna**'s gold crystals" in out and "of:" not in out
