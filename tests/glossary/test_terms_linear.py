"""`/explain` spots terms in linear time: the one-pass game vote gives what a naive recount
gives, on real glossary texts mixing several games' terms.

The rule (playtest 2, T4): a text is read as one game's — the channel's game when the text
names one of its terms, else the game most spans name — and spans without an entry of that game
are left out; only on a tie is each span narrowed by the other spans' votes, as before."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from glossary import load_glossary
from glossary.model import Entry
from glossary.terms import SEP, Span, TermFinder, TermMatch

FILLER = ("и", "потом", "но", "the", "then", "если", "кубик", "ход", "игрок", "—", "мой")


def _old_majority(spans: list[Span]) -> str | None:
    """The algorithm before the change, kept here as the reference: recount the others' votes."""
    votes = Counter(game for _, bucket in spans for game in {e.game for e in bucket})
    top = votes.most_common(2)
    if not top or (len(top) > 1 and top[1][1] == top[0][1]):
        return None
    return top[0][0]


def _old_find(finder: TermFinder, text: str, prefer_game: str | None) -> list[TermMatch]:
    """The reference, recounting votes naively for each span."""
    spans = finder.spans(text)
    named = {e.game for _, bucket in spans for e in bucket}
    text_game = prefer_game if prefer_game in named else _old_majority(spans)
    out: list[TermMatch] = []
    seen: set[tuple[str, ...]] = set()
    for k, (found_words, bucket) in enumerate(spans):
        if text_game is not None:
            chosen = [e for e in bucket if e.game == text_game]
            if not chosen:
                continue
        else:
            game = _old_majority(spans[:k] + spans[k + 1 :])
            chosen = [e for e in bucket if e.game == game] or bucket
        ids = tuple(e.id for e in chosen)
        if ids not in seen:
            seen.add(ids)
            out.append(TermMatch(found_words, tuple(chosen)))
    return out


@pytest.fixture(scope="module")
def entries() -> list[Entry]:
    return list(load_glossary().entries)


@pytest.fixture(scope="module")
def finder(entries: list[Entry]) -> TermFinder:
    return TermFinder(entries)


def _texts(entries: list[Entry], seed: int, count: int) -> list[str]:
    """Texts of entry names and filler words; some lean to one game, some are evenly mixed."""
    rng = random.Random(seed)
    by_game: dict[str, list[str]] = {}
    for e in entries:
        by_game.setdefault(e.game, []).append(e.title)
    games = sorted(by_game)
    texts = []
    for n in range(count):
        lean = games[n % len(games)]
        words: list[str] = []
        for _ in range(rng.randint(1, 60)):
            roll = rng.random()
            if roll < 0.35:
                words.append(rng.choice(by_game[lean]))
            elif roll < 0.7:
                words.append(rng.choice(by_game[rng.choice(games)]))
            else:
                words.append(rng.choice(FILLER))
        texts.append(" ".join(words))
    return texts


def test_one_pass_vote_matches_the_old_recount(entries: list[Entry], finder: TermFinder) -> None:
    games = sorted({e.game for e in entries})
    ambiguous = 0
    for n, text in enumerate(_texts(entries, seed=18, count=300)):
        prefer = None if n % 3 else games[n % len(games)]
        # the vote decides the entries; a match now also lists every word naming them after
        # its first (playtest 9, C1), which the reference does not
        new = [(m.found.split(SEP)[0], m.entries) for m in finder.find(text, prefer)]
        old = [(m.found, m.entries) for m in _old_find(finder, text, prefer)]
        assert new == old, text
        ambiguous += any(len({e.game for e in b}) > 1 for _, b in finder.spans(text))
    assert ambiguous > 30  # the vote really decided something in many of these texts


def test_a_tie_and_a_lone_term_keep_every_game(finder: TermFinder, entries: list[Entry]) -> None:
    # A term alone has no other span to vote: every game's entries are kept, as before.
    shared = next(
        (key, bucket) for key, bucket in finder._keys.items() if len({e.game for e in bucket}) > 1
    )
    text = next(s for s, b in finder.spans(" ".join(e.title for e in shared[1])) if b == shared[1])
    assert finder.find(text) == _old_find(finder, text, None)
    assert {e.game for e in finder.find(text)[0].entries} == {e.game for e in shared[1]}


def test_hand_written_mixed_text_is_unchanged(finder: TermFinder) -> None:
    text = (
        "Маг кастует заклинание, враг получает урон и Кровотечение, потом Яд. "
        "В Берсерке урон и броня работают иначе; Warhammer: магия, Ветра магии, страх."
    )
    for prefer in (None, "mage-wars", "berserk", "whfb"):
        assert finder.find(text, prefer) == _old_find(finder, text, prefer)
        named = {e.game for _, bucket in finder.spans(text) for e in bucket}
        if prefer in named:  # the channel's game, when the text names its terms, reads it all
            assert {e.game for m in finder.find(text, prefer) for e in m.entries} == {prefer}


def test_a_sentence_is_explained_in_one_game(finder: TermFinder) -> None:
    # playtest 2, T4: a Berserk sentence gets Berserk terms only, «простым ударом» included
    found = finder.find("Существо с бронёй 2 атакует простым ударом")
    assert [(m.found, [e.id for e in m.entries]) for m in found] == [
        ("бронёй", ["berserk/bronya-x"]),
        ("атакует", ["berserk/ataka"]),
        ("простым ударом", ["berserk/prostoy-udar"]),
    ]
    found = finder.find("Волк с Ответным ударом атакует голема с Эгидой")
    assert {e.game for m in found for e in m.entries} == {"mage-wars"}
    assert [m.found for m in found] == ["Ответным ударом", "Эгидой"]
