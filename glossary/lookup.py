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

import math
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, replace
from functools import partial
from operator import attrgetter
from typing import TYPE_CHECKING

from glossary.gamenames import find_games
from glossary.matching import WordMemo
from glossary.normalize import fold
from glossary.phrase import stands_in, term_like
from glossary.question import read_question
from glossary.scoring import CONFIDENT_SCORE, Hit, new_hit
from glossary.textlead import CLEAR_LEAD, CLEAR_MIN_SCORE, FULL_COVERAGE, MIN_KNOWN, clear_lead
from glossary.translit import cyrillic_reading

if TYPE_CHECKING:
    from glossary.search import Glossary
    from glossary.texthit import TextHit

SURE_TIERS = frozenset({"exact", "stem"})  # the query is this entry's name, in some form
TYPO_TIERS = frozenset({"fuzzy"})  # a name matched with a typo or two (whole or its start)
TYPO_MIN_LETTERS = 5  # a word no text uses read as a misspelt name (`_spelled`) from this long
READING_PENALTY = 3.0  # a Latin query read as Russian is a guess about the spelling
SUBJECT_PENALTY = 0.5  # a name found only after dropping «что такое» ranks just below as typed
TEXT_WEIGHT = 0.85  # a text match at most 85: never above an exact or stem name match (93+)
NAMED_WEIGHT = 10.0  # … plus up to 10 when the query's rare words are in the entry's names
WHOLE_NAME_WEIGHT = 10.0  # … and up to this when one of its names is in the question whole
TEXT_CAP = 92.0  # a text-led score stays below every stem or exact name match
TEXT_KNEE = 85.0  # … squeezed from here on (`_soft_cap`)
AGREE_BONUS = 8.0  # name and text point at the same entry
AGREE_MIN_TEXT = 40.0  # … when its text holds a fair share of the query's words
TEXT_SURE = 70.0  # a text match this good (most of the query's rare words) may be opened
TEXT_MARGIN = 10.0  # … when it leads the next entry by this many points
UNKNOWN_WORD_FACTOR = 2.0  # … twice that when the question has a word no text uses
NAME_MARGIN = 3.0  # a loose name match (prefix, typo, words) must lead by this much to open
SHORT_QUERY = 3  # a query this short (`a`, `бр`) opens only an exact name
LOOSE = frozenset({"words", "word-prefix"})  # name tiers that match only some of the words
LONG_QUESTION = 3  # content words from which a loose name match counts for less
LOOSE_NAME_WEIGHT = 0.85
TEXT_POOL = 10  # text hits taken into the fusion


@dataclass(frozen=True)
class Lookup:
    """The fused ranking of one query: hits best first and whether to open the first."""

    hits: list[Hit]
    confident: bool
    tied: list[Hit]  # equally good answers (same tier, same strength) when there are several
    # the rules of these games do not answer it (it names another game): hits are only nearest
    unanswered: bool = False


def lookup(
    glossary: Glossary,
    query: str,
    game: str | None = None,
    limit: int = 10,
    prefer_game: str | None = None,
) -> Lookup:
    """Names and texts in one ranking; see the module docstring. A game named in the query
    («… в берсерке») filters when it is the only one named (preference if that finds nothing);
    another game's name («… в мтг») makes the answer `unanswered`, never confident."""
    named = find_games(query)
    if not named.games and not named.other:
        found = _read_lookup(glossary, query, game, limit, prefer_game)
        if not found.hits and _strange(glossary, query):
            return replace(found, unanswered=True)
        return found
    query = named.rest
    if named.other:
        found = _read_lookup(glossary, query, game, limit, prefer_game)
        return Lookup(found.hits, False, [], unanswered=True)
    only = named.only if named.only in glossary.games else None
    if game is None and only is not None:
        found = _read_lookup(glossary, query, only, limit, None)
        if found.hits:
            return found
        prefer_game = only
    return _read_lookup(glossary, query, game, limit, prefer_game)


def _read_lookup(
    glossary: Glossary, query: str, game: str | None, limit: int, prefer_game: str | None
) -> Lookup:
    """`_lookup`, and when it is unsure, again with Cyrillic-typed English read back
    («каунтерстрайк когда срабатывает» → `counterstrike …`): the better of the two by the
    scores that decide, and only the chosen one's pick list ordered by proximity. Both passes
    share one `WordMemo`: the second changes only the words read back."""
    memo = WordMemo()
    found, finish = _lookup(glossary, query, game, limit, prefer_game, memo)
    if found.confident:
        return found
    read = glossary.read_english(query)
    if read is not None:
        other, other_finish = _lookup(glossary, read, game, limit, prefer_game, memo)
        if other.confident or (
            other.hits and (not found.hits or other.hits[0].score > found.hits[0].score)
        ):
            found, finish = other, other_finish
    return found if finish is None else finish()


def _strange(glossary: Glossary, query: str) -> bool:
    """A question of several words none of which any rule text uses («кто принесёт пиццу»)."""
    words = read_question(query).content
    return len(words) >= 2 and not any(map(glossary.text_knows, words))


def _lookup(
    glossary: Glossary,
    query: str,
    game: str | None,
    limit: int,
    prefer_game: str | None,
    memo: WordMemo,
) -> tuple[Lookup, Callable[[], Lookup] | None]:
    """The decided lookup, and for one that is unsure the call ordering its pick list by
    proximity (the costliest part, paid only for the list that is shown)."""
    pool = max(limit, TEXT_POOL)
    question = read_question(query)
    # A question of real words (every content word occurs in some text) holds no typo worth
    # looking for in the names; a name or a typo (`Regenarate 2`, `Damage Barier`) does.
    typos = len(question.content) < 2 or not all(map(glossary.text_knows, question.content))
    # … and only a query with no word the texts use can have been typed in the wrong layout
    layouts = len(question.content) < 2 or not any(map(glossary.text_knows, question.content))
    # `memo`: the same words are searched as the subject, whole, and without one
    by_name = partial(
        glossary.search,
        game=game,
        limit=pool,
        prefer_game=prefer_game,
        typos=typos,
        memo=memo,
        layouts=layouts,
    )
    names: list[Hit] = []
    if question.subject and question.subject != fold(query):
        names = [_rescored(h, h.score - SUBJECT_PENALTY) for h in by_name(question.subject)]
    # The whole query, wrapper and all, only when the subject is no name and some name starts
    # like the query (`Как по закрытой карте`, `Не может …`): else the wrapper is just noise,
    # as is one only after the subject («… это что»: the query starts as the subject does).
    if not names or (
        names[0].tier not in SURE_TIERS
        and glossary.names_start_with(query)
        and fold(query).split()[0] != question.subject.split()[0]
    ):
        names = _merge(by_name(query), names)
    # An English name already matched well (`Damage Barier`) is no Russian typed in Latin
    english = bool(names) and names[0].confident and names[0].matched.isascii()
    reading = None if english else cyrillic_reading(question.subject)
    if reading and (not names or names[0].tier not in SURE_TIERS):
        # `bronyu`, `tyazhelaya bronya`: Russian typed in Latin letters, read back as Russian
        # so its word forms are stemmed like Cyrillic input (a guess: a few points lower)
        russian = glossary.search(
            reading, game=game, limit=pool, prefer_game=prefer_game, typos=typos, memo=memo
        )
        names = _merge(names, [_rescored(h, h.score - READING_PENALTY) for h in russian])
    top = names[0] if names else None
    if top is not None and top.tier in SURE_TIERS:
        return _decide(glossary, query, names[:limit]), None
    words = question.content
    searched = (
        _spelled(glossary, words, game, prefer_game, memo) if typos and len(words) > 1 else words
    )
    plain_texts, nearby = (
        glossary.text_hits_later(" ".join(searched), game, TEXT_POOL) if words else ([], list)
    )
    if not plain_texts:
        return _decide(glossary, query, names[:limit]), None
    # A loose name match (a word or two of a longer question in some name) is weaker evidence
    # than a text holding the whole question: scaled down before the two meet.
    if len(words) >= LONG_QUESTION:
        names = [
            _rescored(h, round(h.score * LOOSE_NAME_WEIGHT, 3)) if h.tier in LOOSE else h
            for h in names
        ]
    plain, uncapped = _fuse(names, plain_texts, prefer_game)
    decided = _decide(
        glossary,
        query,
        plain[:limit],
        # the cheap margin rule first: the stability check runs two more searches
        text_sure=clear_lead(
            glossary,
            plain,
            plain_texts,
            words,
            named_first=top is not None and top.entry.id == plain[0].entry.id,
        )
        or (
            _text_sure(glossary, plain, plain_texts, words, uncapped)
            and _stable(glossary, words, plain[0], game, prefer_game, memo)
        ),
        # the name matcher alone would have opened this entry, and a text agrees
        agreed=top is not None and top.entry.id == plain[0].entry.id and top.confident,
    )
    if (  # a term («первый удар») is no text's answer unless it stands there whole (B2)
        decided.confident
        and plain[0].tier == "text"
        and term_like(query, question.subject, question.content)
        and all(map(glossary.text_knows, question.content))
        and not stands_in(plain[0].entry, query)
    ):
        decided = Lookup(decided.hits, False, decided.tied, decided.unanswered)
    if decided.confident:  # a sure answer is not second-guessed by where its words stand
        return decided, None

    def ranked() -> Lookup:
        """The words of a question standing close in a text (`TextHit.near`) reorder only a
        list shown to choose from: whether to open is decided on the scores without them."""
        fused, _ = _fuse(names, nearby(), prefer_game, whole_names=True)
        return Lookup(fused[:limit], False, decided.tied, decided.unanswered)

    return decided, ranked


def _spelled(
    glossary: Glossary,
    words: Sequence[str],
    game: str | None,
    prefer_game: str | None,
    memo: WordMemo,
) -> Sequence[str]:
    """The question's words with each one no text uses read as the name it misspells, when
    one name is a sure typo match for it alone («коррозея броня» → «коррозия броня»): for the
    text search only (whether to open still counts the word as unknown)."""
    out: list[str] = []
    for word in words:
        if len(word) >= TYPO_MIN_LETTERS and not glossary.text_knows(word):
            hits = glossary.search(
                word, game=game, limit=1, prefer_game=prefer_game, last_resort=False, memo=memo
            )
            if hits and hits[0].tier in TYPO_TIERS and hits[0].confident:
                out.extend(fold(hits[0].matched).split())
                continue
        out.append(word)
    return out


def _fuse(
    names: Sequence[Hit],
    texts: Sequence[TextHit],
    prefer_game: str | None,
    *,
    whole_names: bool = False,
) -> tuple[list[Hit], dict[str, float]]:
    """Name and text hits in one ranking (each entry its better score, a bonus when both
    agree), and each entry's score before `_soft_cap` (for the lead). With `whole_names`, an
    entry whose name the question holds entire scores higher (`TextHit.whole_name`): for the
    pick list's order only, never for whether to open."""
    by_name = {h.entry.id: h for h in names}
    fused: dict[str, Hit] = dict(by_name)
    uncapped = {h.entry.id: h.score for h in names}  # for the lead, before `_soft_cap`
    for t in texts:
        raw = TEXT_WEIGHT * t.score + NAMED_WEIGHT * t.named
        if whole_names:
            raw += WHOLE_NAME_WEIGHT * t.whole_name
        score = _soft_cap(raw)
        named = by_name.get(t.entry.id)
        if named is not None:
            bonus = AGREE_BONUS if t.score >= AGREE_MIN_TEXT else 0.0
            if score > named.score:  # the text decides, and so does the text's preference
                score = _soft_cap(raw + bonus)
                uncapped[t.entry.id] = raw + bonus
                preferred = prefer_game is not None and t.entry.game == prefer_game
                fused[t.entry.id] = new_hit(
                    t.entry, round(score, 3), "text", named.matched, preferred or named.preferred
                )
            else:
                fused[t.entry.id] = _rescored(named, round(named.score + bonus, 3))
                uncapped[t.entry.id] = named.score + bonus
        else:
            uncapped[t.entry.id] = raw
            preferred = prefer_game is not None and t.entry.game == prefer_game
            fused[t.entry.id] = new_hit(t.entry, round(score, 3), "text", t.entry.title, preferred)
    ranked = _best_first(fused.values())
    return ranked, uncapped


_SCORE, _PREFERRED = attrgetter("score"), attrgetter("preferred")


def _best_first(hits: Iterable[Hit]) -> list[Hit]:
    """The channel's game first, then by score, equals as given: sorted by the score, then
    by the preference (two stable sorts in C, no key built per hit in Python)."""
    ranked = sorted(hits, key=_SCORE, reverse=True)
    ranked.sort(key=_PREFERRED, reverse=True)
    return ranked


def _rescored(hit: Hit, score: float, tier: str | None = None) -> Hit:
    """`hit` with another score (and tier): built directly, as `dataclasses.replace` costs
    several times more and a question's lookup makes dozens of these."""
    return new_hit(hit.entry, score, hit.tier if tier is None else tier, hit.matched, hit.preferred)


def _soft_cap(score: float) -> float:
    """Text scores above `TEXT_KNEE` are squeezed under `TEXT_CAP` (order kept), so a text
    match never outranks a stem or exact name match, and two strong texts stay apart."""
    if score <= TEXT_KNEE:
        return score
    return TEXT_KNEE + (TEXT_CAP - TEXT_KNEE) * (1.0 - math.exp(-(score - TEXT_KNEE) / 10.0))


def _text_sure(
    glossary: Glossary,
    ranked: Sequence[Hit],
    texts: Sequence[TextHit],
    words: Sequence[str],
    uncapped: dict[str, float],
) -> bool:
    """Whether a text-led winner may be opened: it leads the next entry by `TEXT_MARGIN`
    (before the soft cap squeezed the scores).

    A text answer is sure only when the texts know the question's words and this entry holds
    them all. A question with words no entry uses (`как чинить неживые объекты`) needs twice
    the lead, and more unknown words than known ones make it a guess.
    """
    best = ranked[0]
    by_id = {t.entry.id: t for t in texts}
    hit = by_id.get(best.entry.id)
    if best.tier != "text" or hit is None or len(words) < 2:
        return False
    unknown = sum(not glossary.text_knows(w) for w in words)
    if unknown > len(words) - unknown or len(words) - unknown < MIN_KNOWN:
        return False
    if hit.score < TEXT_SURE or hit.coverage < FULL_COVERAGE:
        return False
    runner = next((h for h in ranked[1:] if h.preferred == best.preferred), None)
    lead = uncapped[best.entry.id] - uncapped[runner.entry.id] if runner is not None else 100.0
    # A word the texts do not know may be the point of the question: then only a wide lead
    # (twice the usual) makes the answer sure.
    return lead >= (TEXT_MARGIN * UNKNOWN_WORD_FACTOR if unknown else TEXT_MARGIN)


def _stable(
    glossary: Glossary,
    words: Sequence[str],
    best: Hit,
    game: str | None,
    prefer: str | None,
    memo: WordMemo,
) -> bool:
    """Whether the winner stays first without the question's commonest word: the answer must
    not hinge on «маг» or «карта» (`сколько жизни у мага` is about «Жизнь», and only «мага»
    pulls it towards Life +/- X)."""
    commonest = min(words, key=glossary.text_rarity)
    rest = [w for w in words if w != commonest]
    if not rest:
        return True
    reduced = " ".join(rest)
    named = glossary.search(reduced, game=game, limit=1, prefer_game=prefer, typos=False, memo=memo)
    if named and named[0].tier in SURE_TIERS:  # the rest is some entry's name
        return named[0].entry.id == best.entry.id
    texts = glossary.text_hits(reduced, game, 1)
    return not texts or texts[0].entry.id == best.entry.id


def _merge(first: Sequence[Hit], second: Sequence[Hit]) -> list[Hit]:
    """Both rankings, each entry once with its better hit, best first (channel's game ahead)."""
    out: dict[str, Hit] = {}
    for h in (*first, *second):
        current = out.get(h.entry.id)
        if current is None or h.score > current.score:
            out[h.entry.id] = h
    return _best_first(out.values())


def _decide(
    glossary: Glossary,
    query: str,
    hits: list[Hit],
    *,
    text_sure: bool = False,
    agreed: bool = False,
) -> Lookup:
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
        confident = text_sure or (agreed and lead >= NAME_MARGIN)
    else:
        confident = top.score >= CONFIDENT_SCORE and lead >= NAME_MARGIN
        # a loose name match (some words of a question in one name) far ahead of the rest;
        # not for one word, where a "words" match is a typo guess (`Incorprael`)
        several = len(fold(query).split()) >= 2
        loose_clear = several and top.tier in LOOSE and top.score >= CLEAR_MIN_SCORE
        confident = confident or (loose_clear and lead >= CLEAR_LEAD * top.score)
    return Lookup(hits, confident, tied)


__all__ = ["Lookup", "lookup"]
