"""Fractions in replies follow the reader's language: `16,7 %` and `7,32` in Russian, `16.7%` and
`7.32` in English, in every odds reply (a blind playtest found `/шансы берсерк`, `/шансы ветры`
and `/шансы рассеивание` writing «16.7%», «7.32» and «27.8%» in Russian)."""

from __future__ import annotations

import re

import pytest

from bot.console import Console
from bot.context import Services
from bot.handlers.dice_chart import percent
from bot.i18n import decimal, file_size

ODDS = [
    "/odds berserk values:2-3-4",
    "/odds berserk values:1-2-3 mode:closed",
    "/odds winds wizards:2 enemy_wizards:1",
    "/odds dispel dice:2 level:1 against:10",
    "/odds whf dice:2 level:1 value:7",
    "/odds mw dice:3 armor:1 life:5",
]
POINT = re.compile(r"\d\.\d")  # 16.7
COMMA = re.compile(r"\d,\d")  # 16,7
BARE_PERCENT = re.compile(r"\d%")  # Russian puts a (no-break) space before the sign
SPACED_PERCENT = re.compile(r"\d\s%")


def test_the_helpers_need_the_language_and_write_its_separator() -> None:
    assert decimal(7.3249, "ru") == "7,32" and decimal(7.3249, "en") == "7.32"
    assert percent(1 / 6, "ru") == "16,7\u00a0%" and percent(1 / 6, "en") == "16.7%"
    assert file_size(17_000, "ru") == "16,6 КБ" and file_size(17_000, "en") == "16.6 KB"


@pytest.mark.parametrize("line", ODDS)
async def test_odds_replies_write_fractions_as_the_reader_does(
    services: Services, line: str
) -> None:
    ru = await Console(services, user="alice", channel="table", lang="ru").execute(line)
    en = await Console(services, user="alice", channel="table", lang="en").execute(line)
    assert "%" in ru and "%" in en, ru
    assert not POINT.search(ru) and not BARE_PERCENT.search(ru), ru
    assert not COMMA.search(en) and not SPACED_PERCENT.search(en), en
    assert COMMA.search(ru) and POINT.search(en)
