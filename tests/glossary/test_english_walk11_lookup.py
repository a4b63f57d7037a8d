"""Lookup slips of English walk 11 (MW-3, CQ-2) and playtest 18 (G2): a pick list with nothing
of the channel's game says so, a word merely spelled like a name («planet» ~ «plata») is offered,
not opened as the answer, and a question is not echoed as a term to be made precise."""

from __future__ import annotations

import pytest

from bot.console import Console
from bot.context import Services
from bot.handlers.glossary_hedge import misspells
from glossary import Glossary
from tests.glossary.search_data import real_glossary


@pytest.fixture(scope="module")
def g() -> Glossary:
    return real_glossary()


async def _conquest(services: Services, g: Glossary, lang: str) -> Console:
    services.__dict__["glossary"] = g
    console = Console(services, user="Anna", channel="table", lang=lang)
    start = (
        "/game start game:conquest player1:Anna player2:Bob hale:7 bloodied:4"
        if lang == "en"
        else "/игра начать игра:conquest игрок1:Аня игрок2:Борис здоровье:7 окровавленный:4"
    )
    assert "✔" in await console.execute(start)
    return console


async def test_mw3_nothing_of_this_game_is_said_plainly(services: Services, g: Glossary) -> None:
    out = await (await _conquest(services, g, "en")).execute("/rule term:ready")
    assert out.splitlines()[0] == "Warhammer 40,000: Conquest has no term “ready”"
    assert "Nothing close in this game. Below are other games' entries" in out
    assert "This game's nearest entries come first" not in out  # (none of them is listed)
    assert "Истощение (Exhaust) · KeyForge" in out


async def test_mw3_own_entries_first_keep_their_wording(services: Services, g: Glossary) -> None:
    out = await (await _conquest(services, g, "en")).execute("/rule term:stun")
    assert "This game's nearest entries come first" in out  # a Conquest entry is listed first


@pytest.mark.parametrize(
    ("lang", "query"), [("en", "/rule term:planet"), ("ru", "/правило планета")]
)
async def test_cq2_a_word_spelled_alike_is_neither_opened_nor_offered(
    services: Services, g: Glossary, lang: str, query: str
) -> None:
    """«планета» is no typo of «Плата» (Costs): nothing is opened, and since playtest 19 (C3)
    nothing is offered either: the game has no such term, nor anything close."""
    out = await (await _conquest(services, g, lang)).execute(query)
    assert out.startswith("✖")
    assert "nor anything close" in out or "и похожих тоже нет" in out
    assert "Плата" not in out


async def test_cq2_a_typo_of_a_name_still_opens(services: Services, g: Glossary) -> None:
    out = await (await _conquest(services, g, "en")).execute("/rule term:damag")
    assert out.splitlines()[0] == "Урон (Damage)"


async def test_g2_a_question_is_not_called_a_term(services: Services, g: Glossary) -> None:
    services.__dict__["glossary"] = g
    console = Console(services, user="Аня", channel="table", lang="ru")
    out = await console.execute("/правило что такое активный игрок")
    assert out.splitlines()[0] == "Вопрос «что такое активный игрок»"
    assert "Уточните термин" not in out
    out = await console.execute("/правило активный игрок")  # a term is still a term
    assert out.splitlines()[0] == "Уточните термин «активный игрок»"


@pytest.mark.parametrize(("lang", "query"), [("en", "/rule term:check"), ("ru", "/правило шах")])
async def test_kf1_check_is_in_the_keys_entry(
    services: Services, g: Glossary, lang: str, query: str
) -> None:
    """KeyForge's «Check!» (announced when a key can be forged next turn) is said in the entry
    it opens, not only in `/game next` (English walk 11, KF-1)."""
    services.__dict__["glossary"] = g
    out = await Console(services, user="Anna", channel="table", lang=lang).execute(query)
    assert out.splitlines()[0] == "Ключи, ковка ключа (Keys, Forge a key)"
    assert 'they tell their opponent: "Check!"' in out or "объявляет сопернику: «Шах!»" in out


@pytest.mark.parametrize(
    ("query", "name", "typo"),
    [
        ("eteral", "Ethereal", True),  # two letters dropped from a long name: a typo
        ("егида", "Эгида", True),
        ("планета", "Плата", False),  # a longer word holding the name's letters: another word
        ("planet", "plata", False),
        ("zone", "Zone Attack", False),
        ("Controllership", "Controller", True),  # a word made from the whole name
    ],
)
def test_cq2_misspells(query: str, name: str, typo: bool) -> None:
    assert misspells(query, name) is typo
