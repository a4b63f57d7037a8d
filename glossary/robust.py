"""Whether a text answer holds without any one of the question's words (issue 19, round 5).

A wrong text winner usually leads because of one word: drop it and another text is first
(«можно выбрать активным дом захваченной карты» is «Активный Дом» only through «активным»;
without it, «Контроль»). A right one is first on every word at once. `glossary.lookup` opens a
text winner at a smaller lead when it is first without each word in turn. The texts are not
searched again: each word's part of every score is taken from the index, for the texts of the
pick list, and the ranking without the word is worked out the way `TextIndex` ranks: each
text's words' parts are listed once, and each word left out skips its own part.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

from glossary.normalize import STOP_WORDS, analyse
from glossary.textterms import term_of

if TYPE_CHECKING:
    from glossary.model import Entry
    from glossary.textindex import TextIndex

_K1 = 1.2  # BM25's k1, as in `glossary.textindex`


def first_without_each(
    index: TextIndex, query: str, winner: Entry, rivals: Sequence[Entry]
) -> bool:
    """Whether `winner` ranks ahead of every one of `rivals` by its text (`TextIndex` scores:
    the share of the question by rarity, BM25, the words as one phrase; texts named by every
    word first) when any one of the query's words is left out. A query of fewer than three
    known words has nothing to leave out: False."""
    words = [t for t in analyse(query).tokens if t not in STOP_WORDS]
    word_terms = [term_of(w) for w in words]
    stems = list(dict.fromkeys(word_terms))
    groups = {
        s: [v for v in index._terms_for(w) if v in index.postings]
        for w, s in zip(words, word_terms, strict=True)
    }
    known = [s for s in stems if groups[s]]
    if len(known) < 3 or len(known) != len(stems):
        return False
    # a word's weight in BM25: its own forms' (as in `_search`)
    idf = {s: index._word_idf(words[word_terms.index(s)], groups[s]) for s in known}
    weight = {s: index.idf.get(s, 1.0) for s in known}  # … and in the share's denominator
    position = index.position
    entries = [position[e.id] for e in (winner, *rivals) if e.id in position]
    if len(entries) < 2 or entries[0] != position.get(winner.id):
        return False
    denom = index._denominators
    # each entry's words (index in `known`, BM25 part, named, weight), in the words' order
    parts: dict[int, list[tuple[int, float, bool, float]]] = {}
    k1p = _K1 + 1
    postings, name_terms = index.postings, index.name_terms
    for i in entries:
        row = parts[i] = []
        for j, s in enumerate(known):
            tf = 0
            for v in groups[s]:
                tf += postings[v].get(i, 0)
            if tf:
                named = not name_terms[i].isdisjoint(groups[s])
                row.append((j, idf[s] * k1p * tf / (tf + denom[i]), named, idf[s]))
    stem_text = index.stem_text
    need = len(known) - 1  # words named for a text named by every word left in
    for out, left_out in enumerate(known):
        total = sum(weight[s] for s in known if s != left_out)
        phrase_terms = [t for t in word_terms if t != left_out]
        phrase = f" {' '.join(phrase_terms)} "
        # a text holding the phrase holds its rarest term: the others skip the substring scan
        rarest = min(phrase_terms, key=lambda t: len(postings.get(t, ())))
        phrase_in = postings.get(rarest, {})

        def rank(
            i: int,
            out: int = out,
            total: float = total,
            phrase: str = phrase,
            phrase_in: Mapping[int, int] = phrase_in,
        ) -> tuple[bool, float]:
            named = 0
            bm = held = 0.0  # summed in the words' order, as `TextIndex` sums them
            for j, part, is_named, w in parts[i]:
                if j != out:
                    bm += part
                    named += is_named
                    held += w
            coverage = held / total
            score = 60.0 * coverage + 25.0 * bm / (bm + 5.0)
            score += 15.0 if i in phrase_in and phrase in stem_text[i] else 0.0
            return (named < need, -round(score, 3))

        mine = rank(entries[0])
        if any(rank(i) <= mine for i in entries[1:]):
            return False
    return True
