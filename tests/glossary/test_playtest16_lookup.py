"""Lookup data slips of the blind readers (playtests 13, 15, English 7): what players type finds
the entry the rule texts mean, by aliases and spoken names, never by an algorithm change."""

from __future__ import annotations

import pytest

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
    hits = g.search(query)
    assert hits[0].entry.id == "whfb/neodolimaya-sila"
    assert hits[0].confident


def test_w2_explain_spots_the_double_six(g: Glossary) -> None:
    found = g.find_terms("мой маг выкинул две шестёрки при сотворении, это неподвластная сила?")
    ids = {e.id for m in found for e in m.entries}
    assert "whfb/neodolimaya-sila" in ids
