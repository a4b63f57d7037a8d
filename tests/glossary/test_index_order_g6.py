"""Playtest 8 G6 (issue 17): `/glossary` follows the book, never a retelling first.

WFB's seed (002) is a phase in the order of play, so its entries keep that order and the retold
«Неодолимая сила» follows them. KeyForge's and Conquest's seeds list their terms in the English
books' order, which reads as no order at all in Russian, so in Russian they are alphabetical."""

from __future__ import annotations

from bot.handlers.glossary_browse import index_order
from glossary.normalize import fold
from tests.glossary.search_data import real_glossary


def _of(game: str, lang: str = "ru") -> list[str]:
    entries = [e for e in real_glossary().entries if e.game == game]
    return [e.title for e in index_order(entries, lang)]


def test_whfb_keeps_the_order_of_play_with_the_retelling_after() -> None:
    titles = _of("whfb")
    assert titles[0] == "Последовательность действий в фазу магии"
    assert titles[1] == "Бросок на Ветры Магии"
    assert titles[-1] == "Неодолимая сила (Irresistible Force)"


def test_keyforge_and_conquest_are_alphabetical_in_russian() -> None:
    for game in ("keyforge", "conquest"):
        titles = _of(game)
        assert [fold(t) for t in titles] == sorted(fold(t) for t in titles), game
    assert _of("keyforge")[0] == "Активный Дом"


def test_berserk_keeps_its_alphabetical_book_with_the_retelling_inside() -> None:
    titles = _of("berserk")
    assert titles[0] == "Авангард"
    at = titles.index("Простой удар")
    assert fold(titles[at - 1]) <= fold("Простой удар")  # the seed's index stops at «О»
    assert all(fold(t) <= fold("Простой удар") for t in titles[:at])
