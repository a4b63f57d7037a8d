"""English walk 4 (issue 17, `docs/playtest-en-4.md`): the English words the bot's own replies
use find the entries that rule them (BZ-1, CQ-1), asked in a channel whose game is running;
Russian-only titles show their official English name in English replies (WF-1, CQ-2), and
Arbiter's own retold entries their English text (WF-2)."""

from __future__ import annotations

import pytest

from bot.console import Console
from bot.context import Services
from bot.glossary_view import display_text, display_title
from tests.glossary.search_data import real_glossary


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


async def test_wf1_whfb_entries_show_their_official_english_name(services: Services) -> None:
    """«Разрушение» is Dispel in the English rulebook; the English reply says both."""
    out = await _rule_in_game(services, "/game start game:whfb player1:Bob", "dispel")
    assert _title_line(out).startswith("Разрушение (Dispel)")


async def test_cq2_conquest_glossary_lists_the_official_english_names(
    services: Services,
) -> None:
    en = Console(services, user="Anna", channel="table", lang="en")
    out = await en.execute("/glossary game:conquest")
    for shown in (
        "Нанесение Урона (Dealing Damage)",
        "Типы Карт (Card Types)",
        "Цены: Плата (Costs)",
    ):
        assert shown in out


@pytest.mark.parametrize(
    ("entry_id", "en", "ru"),
    [
        ("whfb/razrusheniye", "Разрушение (Dispel)", "Разрушение"),
        ("whfb/pul-kubikov-sily", "Пул кубиков силы (Power Pool)", "Пул кубиков силы"),
        ("conquest/naneseniye-urona", "Нанесение Урона (Dealing Damage)", "Нанесение Урона"),
    ],
)
def test_display_title_adds_the_official_english_name_in_english_only(
    entry_id: str, en: str, ru: str
) -> None:
    entry = real_glossary().get(entry_id)
    assert entry is not None
    assert display_title(entry, "en") == en
    assert display_title(entry, "ru") == ru


async def test_wf2_retold_entries_are_in_english_and_seed_quotes_stay_russian(
    services: Services,
) -> None:
    """Arbiter wrote «Неодолимая сила» itself, so English mode shows its English text; the
    seed's «Разрушение» is a quotation of the Russian book and stays as it is."""
    miscast = await _rule_in_game(services, "/game start game:whfb player1:Bob", "miscast")
    assert "Rolling a double 6" in miscast and "Дубль шестёрок" not in miscast
    en = Console(services, user="Anna", channel="table", lang="en")
    dispel = await en.execute("/rule dispel")
    assert "Если заклинание успешно сотворено" in dispel


async def test_wf2_russian_replies_keep_the_russian_retelling(console: Console) -> None:
    console.user = "Аня"
    out = await console.execute("/правило мискаст")
    assert "Дубль шестёрок" in out and "Rolling" not in out


@pytest.mark.parametrize(
    "entry_id",
    ["keyforge/sbor", "keyforge/boy", "keyforge/klyuchi", "berserk/prostoy-udar"],
)
def test_wf2_every_retold_keyforge_and_berserk_entry_has_english(entry_id: str) -> None:
    entry = real_glossary().get(entry_id)
    assert entry is not None
    assert display_text(entry, "en") != entry.text
    assert display_text(entry, "ru") == entry.text


@pytest.mark.parametrize("query", ["exhaust", "exhausted", "ready"])
async def test_kf2_exhaust_opens_keyforge_exhaust(services: Services, query: str) -> None:
    """The bot says "it fights again only if a card ability readied it"; /rule exhaust opens
    KeyForge's «Истощение (Exhaust)» (retold from the published rules), in English."""
    out = await _rule_in_game(services, "/game start game:keyforge player1:Bob", query)
    assert _title_line(out).startswith("Истощение (Exhaust)")
    assert "exhausted (turned sideways)" in out


async def test_bz1_an_english_miss_in_a_russian_titled_game_says_where_to_look(
    services: Services,
) -> None:
    out = await _rule_in_game(services, "/game start game:berserk player1:Bob", "wingspan")
    assert "entries are titled in Russian" in out and "/glossary" in out


async def test_a_russian_miss_keeps_the_plain_reply(console: Console) -> None:
    """The hint is for English readers only; the Russian reply is unchanged."""
    console.user = "Аня"
    await console.execute("/игра начать игра:berserk игрок1:Борис")
    out = await console.execute("/правило вингспан")
    assert "названия статей" not in out and "titled" not in out
