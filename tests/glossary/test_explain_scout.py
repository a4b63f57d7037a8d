"""`/объяснить` on the scout reader's sentences (M3, C1): a name whose vowel drops in its other
forms («Рывок» → «рывком», «Владелец» → «владельца») is still spotted, and «нулевой урон» is the
zero-damage entry, not the general «Урон»."""

from __future__ import annotations

import pytest

from bot.console import Console
from bot.context import Services
from glossary import Glossary
from tests.games.seeds import seed_line
from tests.glossary.search_data import real_glossary


@pytest.fixture(scope="module")
def g() -> Glossary:
    return real_glossary()


def _found(g: Glossary, text: str, game: str) -> dict[str, list[str]]:
    return {m.found: [e.id for e in m.entries] for m in g.find_terms(text, prefer_game=game)}


def test_a_charge_in_the_instrumental_names_both_entries_called_rywok(g: Glossary) -> None:
    # seed 000:36 «Charge +X (Рывок)», 000:264 «Snatch (Рывок)»: one Russian name, two entries
    seed_line("000", 36, "Рывок")
    seed_line("000", 264, "Рывок")
    text = "волк получил горение и оглушение, может ли он атаковать с рывком?"
    found = _found(g, text, "mage-wars")
    assert found["рывком"] == ["mage-wars/charge-x", "mage-wars/snatch"]
    assert found["горение"] == ["mage-wars/burn"]


@pytest.mark.parametrize(
    ("text", "game", "words", "entry"),
    [
        ("после броска кубика", "berserk", "броска кубика", "berserk/brosok-kubika"),
        ("а у владельца карты что", "berserk", "владельца карты", "berserk/vladelets-karty"),
        ("его отбросило толчком", "mage-wars", "толчком", "mage-wars/push"),
        ("рывка не было", "mage-wars", "рывка", "mage-wars/charge-x"),
    ],
)
def test_a_fleeting_vowel_does_not_hide_a_name(
    g: Glossary, text: str, game: str, words: str, entry: str
) -> None:
    assert entry in _found(g, text, game)[words]


def test_a_word_that_only_looks_alike_is_not_a_name(g: Glossary) -> None:
    # «игрк» is no Russian word: the vowel of «игрок» stays (`игрока`), so nothing new matches
    assert _found(g, "игрока нет", "berserk") == {"игрока": _found(g, "игрок", "berserk")["игрок"]}


def test_zero_damage_is_its_own_entry(g: Glossary) -> None:
    seed_line("003", 149, "Нанесение Нулевого Урона")
    text = "мой военачальник стал окровавленным, а отряд получил нулевой урон после щита"
    found = _found(g, text, "conquest")
    assert found["нулевой урон"] == ["conquest/naneseniye-nulevogo-urona"]
    assert all("нулев" not in words for words, ids in found.items() if "conquest/uron" in ids)


async def test_explain_shows_both_charge_entries(services: Services, g: Glossary) -> None:
    services.__dict__["glossary"] = g
    console = Console(services, user="Аня", channel="table", lang="ru")
    out = await console.execute("/объяснить текст:волк получил горение, а потом атаковал с рывком")
    assert "**рывком** → Рывок +X (Charge +X) · Mage Wars, Рывок (Snatch) · Mage Wars" in out


async def test_a_miscast_opens_irresistible_force_and_says_it_has_no_entry(
    services: Services, g: Glossary
) -> None:
    # scout W5: the miscast is what Irresistible Force brings, not another name of it
    services.__dict__["glossary"] = g
    console = Console(services, user="Аня", channel="table", lang="ru")
    out = await console.execute("/правило магический сбой")
    assert out.splitlines()[0] == "Неодолимая сила (Irresistible Force)"
    assert "Отдельной статьи «магический сбой» нет" in out
    names = out.split("▸ Другие названия", 1)[1].splitlines()[1]
    assert names == "Дубль шесть"
