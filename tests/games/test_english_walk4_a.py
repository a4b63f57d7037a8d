"""English walk 4 (issue 17, `docs/playtest-en-4.md`): the English words the bot's own replies
use find the entries that rule them (BZ-1, CQ-1), asked in a channel whose game is running."""

from __future__ import annotations

import pytest

from bot.console import Console
from bot.context import Services


def _title_line(out: str) -> str:
    return next(line for line in out.splitlines() if line.strip())


async def _rule_in_game(services: Services, start: str, query: str) -> str:
    en = Console(services, user="Anna", channel="table", lang="en")
    await en.execute(start)
    return await en.execute(f"/rule {query}")


@pytest.mark.parametrize(
    ("query", "title"),
    [
        ("armor", "Броня Х"),
        ("tapped", "Закрыть (существо, карту)"),
        ("closed", "Закрыть (существо, карту)"),
        ("flyer", "Летающее существо"),
        ("flying", "Летающее существо"),
    ],
)
async def test_bz1_berserk_english_words_open_the_berserk_entry(
    services: Services, query: str, title: str
) -> None:
    """The bot says "Armor 1 prevented 1 wound" and "closed"; /rule with the same word opens it."""
    out = await _rule_in_game(services, "/game start game:berserk player1:Bob", query)
    assert title in _title_line(out)


@pytest.mark.parametrize(
    ("query", "title"),
    [
        ("bloodied", "Урон"),
        ("exhausted", "Урон"),
        ("warlord", "Урон"),
        ("shield", "Нанесение Урона"),
    ],
)
async def test_cq1_conquest_english_words_open_the_entry_that_rules_them(
    services: Services, query: str, title: str
) -> None:
    """ "Vicky's Warlord is bloodied… goes to its HQ exhausted" is ruled in «Урон»
    (seed 003:108-124), the shield step in «Нанесение Урона» (seed 003:128-145)."""
    start = "/game start game:conquest player1:Bob hale:7 bloodied:4"
    out = await _rule_in_game(services, start, query)
    assert _title_line(out).startswith(title)
