"""Forgiving bilingual search over glossary entries (plain Python, no Discord).

A query is folded like the keys (case, ё/е, punctuation), read again in the other keyboard layout,
and matched in tiers: exact key (also after dropping a parameter value or inflection), prefix,
word prefix, typo-tolerant fuzzy match, then partial word overlap. Within a tier names beat
aliases and aliases beat transliterations; ties go to the shorter name. See
`docs/glossary-search.md` for the scores and the reasons behind them.
"""

from __future__ import annotations

import re
from bisect import bisect_left
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from functools import cached_property
from heapq import nlargest
from itertools import islice

from rapidfuzz import fuzz, process

from glossary.english import EnglishReader
from glossary.index import SHORT_PREFIX, TRANSLIT_FORMS, KeyIndex
from glossary.keyboard import layout_variants
from glossary.lookup import Lookup, lookup
from glossary.matching import FALLBACK_WORDS, NameMatcher, WordMemo
from glossary.model import Entry
from glossary.normalize import (
    STOP_WORDS,
    TRUSTED_STEM,
    analyse,
    clean,
    fold,
    script_of,
    stem,
)
from glossary.scoring import (
    AMBIGUITY_MARGIN,
    CYRILLIC_ENGLISH_PENALTY,
    GUESS_MIN_SCORE,
    LAYOUT_PENALTY,
    MAX_QUERY_CHARS,
    MIN_SCORE,
    NEAR_MIN_LETTERS,
    NEAR_RATIO,
    PREFER_MIN_SCORE,
    Hit,
    Match,
    Plan,
    new_hit,
)
from glossary.terms import TermFinder, TermMatch
from glossary.texthit import TextHit
from glossary.textindex import SORT_WHOLE, TextIndex
from glossary.translit import latin_forms

__all__ = ["MIN_SCORE", "Glossary", "Hit", "Lookup", "TermMatch", "TextHit"]

_FIRST_SENTENCE = re.compile(r"(?<=[.!?…])\s|\n")


class Glossary(NameMatcher):
    """All entries with their lookup index, built once; every method is safe on any input."""

    def __init__(
        self, entries: Iterable[Entry], aliases: Mapping[str, Sequence[str]] | None = None
    ) -> None:
        self.entries: list[Entry] = list(entries)
        self.aliases: dict[str, tuple[str, ...]] = {k: tuple(v) for k, v in (aliases or {}).items()}
        self._by_id = {e.id: e for e in self.entries}
        self.games: frozenset[str] = frozenset(e.game for e in self.entries)
        self._index = KeyIndex(self.entries, self.aliases)
        self._entry_game = [e.game for e in self.entries]
        # Final tie-break between equal hits: the shorter title, then the id.
        by_title = sorted(range(len(self.entries)), key=lambda i: _title_key(self.entries[i]))
        self._tie_order = [0] * len(self.entries)
        for position, i in enumerate(by_title):
            self._tie_order[i] = position

    @cached_property
    def _text(self) -> TextIndex:
        return TextIndex(self.entries, self.aliases)

    @cached_property
    def _definitions(self) -> dict[str, list[int]]:
        """Entries by the trusted stems of their text's first sentence (what the term *is*)."""
        out: dict[str, list[int]] = {}
        for i, entry in enumerate(self.entries):
            first = _FIRST_SENTENCE.split(entry.text.strip(), maxsplit=1)[0]
            for word in dict.fromkeys(fold(first).split()):
                root = stem(word)
                if len(root) >= TRUSTED_STEM and word not in STOP_WORDS:
                    bucket = out.setdefault(root, [])
                    if not bucket or bucket[-1] != i:
                        bucket.append(i)
        return out

    @cached_property
    def _terms(self) -> TermFinder:
        return TermFinder(self.entries, self.aliases)

    @cached_property
    def _english(self) -> EnglishReader:
        return EnglishReader(self.entries)

    def read_english(self, query: str) -> str | None:
        """The query with Cyrillic-typed English words read back (`glossary.english`), or None."""
        return self._english.read(fold(_clean(query)), self.text_knows)

    def get(self, entry_id: str) -> Entry | None:
        return self._by_id.get(entry_id)

    def __len__(self) -> int:
        return len(self.entries)

    # ------------------------------------------------------------------ search

    def search(
        self,
        query: str,
        game: str | None = None,
        limit: int = 10,
        prefer_game: str | None = None,
        *,
        typos: bool = True,
        last_resort: bool = True,
        memo: WordMemo | None = None,
        layouts: bool | None = None,
    ) -> list[Hit]:
        """Entries matching `query`, best first. An unknown `game` filter matches nothing.

        `typos=False` skips typo tolerance and the other-layout reading: for a question whose
        words are all real words (the texts use them), neither can be what the player meant.
        `last_resort=False` skips the scans run when nothing matched (loose typos, English in
        Cyrillic letters): for a caller that wants only a sure match. `memo`: one lookup's
        word matches so far (`WordMemo`), for a caller that searches the same words again.
        """
        if limit <= 0 or (game is not None and game not in self.games):
            return []
        if prefer_game is not None and prefer_game not in self.games:
            prefer_game = None
        plan = Plan(game, prefer_game if game is None else None, limit)
        best: dict[int, Match] = {}
        layouts = typos if layouts is None else layouts and typos
        variants = [(analyse(v), penalty) for v, penalty in _query_variants(query, layouts=layouts)]
        for folded, penalty in variants:
            if folded.norm:
                self._match(folded, penalty, plan, best, None if typos else False, memo)
        if not best and variants and variants[0][0].norm and typos and last_resort:
            typed = variants[0][0]
            self._match_fallback(typed, plan, best)
            # (a sentence is no English name: `FALLBACK_WORDS`, as for the typo scan)
            if not best and script_of(typed.norm) == "ru" and len(typed.tokens) <= FALLBACK_WORDS:
                # An English name spelled in Cyrillic letters (`армор`, `инкорпореал`): read
                # it back in Latin. Last resort only, so it never competes with Russian hits.
                # Loose word overlaps of such a guess are noise: keep real matches only.
                guessed: dict[int, Match] = {}
                forms = TRANSLIT_FORMS if len(typed.tokens) == 1 else 1  # (a phrase: one reading)
                for form in latin_forms(typed.norm, forms):
                    self._match(analyse(form), CYRILLIC_ENGLISH_PENALTY, plan, guessed, True)
                best.update((k, m) for k, m in guessed.items() if m.score >= GUESS_MIN_SCORE)
        return self._rank(best, limit, prefer_game)

    def ambiguous(self, hits: Sequence[Hit]) -> list[Hit]:
        """The hits that tie with the best one (several entries, same strength); else empty."""
        if len(hits) < 2:
            return []
        top = hits[0]
        tied = [
            h
            for h in hits
            if h.preferred == top.preferred
            and h.tier == top.tier
            and h.score >= top.score - AMBIGUITY_MARGIN
        ]
        return tied if len(tied) > 1 else []

    def suggest(
        self,
        query: str,
        game: str | None = None,
        limit: int = 5,
        prefer_game: str | None = None,
    ) -> list[Hit]:
        """The nearest entries even for a poor query; never empty while there are entries.

        Search hits keep their tier; the top-up is tiered "near" (spelled alike) or "far" (a
        stranger or an alphabetical filler), so callers can say honestly how close it is.
        """
        if limit <= 0 or not self.entries:
            return []
        if game is not None and game not in self.games:
            game = None
        hits = self.search(query, game=game, limit=limit, prefer_game=prefer_game)
        if len(hits) >= limit:
            return hits
        seen = {h.entry.id for h in hits}
        for hit in self._near(query, game, limit * 8, prefer_game, cutoff=1.0):
            if hit.entry.id not in seen:
                seen.add(hit.entry.id)
                hits.append(hit)
                if len(hits) >= limit:
                    return hits
        for e in self._in_order(self._alphabetical, game, prefer_game):
            if e.id not in seen:
                hits.append(Hit(e, 0.0, "far", e.title, e.game == prefer_game))
                if len(hits) >= limit:
                    break
        return hits

    def complete(
        self,
        query: str,
        game: str | None = None,
        limit: int = 25,
        prefer_game: str | None = None,
    ) -> list[Entry]:
        """Autocomplete: entries for what is typed so far, never a list of strangers.

        Nothing typed (or nothing that folds to letters or digits, like `#`): the first entries
        in data order, the channel's game first. Otherwise the name matches, else names spelled
        alike; a prefix of one to three characters is a start of typing, not a misspelling, so it
        gets no spelled-alike scan over every key. Cheap at any size: no full sort, no full scan
        for short input.
        """
        if limit <= 0 or (game is not None and game not in self.games):
            return []
        if prefer_game is not None and prefer_game not in self.games:
            prefer_game = None
        text = _clean(query)
        if not fold(text):
            return list(islice(self._in_order(range(len(self.entries)), game, prefer_game), limit))
        hits = self.search(text, game=game, limit=limit, prefer_game=prefer_game)
        if not hits and len(fold(text).replace(" ", "")) > SHORT_PREFIX:
            hits = [h for h in self._near(text, game, limit, prefer_game) if h.tier == "near"]
        return [h.entry for h in hits[:limit]]

    def _near(
        self,
        query: str,
        game: str | None,
        limit: int,
        prefer_game: str | None,
        cutoff: float = NEAR_RATIO,
    ) -> list[Hit]:
        """Keys spelled alike (rapidfuzz `ratio`), one hit per entry, tiered "near" or "far".

        Skipped for input of fewer than three letters: a ratio against such a stub is noise,
        and the scan over every key is the expensive part (a digit used to run it in full).
        """
        norm = fold(_clean(query))
        letters = sum(ch.isalpha() for ch in norm)
        if letters < NEAR_MIN_LETTERS or limit <= 0:
            return []
        idx = self._index
        found = process.extract(
            norm, idx.norm, scorer=fuzz.ratio, limit=limit * 8, score_cutoff=cutoff
        )
        out: list[Hit] = []
        seen: set[str] = set()
        for _, ratio, kid in found:
            entry = self.entries[idx.entry_of[kid]]
            if entry.id in seen or (game is not None and entry.game != game):
                continue
            seen.add(entry.id)
            score = min(float(ratio) * 0.3, MIN_SCORE)
            tier = "near" if ratio >= NEAR_RATIO else "far"
            out.append(Hit(entry, score, tier, idx.text[kid], entry.game == prefer_game))
        return out

    @cached_property
    def _alphabetical(self) -> list[int]:
        return sorted(range(len(self.entries)), key=lambda i: self.entries[i].title.casefold())

    @cached_property
    def _by_game(self) -> dict[str, list[int]]:
        out: dict[str, list[int]] = {}
        for i, e in enumerate(self.entries):
            out.setdefault(e.game, []).append(i)
        return out

    def _in_order(
        self, order: Iterable[int], game: str | None, prefer_game: str | None
    ) -> Iterator[Entry]:
        """Entries in `order`, only `game`'s when given, `prefer_game`'s first; lazily."""
        entries = self.entries
        if game is not None:
            yield from (entries[i] for i in order if entries[i].game == game)
            return
        order = order if isinstance(order, (list, range)) else list(order)
        if prefer_game is not None:
            yield from (entries[i] for i in order if entries[i].game == prefer_game)
        yield from (entries[i] for i in order if entries[i].game != prefer_game)

    def defined_by(self, query: str, game: str | None = None, limit: int = 5) -> list[Entry]:
        """Entries whose definition (first sentence) uses the query's one word, in any form.

        `летающий` is not a name of Mage Wars Flying (Полет), but its text begins «Существо
        летает…»: worth offering next to the names that hold the word. One content word only,
        with a stem long enough to trust; a longer query is a phrase, not a term's gloss.
        """
        words = [w for w in analyse(_clean(query)).base_tokens if w not in STOP_WORDS]
        if len(words) != 1 or limit <= 0:
            return []
        root = stem(words[0])
        if len(root) < TRUSTED_STEM:
            return []
        found = [self.entries[i] for i in self._definitions.get(root, ())]
        return [e for e in found if game is None or e.game == game][:limit]

    def search_text(self, query: str, game: str | None = None, limit: int = 10) -> list[TextHit]:
        """Full-text search over entry bodies, with the same folding and stemming."""
        if limit <= 0 or (game is not None and game not in self.games):
            return []
        query = _clean(query)
        hits = self._text.search(query, game, limit)
        if hits:
            return hits
        for variant in layout_variants(query):
            hits = self._text.search(variant, game, limit)
            if hits:
                return hits
        return []

    def text_rarity(self, word: str) -> float:
        """How rare a folded word is across the texts (its IDF; 0 for a word no text uses)."""
        return self._text.rarity(word)

    def text_knows(self, word: str) -> bool:
        """Whether the texts use this folded word in some form (`TextIndex.knows`)."""
        return self._text.knows(word)

    def text_first_without_each(self, query: str, winner: Entry, rivals: Sequence[Entry]) -> bool:
        """Whether `winner`'s text stays ahead of `rivals`' without any one word of the query
        (`glossary.robust`)."""
        return self._text.first_without_each(_clean(query), winner, rivals)

    def names_start_with(self, text: str) -> bool:
        """Whether some key begins as `text` folded does: its first word whole and the start
        of the next one (a bisect; «как по…» for «Как по закрытой карте», not «как маги…»)."""
        words = fold(_clean(text)).split()
        if not words:
            return False
        start = f"{words[0]} {words[1][:3]}" if len(words) > 1 else words[0]
        norms = self._index.sorted_norms
        pos = bisect_left(norms, start)
        return pos < len(norms) and norms[pos].startswith(start)

    def text_hits(self, query: str, game: str | None, limit: int) -> list[TextHit]:
        """The text index's hits for already-cleaned words (no layout guesses, no snippets): for
        the fusion."""
        if limit <= 0 or (game is not None and game not in self.games):
            return []
        return self._text.search(_clean(query), game, limit, snippets=False)

    def text_hits_near(
        self, query: str, game: str | None, limit: int
    ) -> tuple[list[TextHit], list[TextHit]]:
        """`text_hits` ranked with texts holding the words close together higher, and as
        `text_hits` ranks them (one pass)."""
        if limit <= 0 or (game is not None and game not in self.games):
            return [], []
        return self._text.search_near(_clean(query), game, limit)

    def text_hits_later(
        self, query: str, game: str | None, limit: int
    ) -> tuple[list[TextHit], Callable[[], list[TextHit]]]:
        """`text_hits`, and a call for `text_hits_near`'s ranking (`TextIndex.search_later`)."""
        if limit <= 0 or (game is not None and game not in self.games):
            return [], list
        return self._text.search_later(_clean(query), game, limit)

    def lookup(
        self,
        query: str,
        game: str | None = None,
        limit: int = 10,
        prefer_game: str | None = None,
    ) -> Lookup:
        """Names and texts in one ranking, with whether the best is sure (`glossary.lookup`)."""
        if limit <= 0 or (game is not None and game not in self.games):
            return Lookup([], False, [])
        if prefer_game is not None and prefer_game not in self.games:
            prefer_game = None
        return lookup(self, _clean(query), game, limit, prefer_game)

    def find_terms(self, text: str, prefer_game: str | None = None) -> list[TermMatch]:
        """Glossary terms named in free text, in reading order (the "Explain terms" menu)."""
        return self._terms.find(clean(text), prefer_game=prefer_game)

    def _rank(self, best: dict[int, Match], limit: int, prefer_game: str | None) -> list[Hit]:
        """One hit per entry (its best key), the channel's game first, then by score."""
        idx = self._index
        entry_of, norm = idx.entry_of, idx.norm
        per_entry: dict[int, Match] = {}
        for kid, m in best.items():
            if m.score < MIN_SCORE:
                continue
            e = entry_of[kid]
            current = per_entry.get(e)
            if (
                current is None
                or m.score > current.score
                or (m.score == current.score and len(norm[kid]) < len(norm[current.key]))
            ):
                per_entry[e] = m
        # Only entries that can still place need the full sort key.
        preferred: set[int] = set()
        if prefer_game is not None:
            games = self._entry_game
            preferred = {
                e
                for e, m in per_entry.items()
                if games[e] == prefer_game and m.score >= PREFER_MIN_SCORE
            }
        cut = -1.0
        if len(per_entry) - len(preferred) > limit:
            scores = [m.score for e, m in per_entry.items() if e not in preferred]
            # the `limit`-th best score: a short list sorted whole in C, a long one heaped
            cut = (
                sorted(scores, reverse=True)[limit - 1]
                if len(scores) <= SORT_WHOLE * limit
                else nlargest(limit, scores)[-1]
            )
        order = self._tie_order
        ranked = sorted(
            (e not in preferred, -m.score, len(norm[m.key]), order[e], e)
            for e, m in per_entry.items()
            if m.score >= cut or e in preferred
        )
        hits = []
        for *_, e in ranked[:limit]:
            m = per_entry[e]
            hits.append(
                new_hit(self.entries[e], round(m.score, 3), m.tier, idx.text[m.key], e in preferred)
            )
        return hits


def _title_key(entry: Entry) -> tuple[int, str]:
    return len(entry.title), entry.id


def _clean(query: str) -> str:
    """The query cleaned (`normalize.clean`) and cut to a length no real term reaches."""
    if not isinstance(query, str):
        return ""
    return clean(query[: MAX_QUERY_CHARS * 2])[:MAX_QUERY_CHARS]


def _query_variants(query: str, *, layouts: bool = True) -> list[tuple[str, float]]:
    """The query as typed, then read in the other keyboard layout (with a penalty; not read so
    at all without `layouts`, for a search that would drop those readings).

    A layout reading is kept only when it loses no letters: `,hjyz` → `броня` gains one, while
    `бр` → `,h` would shrink to a single stray `h`.
    """
    text = _clean(query)
    if not text.strip():
        return []
    letters = len(fold(text).replace(" ", ""))
    out = [(text, 0.0)]
    for variant in layout_variants(text) if layouts else ():
        if len(fold(variant).replace(" ", "")) >= max(2, letters):
            out.append((variant, LAYOUT_PENALTY))
    return out
