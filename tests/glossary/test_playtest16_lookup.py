"""Lookup data slips of the blind readers (playtests 13, 15, English 7): what players type finds
the entry the rule texts mean, by aliases and spoken names, never by an algorithm change."""

from __future__ import annotations

import pytest

from bot.console import Console
from bot.context import Services
from glossary import Glossary
from tests.glossary.search_data import real_glossary


@pytest.fixture(scope="module")
def g() -> Glossary:
    return real_glossary()


# --- playtest 15, W2: the double six at casting is «Неодолимая сила» ------------------------------


@pytest.mark.parametrize(
    "query",
    ["неподвластная сила", "непреодолимая сила", "две шестёрки", "дубль шестёрок", "две шестерки"],
)
def test_w2_rule_opens_irresistible_force(g: Glossary, query: str) -> None:
    found = g.lookup(query)
    assert found.confident and found.hits[0].entry.id == "whfb/neodolimaya-sila"


def test_w2_explain_spots_the_double_six(g: Glossary) -> None:
    found = g.find_terms("мой маг выкинул две шестёрки при сотворении, это неподвластная сила?")
    ids = {e.id for m in found for e in m.entries}
    assert "whfb/neodolimaya-sila" in ids


# --- playtest 15, C2: a Conquest card that is exhausted is «обессиленный» (seed 003:116) ----------


@pytest.fixture
async def conquest(services: Services, g: Glossary) -> Console:
    services.__dict__["glossary"] = g
    console = Console(services, user="Аня", channel="table", lang="ru")
    out = await console.execute(
        "/игра начать игра:conquest игрок1:Аня игрок2:Вика здоровье:7 окровавленный:4"
    )
    assert "✔" in out
    return console


@pytest.mark.parametrize("query", ["истощение", "истощённый", "обессилен", "повёрнут"])
async def test_c2_conquest_exhausted_opens_damage(conquest: Console, query: str) -> None:
    out = await conquest.execute(f"/правило {query}")
    assert out.splitlines()[0] == "Урон (Damage)", out
    assert "KeyForge" not in out  # another game's «Истощение» only adds noise here


@pytest.mark.parametrize("query", ["обессиленный", "обессилен"])
def test_c2_the_books_word_finds_damage_in_any_game(g: Glossary, query: str) -> None:
    assert g.lookup(query).hits[0].entry.id == "conquest/uron"


def test_c2_keyforge_keeps_its_exhaust_without_a_game(g: Glossary) -> None:
    assert g.lookup("истощённый").hits[0].entry.id == "keyforge/istoshcheniye"
    assert g.lookup("истощить карту").hits[0].entry.game != "conquest"


# --- English walk 7, CQ-1: a term only mentioned in an entry says «mentioned in» -----------------


async def test_cq1_a_term_without_an_entry_is_mentioned_in_one(
    services: Services, g: Glossary
) -> None:
    services.__dict__["glossary"] = g
    en = Console(services, user="Anna", channel="table", lang="en")
    out = await en.execute("/rule warlord")
    assert "No entry for “warlord”. It is mentioned in: Урон (Damage)." in out
    assert "covered" not in out
    ru = Console(services, user="Аня", channel="table", lang="ru")
    out = await ru.execute("/правило военачальник")
    assert "Отдельной статьи «военачальник» нет. Упоминается в статье «Урон (Damage)»." in out


# --- playtest 13, W7: «вихрь» in a sentence is «Магические вихри» -------------------------------


def test_w7_explain_spots_the_vortex(g: Glossary) -> None:
    found = g.find_terms("Вихрь прошёл через отряд, маг проклятием ослабил врага")
    ids = {e.id for m in found for e in m.entries}
    assert {"whfb/magicheskiye-vikhri", "whfb/proklyatiye"} <= ids
    assert g.lookup("вихрь").hits[0].entry.id == "whfb/magicheskiye-vikhri"


# --- playtest 13, C2: «уничтожается» finds the entries of destruction ---------------------------


def test_c2_13_how_a_unit_is_destroyed(g: Glossary) -> None:
    # 003:112: a unit with damage equal to its hit points «уничтожается»; no Berserk «отряд» first
    found = g.lookup("как уничтожается отряд")
    assert found.confident and found.hits[0].entry.id == "conquest/uron"
    top = [h.entry.id for h in g.lookup("что будет когда карта уничтожается").hits[:2]]
    assert "conquest/unichtozheniye" in top
