"""One ranking over names and texts, and whether its winner is sure enough to open (`/rule`).

The name matcher (`Glossary.search`) knows names; the text index (`/search`) knows what entries
say. A player asks either: «эгида» is a name, «сколько кубиков рассеивания» a question whose
answer is in a text. So a query is read as a question first (`glossary.question`), matched by
name as typed and by its subject, and, unless a name matched outright, scored against the texts
too (BM25 over stems, rare words weighing more, question words left out). Each entry keeps its
better score of the two, plus a bonus when both agree. The result says whether the best hit is
clearly ahead (`confident`): only then does `/rule` open it; otherwise it asks.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from glossary.normalize import fold
from glossary.question import read_question
from glossary.scoring import AMBIGUITY_MARGIN, CONFIDENT_SCORE, Hit

if TYPE_CHECKING:
    from glossary.search import Glossary

SURE_TIERS = frozenset({"exact", "stem"})  # the query is this entry's name, in some form
SUBJECT_PENALTY = 0.5  # a name found only after dropping «что такое» ranks just below as typed
TEXT_WEIGHT = 0.85  # a text match at most 85: never above an exact or stem name match (93+)
NAMED_WEIGHT = 10.0  # … plus up to 10 when the query's rare words are in the entry's names
TEXT_CAP = 92.0  # a text-led score stays below every stem or exact name match
AGREE_BONUS = 8.0  # name and text point at the same entry
AGREE_MIN_TEXT = 40.0  # … when its text holds a fair share of the query's words
TEXT_SURE = 70.0  # a text match this good (most of the query's rare words) may be opened
TEXT_MARGIN = 10.0  # … when it leads the next entry by this many points
NAME_MARGIN = 3.0  # a loose name match (prefix, typo, words) must lead by this much to open
SHORT_QUERY = 3  # a query this short (`a`, `бр`) opens only an exact name
TEXT_POOL = 10  # text hits taken into the fusion
FULL_COVERAGE = 0.99  # every word of the question (rounding aside)


@dataclass(frozen=True)
class Lookup:
    """The fused ranking of one query: hits best first and whether to open the first."""

    hits: list[Hit]
    confident: bool
    tied: list[Hit]  # equally good answers (same tier, same strength) when there are several


def lookup(
    glossary: Glossary,
    query: str,
    game: str | None = None,
    limit: int = 10,
    prefer_game: str | None = None,
) -> Lookup:
    """Names and texts in one ranking; see the module docstring."""
    pool = max(limit, TEXT_POOL)
    question = read_question(query)
    names: list[Hit] = []
    if question.subject and question.subject != fold(query):
        subject = glossary.search(question.subject, game=game, limit=pool, prefer_game=prefer_game)
        names = [replace(h, score=h.score - SUBJECT_PENALTY) for h in subject]
    # The whole query, wrapper and all, only when the subject is no name and some name starts
    # like the query (`Как по закрытой карте`, `Не может …`): else the wrapper is just noise.
    if not names or (names[0].tier not in SURE_TIERS and glossary.names_start_with(query)):
        whole = glossary.search(query, game=game, limit=pool, prefer_game=prefer_game)
        names = _merge(whole, names)
    top = names[0] if names else None
    if top is not None and top.tier in SURE_TIERS:
        return _decide(glossary, query, names[:limit], text_led=False)
    words = question.content
    texts = glossary.text_hits(" ".join(words), game, TEXT_POOL) if words else []
    if not texts:
        return _decide(glossary, query, names[:limit], text_led=False)
    by_name = {h.entry.id: h for h in names}
    fused: dict[str, Hit] = dict(by_name)
    text_score: dict[str, float] = {}
    for t in texts:
        text_score[t.entry.id] = t.score
        score = TEXT_WEIGHT * t.score + NAMED_WEIGHT * t.named
        named = by_name.get(t.entry.id)
        if named is not None:
            bonus = AGREE_BONUS if t.score >= AGREE_MIN_TEXT else 0.0
            if score > named.score:
                score = min(TEXT_CAP, score + bonus)
                fused[t.entry.id] = replace(named, score=round(score, 3), tier="text")
            else:
                fused[t.entry.id] = replace(named, score=round(named.score + bonus, 3))
        else:
            preferred = prefer_game is not None and t.entry.game == prefer_game
            score = min(TEXT_CAP, score)
            fused[t.entry.id] = Hit(t.entry, round(score, 3), "text", t.snippet, preferred)
    ranked = sorted(fused.values(), key=lambda h: (not h.preferred, -h.score))
    best = ranked[0]
    covered = {t.entry.id: t.coverage for t in texts}
    # A text answer is sure only when the texts know every word of the question and this
    # entry holds them all: `как чинить …` has a word no entry uses, so it is only a guess.
    text_led = (
        best.tier == "text"
        and text_score.get(best.entry.id, 0.0) >= TEXT_SURE
        and covered.get(best.entry.id, 0.0) >= FULL_COVERAGE
        and all(glossary.text_knows(w) for w in words)
    )
    return _decide(glossary, query, ranked[:limit], text_led=text_led)


def _merge(first: Sequence[Hit], second: Sequence[Hit]) -> list[Hit]:
    """Both rankings, each entry once with its better hit, best first (channel's game ahead)."""
    out: dict[str, Hit] = {}
    for h in (*first, *second):
        current = out.get(h.entry.id)
        if current is None or h.score > current.score:
            out[h.entry.id] = h
    return sorted(out.values(), key=lambda h: (not h.preferred, -h.score))


def _decide(glossary: Glossary, query: str, hits: list[Hit], *, text_led: bool) -> Lookup:
    """Whether the best hit is clearly the answer: a name that stands alone, or a loose or text
    match well ahead of the next entry. Anything else is a question back to the player."""
    if not hits:
        return Lookup([], False, [])
    top = hits[0]
    # Equals worth a "which one?" are confident names; weak or text ties are suggestions.
    short = len(fold(query).replace(" ", "")) < SHORT_QUERY
    sure_enough = top.tier != "text" and top.score >= CONFIDENT_SCORE
    tied = glossary.ambiguous(hits) if sure_enough and (top.tier == "exact" or not short) else []
    runner = next((h for h in hits[1:] if h.preferred == top.preferred), None)
    lead = top.score - runner.score if runner is not None else 100.0
    if short:
        confident = top.tier == "exact" and not tied
    elif tied:
        confident = False
    elif top.tier in SURE_TIERS:
        confident = True
    elif top.tier == "text":
        confident = text_led and lead >= TEXT_MARGIN and len(read_question(query).content) > 1
    else:
        confident = top.score >= CONFIDENT_SCORE and lead >= NAME_MARGIN
    return Lookup(hits, confident, tied)


__all__ = ["AMBIGUITY_MARGIN", "Lookup", "lookup"]
