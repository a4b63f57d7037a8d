"""Lookup slips of the blind readers (playtest 17 W3, W4, W5, C1; English walk 10 BK-4): the
players' names find their entries through data, an opened entry is never offered again as a
guess, and a game's own nearest entry is offered, never another game's."""

from __future__ import annotations

import pytest

from bot.console import Console
from bot.context import Services
from glossary import Glossary
from tests.glossary.search_data import real_glossary


@pytest.fixture(scope="module")
def g() -> Glossary:
    return real_glossary()


def _console(services: Services, g: Glossary, lang: str = "ru") -> Console:
    services.__dict__["glossary"] = g
    return Console(services, user="Аня", channel="table", lang=lang)


# --- W3/W4: «неотразимая сила» is another name of «Неодолимая сила», offered once -------------


@pytest.mark.parametrize("query", ["неотразимая сила", "неотразимая сила игра:whfb"])
async def test_w3_players_name_opens_irresistible_force(
    services: Services, g: Glossary, query: str
) -> None:
    out = await _console(services, g).execute(f"/правило {query}")
    assert out.splitlines()[0].startswith("Неодолимая сила")
    assert "Точной статьи" not in out


async def test_w4_the_opened_entry_is_not_offered_again(services: Services, g: Glossary) -> None:
    out = await _console(services, g).execute("/правило неотразимая сила игра:whfb")
    head, _, tail = out.partition("Может быть, вы искали…")
    assert head.splitlines()[0].startswith("Неодолимая сила")
    assert "Неодолимая сила" not in tail


# --- W5: «пул силы» ------------------------------------------------------------------------------


async def test_w5_power_pool_opens_directly(services: Services, g: Glossary) -> None:
    out = await _console(services, g).execute("/правило пул силы")
    assert out.splitlines()[0].startswith("Пул кубиков силы")
    assert "Точного совпадения" not in out


# --- C1: «фаза розвёртывания», one wrong letter ------------------------------------------------


async def test_c1_deploy_phase_with_one_wrong_letter(services: Services, g: Glossary) -> None:
    out = await _console(services, g).execute("/правило фаза розвёртывания")
    assert out.splitlines()[0].startswith("Фаза Развёртывания")


# --- BK-4: "poison" in Berserk is ЗОЯ, the nearest, never Mage Wars' Poison --------------------


async def test_bk4_poison_in_berserk_offers_zoya_as_nearest(
    services: Services, g: Glossary
) -> None:
    out = await _console(services, g, lang="en").execute("/rule poison game:berserk")
    assert "has no term" not in out
    assert "Mage Wars" not in out
    assert "Защита от отравления" in out
    assert not out.splitlines()[0].startswith("Защита от отравления")  # not passed off as the term


async def test_bk4_poison_without_a_game_stays_mage_wars(services: Services, g: Glossary) -> None:
    out = await _console(services, g, lang="en").execute("/rule poison")
    assert out.splitlines()[0].startswith("Poison")
