"""Issue 19 round 5: a text winner first without each of the question's words in turn opens at a
0.10 relative lead (`glossary.robust`); a winner that leads through one word stays a pick."""

from __future__ import annotations

import pytest

from glossary import Glossary
from tests.glossary.search_data import real_glossary


@pytest.fixture(scope="module")
def g() -> Glossary:
    return real_glossary()


@pytest.mark.parametrize(
    ("query", "entry"),
    [
        ("кровожадный обязан бить раненого?", "mage-wars/bloodthirsty-x"),
        (
            "в каком порядке сбрасывать несколько карт сразу",
            "conquest/koloda-sbrosa-i-pobedny-stend",
        ),
    ],
)
def test_a_winner_first_without_each_word_opens(g: Glossary, query: str, entry: str) -> None:
    found = g.lookup(query)
    assert found.confident and found.hits[0].entry.id == entry


def test_a_winner_through_one_word_is_offered(g: Glossary) -> None:
    # «Активный Дом» leads only through «активным»: without it «Контроль» is first (the rules
    # answer this in Контроль), so it is offered, not opened, although it leads by 0.17
    query = "можно выбрать активным дом захваченной карты"
    found = g.lookup(query)
    assert found.hits[0].entry.id == "keyforge/aktivny-dom" and not found.confident
    rivals = [h.entry for h in found.hits[1:]]
    assert not g.text_first_without_each(
        "выбрать активным дом захваченной карты", found.hits[0].entry, rivals
    )


def test_a_tie_without_a_word_is_not_first(g: Glossary) -> None:
    # without «легендарных», «Legendary» and «Unique» scored the same: not first, so not opened.
    # Since playtest 19 added KeyForge's Stun and Enrage, the words' weights moved and Legendary
    # stays first without any one word: opened (the blind set's answer); the rule itself is
    # still what decides, checked through `text_first_without_each`.
    query = "сколько легендарных объектов одновременно может быть в игре"
    found = g.lookup(query)
    legendary, unique = g.get("mage-wars/legendary"), g.get("mage-wars/unique")
    assert legendary is not None and unique is not None
    assert found.hits[0].entry.id == "mage-wars/legendary"
    assert found.confident == g.text_first_without_each(query, legendary, [unique])


def test_fewer_than_three_words_have_nothing_to_leave_out(g: Glossary) -> None:
    winner = g.get("mage-wars/bloodthirsty-x")
    rival = g.get("mage-wars/taunt")
    assert winner is not None and rival is not None
    assert not g.text_first_without_each("кровожадный раненого", winner, [rival])
    assert g.text_first_without_each("кровожадный обязан бить раненого", winner, [rival])


def test_a_question_naming_the_pool_and_its_limit_leads_with_the_limit(g: Glossary) -> None:
    # Since «пул силы» became the pool's alias (playtest 17, W5) this question names the pool as
    # much as its limit: the limit leads and the pool is offered beside it, not opened over it
    found = g.lookup("сколько максимум кубиков силы может быть в пуле")
    assert found.hits[0].entry.id == "whfb/limit-sily"
    assert "whfb/pul-kubikov-sily" in [h.entry.id for h in found.hits[1:3]]
