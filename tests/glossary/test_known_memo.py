"""A known word's name keys are kept across lookups (`NameMatcher._shared_word_matches`): a warm
glossary answers exactly as a fresh one, the memory is bounded, and a typo is never kept."""

from __future__ import annotations

import pytest

import glossary.matching
from glossary import Glossary, load_glossary

QUESTIONS = (
    "сколько раз маг может кастовать одно заклинание за фазу",
    "когда можно ударить в ответ при атаке в ближнем бою",
    "маг провалил каст может он колдовать дальше",
    "горение сколько урона",
    "регенерейт",
)


def _fresh() -> Glossary:
    loaded = load_glossary()  # (shared across the test run: a new index over its entries)
    return Glossary(loaded.entries, loaded.aliases)


def _answers(g: Glossary) -> list[tuple[bool, list[tuple[str, float]]]]:
    out = []
    for q in QUESTIONS:
        found = g.lookup(q, limit=10)
        out.append((found.confident, [(h.entry.id, h.score) for h in found.hits]))
    return out


def test_a_warm_glossary_answers_as_a_fresh_one() -> None:
    warm = _fresh()
    for q in reversed(QUESTIONS):  # every word met once before, in other questions' order
        warm.lookup(q, limit=10)
    assert warm.__dict__["_known_memo"]  # the words were kept …
    assert _answers(warm) == _answers(_fresh())  # … and change no answer


def test_the_memo_is_bounded_and_keeps_no_typo(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(glossary.matching, "KNOWN_MEMO_CAP", 3)
    g = _fresh()
    g.lookup("зщаита маг существо атака заклинание зона", limit=10)
    kept = g.__dict__["_known_memo"]
    assert len(kept) == 3
    assert all(word != "зщаита" for word, _ in kept)
