"""Work a lookup skips or keeps across lookups (issue 19, the latency target) changes no answer:
the text index's per-word weights and summed postings, its `knows` memo, the check for names
that hold every word only together, and the other-layout reading of a question."""

from __future__ import annotations

import pytest

import glossary.textindex
from glossary import Glossary, load_glossary
from glossary.matching import NameMatcher
from glossary.scoring import ACROSS_NAMES
from tests.glossary.test_search_units import entry

QUESTIONS = (
    "сколько раз маг может кастовать одно заклинание за фазу",
    "сколько кубиков урона получает существо если его впечатали в стену",
    "можно брать фишки с других карт отряда",
    "что если карта-источник ушла из игры до выполнения",
    "квикаст маг сколько раз за раунд",
)


def _fresh() -> Glossary:
    loaded = load_glossary()
    return Glossary(loaded.entries, loaded.aliases)


def _answers(g: Glossary) -> list[tuple[bool, list[tuple[str, float, str]]]]:
    out = []
    for q in QUESTIONS:
        found = g.lookup(q, limit=10)
        out.append((found.confident, [(h.entry.id, h.score, h.tier) for h in found.hits]))
    return out


def test_a_warm_text_index_answers_as_a_fresh_one() -> None:
    warm = _fresh()
    for q in reversed(QUESTIONS):  # every word met before, in other questions' order
        warm.lookup(q, limit=10)
    text = warm._text
    assert text._idf_memo and text._merged  # words of several forms were kept …
    assert _answers(warm) == _answers(_fresh())  # … and change no answer


def test_summed_postings_are_each_entrys_counts_added() -> None:
    text = _fresh()._text
    terms = next(t for w in ("маг", "фазу", "одно") if len(t := _known_terms(text, w)) > 1)
    summed = text._summed(terms)
    for i in set().union(*(text.postings[t] for t in terms)):
        assert summed[i] == sum(text.postings[t].get(i, 0) for t in terms)
    assert text._summed(terms) is summed  # kept, and only read


def _known_terms(text: glossary.textindex.TextIndex, word: str) -> list[str]:
    return [t for t in text._terms_for(word) if t in text.postings]


def test_the_word_memos_are_bounded(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(glossary.textindex, "WORD_MEMO_CAP", 2)
    monkeypatch.setattr(glossary.textindex, "KNOWS_MEMO", 3)
    g = _fresh()
    for q in QUESTIONS:
        g.lookup(q, limit=10)
    text = g._text
    assert len(text._idf_memo) == 2 and len(text._merged) <= 2
    assert len(text._knows_memo) <= 3
    assert _answers(g) == _answers(_fresh())


SHIELDS = [
    entry("mage-wars/shield", "Щит", "Стрела", text="Щит ловит стрелу."),
    entry("mage-wars/other", "Лук", text="Лук стреляет."),
]


def test_names_holding_every_word_together_still_count() -> None:
    """«щит стрела»: each word whole in one of the entry's names, neither name holds both."""
    hits = Glossary(SHIELDS).search("щит стрела")
    assert hits[0].entry.id == "mage-wars/shield"
    assert hits[0].score == ACROSS_NAMES


def test_no_names_together_check_when_a_word_is_whole_in_no_name(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """«щит стрелялка»: the second word is whole in no name, so no entry's names can hold every
    word, and the check is not run at all."""

    def refuse(self: NameMatcher, weights: dict[int, list[float]]) -> list[int]:
        raise AssertionError("checked names together for a word no name holds whole")

    monkeypatch.setattr(NameMatcher, "_across_names", refuse)
    hits = Glossary(SHIELDS).search("щит стрелялка")
    assert all(h.score != ACROSS_NAMES for h in hits)


def test_a_question_with_a_real_word_is_not_read_in_the_other_layout(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    g = _fresh()
    asked: list[bool] = []
    search = Glossary.search

    def spy(self: Glossary, query: str, *args: object, **kwargs: object) -> object:
        asked.append(bool(kwargs.get("layouts", True)) and bool(kwargs.get("typos", True)))
        return search(self, query, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(Glossary, "search", spy)
    # «впечатали» no text uses (typos are looked for), «стену» and «урона» they do
    g.lookup("сколько урона если его впечатали в стену", limit=10)
    assert asked and not asked[0]
    asked.clear()
    g.lookup("hfcctbdfybt", limit=10)  # «рассеивание» typed in the other layout: read back
    assert asked and asked[0]
