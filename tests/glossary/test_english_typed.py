"""Issue 19: English names typed in Cyrillic by ear are read back word by word and matched to
the English names («каунтерстрайк когда срабатывает» → Counterstrike)."""

from __future__ import annotations

import pytest

from glossary import Glossary
from glossary.english import EnglishReader, latin, skeleton
from tests.glossary.search_data import real_glossary


@pytest.fixture(scope="module")
def g() -> Glossary:
    return real_glossary()


def test_skeletons_agree_across_spellings() -> None:
    assert skeleton("counterstrike") == skeleton(latin("каунтерстрайк")) == "kntrstrk"
    assert skeleton("quickcast") == skeleton(latin("квикаст"))
    assert skeleton("piercing") == skeleton(latin("пирсинг"))


@pytest.mark.parametrize(
    ("typed", "english"),
    [
        ("ресилиент", "resilient"),
        ("каунтерстрайк", "counterstrike"),
        ("инкорпореал", "incorporeal"),
        ("регенерейт", "regenerate"),
        ("инвизибл", "invisible"),
        ("лечит", None),  # a Russian word is no English name
        ("эгида", None),
    ],
)
def test_words_read_back(g: Glossary, typed: str, english: str | None) -> None:
    assert EnglishReader(g.entries).word(typed) == english


def test_a_question_in_cyrillic_typed_english_finds_the_english_name(g: Glossary) -> None:
    # seed 000:52 «Counterstrike (Ответный удар) (атакующая черта)»
    # seed 000:248 «Resilient (Упругий) (черта объекта)»
    found = g.lookup("каунтерстрайк когда срабатывает")
    assert found.hits[0].entry.id == "mage-wars/counterstrike"
    assert g.lookup("ресилиент что делает").hits[0].entry.id == "mage-wars/resilient"
    assert g.read_english("как работает броня") is None  # real words stay as they are
