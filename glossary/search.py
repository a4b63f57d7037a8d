"""Forgiving bilingual search over glossary entries (plain Python, no Discord).

A query is folded like the keys (case, ё/е, punctuation), read again in the other keyboard layout,
and matched in tiers: exact key (also after dropping a parameter value or inflection), prefix,
word prefix, typo-tolerant fuzzy match, then partial word overlap. Within a tier names beat
aliases and aliases beat transliterations; ties go to the shorter name. See
`docs/glossary-search.md` for the scores and the reasons behind them.
"""

from __future__ import annotations

import unicodedata
from bisect import bisect_left
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from functools import cached_property

from rapidfuzz import fuzz, process
from rapidfuzz.distance import OSA

from glossary.index import ALIAS, NAME, TRANSLIT, KeyIndex
from glossary.keyboard import layout_variants
from glossary.model import Entry
from glossary.normalize import STOP_WORDS, Folded, analyse, fold, stem
from glossary.textindex import TextHit, TextIndex

__all__ = ["Glossary", "Hit", "TextHit"]

MAX_QUERY_CHARS = 200  # longer input is cut: no real term is that long
MIN_SCORE = 30.0  # below this a hit is noise, not a match
PREFER_MIN_SCORE = 50.0  # a preferred game's hit jumps ahead only when it is a real match
AMBIGUITY_MARGIN = 1.0  # hits this close to the best, in the same tier, tie with it
LAYOUT_PENALTY = 4.0  # reading the query in the other layout is a guess
KIND_PENALTY = {NAME: 0.0, ALIAS: 1.0, TRANSLIT: 2.0}
PREFIX_SCAN_CAP = 4000  # keys looked at for one prefix; bounds short prefixes on huge glossaries
TOKEN_SCAN_CAP = 5000  # keys one query word may pull in for word and typo matching

# Tier base scores (each tier's band stays below the previous one).
EXACT = 100.0
COMPACT = 99.0  # same letters, different spacing: `Double strike`, `Æ mber`
PARAM_BOTH = 99.0  # `Aegis 3` → `Aegis X`
PARAM_KEY_ONLY = 97.0  # `Aegis` → `Aegis X`
PARAM_QUERY_ONLY = 96.0  # `Броня 2` → `Броня` when no parametric entry fits better
STEM = 95.0  # `броню` → `Броня`
STEM_PARAM_MISMATCH = 93.0
PREFIX = 80.0  # + up to 10 for how much of the key is typed
WORD_PREFIX = 70.0  # + up to 10
FUZZY = 70.0  # − 7 per edit
FUZZY_PREFIX = 62.0  # − 7 per edit
WORDS = 30.0  # + up to 38 for word coverage

_Offer = Callable[[int, float, str], None]


def edit_budget(length: int) -> int:
    """Typos tolerated for a query of this many letters: short ones must be typed right."""
    if length < 4:
        return 0
    if length < 8:
        return 1
    return 2


@dataclass(frozen=True)
class Hit:
    """One search result: the entry, how well it matched, in which tier, through which key."""

    entry: Entry
    score: float
    tier: str
    matched: str
    preferred: bool = False  # from the channel's game in progress, ranked ahead of the rest


@dataclass
class _Match:
    score: float
    tier: str
    key: int


class Glossary:
    """All entries with their lookup index, built once; every method is safe on any input."""

    def __init__(self, entries: Iterable[Entry]) -> None:
        self.entries: list[Entry] = list(entries)
        self._by_id = {e.id: e for e in self.entries}
        self.games: frozenset[str] = frozenset(e.game for e in self.entries)
        self._index = KeyIndex(self.entries)
        self._entry_game = [e.game for e in self.entries]

    @cached_property
    def _text(self) -> TextIndex:
        return TextIndex(self.entries)

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
    ) -> list[Hit]:
        """Entries matching `query`, best first. An unknown `game` filter matches nothing."""
        if limit <= 0 or (game is not None and game not in self.games):
            return []
        best: dict[int, _Match] = {}
        for variant, penalty in _query_variants(query):
            folded = analyse(variant)
            if folded.norm:
                self._match(folded, penalty, game, best, fuzzy=penalty == 0.0)
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
        """The nearest entries even for a poor query; never empty while there are entries."""
        if limit <= 0 or not self.entries:
            return []
        if game is not None and game not in self.games:
            game = None
        hits = self.search(query, game=game, limit=limit, prefer_game=prefer_game)
        if len(hits) >= limit:
            return hits
        seen = {h.entry.id for h in hits}
        norm = fold(_clean(query))
        idx = self._index
        if norm:
            found = process.extract(
                norm, idx.norm, scorer=fuzz.ratio, limit=limit * 8, score_cutoff=1
            )
            for _, ratio, kid in found:
                entry = self.entries[idx.entry_of[kid]]
                if entry.id in seen or (game is not None and entry.game != game):
                    continue
                seen.add(entry.id)
                score = min(float(ratio) * 0.3, MIN_SCORE)
                hits.append(Hit(entry, score, "suggest", idx.text[kid], entry.game == prefer_game))
                if len(hits) >= limit:
                    return hits
        rest = sorted(
            (e for e in self.entries if e.id not in seen and (game is None or e.game == game)),
            key=lambda e: (e.game != prefer_game, e.title.casefold()),
        )
        hits += [Hit(e, 0.0, "suggest", e.title, e.game == prefer_game) for e in rest]
        return hits[:limit]

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

    # ---------------------------------------------------------------- matching

    def _offer(
        self, best: dict[int, _Match], kid: int, score: float, tier: str, game: str | None
    ) -> None:
        idx = self._index
        if game is not None and self._entry_game[idx.entry_of[kid]] != game:
            return
        score -= KIND_PENALTY[idx.kind[kid]]
        current = best.get(kid)
        if current is None or score > current.score:
            best[kid] = _Match(score, tier, kid)

    def _match(
        self,
        q: Folded,
        penalty: float,
        game: str | None,
        best: dict[int, _Match],
        fuzzy: bool,
    ) -> None:
        idx = self._index
        local: dict[int, _Match] = {}

        def offer(kid: int, score: float, tier: str) -> None:
            self._offer(local, kid, score, tier, game)

        for kid in idx.by_norm.get(q.norm, ()):
            offer(kid, EXACT, "exact")
        if len(q.compact) >= 3:
            for kid in idx.by_compact.get(q.compact, ()):
                offer(kid, COMPACT, "exact")
            for kid in idx.by_norm.get(q.compact, ()):
                offer(kid, COMPACT, "exact")
        if q.has_param:
            for kid in idx.by_base.get(q.base, ()):
                offer(kid, PARAM_BOTH, "exact")
            for kid in idx.by_norm.get(q.base, ()):
                offer(kid, PARAM_QUERY_ONLY, "exact")
        else:
            for kid in idx.by_base.get(q.norm, ()):
                offer(kid, PARAM_KEY_ONLY, "exact")
        if q.stem_key:
            for kid in idx.by_stem_key.get(q.stem_key, ()):
                same = idx.has_param[kid] == q.has_param
                offer(kid, STEM if same else STEM_PARAM_MISMATCH, "stem")

        self._match_prefixes(q, offer)
        if fuzzy or not local:
            self._match_words(q, offer, allow_typos=fuzzy)

        for kid, m in local.items():
            score = m.score - penalty
            current = best.get(kid)
            if current is None or score > current.score:
                best[kid] = _Match(score, m.tier, kid)

    def _match_prefixes(self, q: Folded, offer: _Offer) -> None:
        idx = self._index
        text = q.norm
        pos = bisect_left(idx.suffixes, text)
        scanned = 0
        suffixes = idx.suffixes
        while pos < len(suffixes) and scanned < PREFIX_SCAN_CAP:
            if not suffixes[pos].startswith(text):
                break
            for code in idx.suffix_owners[pos]:
                kid = code >> 1
                cover = 10.0 * len(text) / len(idx.norm[kid])
                if code & 1:
                    offer(kid, WORD_PREFIX + cover, "word-prefix")
                else:
                    offer(kid, PREFIX + cover, "prefix")
                scanned += 1
            pos += 1

    def _match_words(self, q: Folded, offer: _Offer, allow_typos: bool) -> None:
        """Word-level matching: each query word against key words (same, stem, prefix, typo)."""
        idx = self._index
        words = [t for t in q.base_tokens if t not in STOP_WORDS] or list(q.base_tokens)
        if not words:
            return
        n = len(words)
        weights: dict[int, list[float]] = {}
        idfs = [idx.idf.get(stem(w), idx.max_idf) for w in words]
        for qi, word in enumerate(words):
            found = self._word_matches(word, last=qi == n - 1, allow_typos=allow_typos)
            added = 0
            for kid, w in found.items():
                row = weights.get(kid)
                if row is None:
                    if added >= TOKEN_SCAN_CAP:
                        continue
                    added += 1
                    row = weights[kid] = [0.0] * n
                if w > row[qi]:
                    row[qi] = w
        budget = edit_budget(len(q.norm))
        qstems = {stem(w) for w in words}
        total_idf = sum(idfs)
        for kid, row in weights.items():
            matched = sum(1 for w in row if w > 0.0)
            if allow_typos and budget and min(row) < 0.9:
                norm = idx.norm[kid]
                d = min(
                    OSA.distance(q.norm, norm, score_cutoff=budget),
                    OSA.distance(q.compact, norm.replace(" ", ""), score_cutoff=budget),
                )
                if d <= budget:
                    offer(kid, FUZZY - 7.0 * d, "fuzzy")
                elif len(q.norm) >= 5 and len(norm) > len(q.norm):
                    d = OSA.distance(q.norm, norm[: len(q.norm)], score_cutoff=budget)
                    if d <= budget:
                        offer(kid, FUZZY_PREFIX - 7.0 * d, "fuzzy")
            cover_key = min(1.0, matched / idx.content_count[kid])
            if n > 1 and matched == n and min(row) >= 0.9:
                offer(kid, WORD_PREFIX + 8.0 * cover_key, "word-prefix")
                continue
            cover_query = sum(i * w for i, w in zip(idfs, row, strict=True)) / total_idf
            stems = idx.stems[kid]
            head = 3.0 if stems and stems[0] in qstems else 0.0
            offer(kid, WORDS + 25.0 * cover_query + 10.0 * cover_key + head, "words")

    def _word_matches(self, word: str, last: bool, allow_typos: bool) -> dict[int, float]:
        """Keys holding a word like `word`, with how alike: 1 same/stem, 0.9 prefix, less typo."""
        idx = self._index
        out: dict[int, float] = {}

        def put(kids: Iterable[int], w: float) -> None:
            for kid in kids:
                if out.get(kid, 0.0) < w:
                    out[kid] = w

        put(idx.token_keys.get(word, ()), 1.0)
        put(idx.stem_keys.get(stem(word), ()), 1.0)
        if len(word) >= (2 if last else 3):
            vocab = idx.vocab
            pos = bisect_left(vocab, word)
            seen = 0
            while pos < len(vocab) and vocab[pos].startswith(word) and seen < 200:
                if vocab[pos] != word:
                    put(idx.token_keys[vocab[pos]], 0.9 if last else 0.8)
                pos += 1
                seen += 1
        budget = edit_budget(len(word)) if allow_typos else 0
        if budget:
            choices: list[str] = []
            for length in range(len(word) - budget, len(word) + budget + 1):
                choices += idx.vocab_by_len.get(length, ())
            for token, d, _ in process.extract(
                word, choices, scorer=OSA.distance, score_cutoff=budget, limit=None
            ):
                if token != word:
                    put(idx.token_keys[token], 1.0 - 0.15 * float(d))
        return out

    def _rank(self, best: dict[int, _Match], limit: int, prefer_game: str | None) -> list[Hit]:
        idx = self._index
        per_entry: dict[int, _Match] = {}
        for kid, m in best.items():
            if m.score < MIN_SCORE:
                continue
            e = idx.entry_of[kid]
            current = per_entry.get(e)
            if (
                current is None
                or m.score > current.score
                or (m.score == current.score and len(idx.norm[kid]) < len(idx.norm[current.key]))
            ):
                per_entry[e] = m
        hits = []
        for e, m in per_entry.items():
            entry = self.entries[e]
            preferred = entry.game == prefer_game and m.score >= PREFER_MIN_SCORE
            hits.append((entry, m, preferred))
        hits.sort(
            key=lambda h: (
                not h[2],
                -round(h[1].score, 6),
                len(idx.norm[h[1].key]),
                len(h[0].title),
                h[0].id,
            )
        )
        return [
            Hit(entry, round(m.score, 3), m.tier, idx.text[m.key], preferred)
            for entry, m, preferred in hits[:limit]
        ]


def _clean(query: str) -> str:
    """Cut absurd lengths and drop control and format characters (they never mean anything)."""
    if not isinstance(query, str):
        return ""
    query = query[: MAX_QUERY_CHARS * 2]
    kept = [ch if unicodedata.category(ch)[0] != "C" else " " for ch in query]
    return "".join(kept)[:MAX_QUERY_CHARS]


def _query_variants(query: str) -> list[tuple[str, float]]:
    """The query as typed, then read in the other keyboard layout (with a penalty).

    A layout reading is kept only when it loses no letters: `,hjyz` → `броня` gains one, while
    `бр` → `,h` would shrink to a single stray `h`.
    """
    text = _clean(query)
    if not text.strip():
        return []
    letters = len(fold(text).replace(" ", ""))
    out = [(text, 0.0)]
    for variant in layout_variants(text):
        if len(fold(variant).replace(" ", "")) >= max(2, letters):
            out.append((variant, LAYOUT_PENALTY))
    return out
