"""Lookup and glossary slips of the blind readers (playtest 16 B4, B5, W3; English walk 9 BK-2,
KF-1, CQ-2): an opened entry that is not the term asked for says so, and players' words find the
entries the rule texts mean, through data and the handlers, never by an algorithm change."""

from __future__ import annotations

import pytest

from bot.console import Console
from bot.context import Services
from bot.glossary_view import display_title
from bot.handlers.glossary_hedge import names_entry
from glossary import Glossary
from glossary.model import Entry
from tests.glossary.search_data import real_glossary


@pytest.fixture(scope="module")
def g() -> Glossary:
    return real_glossary()


async def _in_game(services: Services, g: Glossary, game: str, lang: str = "ru") -> Console:
    services.__dict__["glossary"] = g
    console = Console(services, user="Аня", channel="table", lang=lang)
    start = (
        "/игра начать игра:{} игрок1:Борис" if lang == "ru" else "/game start game:{} player1:Bob"
    )
    assert "✔" in await console.execute(start.format(game))
    return console


# --- B4: «отравление» in a Berserk game is not «Защита от отравления» ----------------------------


async def test_b4_a_word_of_a_name_is_said_to_be_the_nearest(
    services: Services, g: Glossary
) -> None:
    console = await _in_game(services, g, "berserk")
    out = await console.execute("/правило отравление")
    assert out.splitlines()[0].startswith("Защита от отравления")
    assert "Статьи «отравление» нет; вот статья, в названии которой есть это слово." in out


async def test_b4_the_entrys_own_name_is_no_hedge(services: Services, g: Glossary) -> None:
    console = await _in_game(services, g, "berserk")
    for query in ("зоя", "защита от отравления"):
        out = await console.execute(f"/правило {query}")
        assert out.splitlines()[0].startswith("Защита от отравления")
        assert "Статьи «" not in out and "Точной статьи" not in out


def test_b4_names_entry_reads_the_nouns(g: Glossary) -> None:
    def entry(entry_id: str) -> Entry:
        found = g.get(entry_id)
        assert found is not None
        return found

    assert names_entry("вихрь", entry("whfb/magicheskiye-vikhri"))  # an adjective left out (W2)
    assert names_entry("защита от отравления", entry("berserk/zashchita-ot-otravleniya"))
    assert not names_entry("отравление", entry("berserk/zashchita-ot-otravleniya"))
    assert not names_entry("рассеивание", entry("whfb/pul-rasseivaniya"))


# --- W3: «рассеивание» opens the pool and offers the dispel step «Разрушение» ---------------------


async def test_w3_dispelling_offers_the_dispel_step(services: Services, g: Glossary) -> None:
    console = await _in_game(services, g, "whfb")
    out = await console.execute("/правило рассеивание")
    assert out.splitlines()[0].startswith("Пул Рассеивания")
    assert "Статьи «рассеивание» нет" in out
    assert "Разрушение · Warhammer Fantasy, фаза магии" in out.split("Может быть, вы искали")[1]


# --- B5: /объяснить finds «магический удар» (001:277) ---------------------------------------------


def test_b5_explain_finds_the_magic_strike(g: Glossary) -> None:
    text = "Закрытый гном с бронёй 1 получает магический удар и отравление"
    found = {m.found: m.entries[0].id for m in g.find_terms(text, prefer_game="berserk")}
    assert found.get("магический удар") == "berserk/magichesky-udar-na-x"


# --- BK-2: /explain in a game's channel explains that game's terms only -------------------------


async def test_bk2_explain_keeps_to_the_channels_game(services: Services, g: Glossary) -> None:
    console = await _in_game(services, g, "berserk", lang="en")
    out = await console.execute("/explain text:the creature has first strike and regeneration")
    assert "Mage Wars" not in out
    assert "No Berserk CCG terms were found in this text. Search the rule texts: /search." in out
    console.lang = "ru"
    out = await console.execute("/объяснить текст:гном получает магический удар")
    assert "Гном · Берсерк ККИ" in out and "Mage Wars" not in out


# --- KF-1: the «Check!» the bot announces is found ------------------------------------------------


@pytest.mark.parametrize("query", ["check", "Check!", "what is check"])
def test_kf1_check_finds_the_keys(g: Glossary, query: str) -> None:
    found = g.lookup(query)
    assert found.confident and found.hits[0].entry.id == "keyforge/klyuchi"


# --- CQ-2: the English name of the doubling entry is shown whole --------------------------------


def test_cq2_doubling_and_halving_modifiers_whole(g: Glossary) -> None:
    entry = g.get("conquest/udvaivayushchiye-i-umenshayushchiye-vdvoye-modifikatory")
    assert entry is not None
    assert display_title(entry, "en") == (
        "Удваивающие и Уменьшающие Вдвое Модификаторы (Doubling and Halving Modifiers)"
    )
    assert display_title(entry, "ru") == entry.title  # the seed's title stays in Russian replies
