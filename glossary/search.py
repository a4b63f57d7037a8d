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
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from functools import cached_property
from heapq import nlargest
from itertools import islice

from rapidfuzz import fuzz, process
from rapidfuzz.distance import OSA

from glossary.index import ALIAS, NAME, SHORT_PREFIX, TRANSLIT, TRANSLIT_FORMS, KeyIndex, ids
from glossary.keyboard import layout_variants
from glossary.model import Entry
from glossary.normalize import (
    STOP_WORDS,
    TRUSTED_STEM,
    Folded,
    analyse,
    clean,
    fleeting_variant,
    fold,
    script_of,
    stem,
    stems_agree,
)
from glossary.terms import TermFinder, TermMatch
from glossary.textindex import TextHit, TextIndex
from glossary.translit import latin_forms

__all__ = ["Glossary", "Hit", "TermMatch", "TextHit"]

MAX_QUERY_CHARS = 200  # longer input is cut: no real term is that long
MIN_SCORE = 30.0  # below this a hit is noise, not a match
PREFER_MIN_SCORE = 50.0  # a preferred game's hit jumps ahead only when it is a real match
# A hit below this is a guess (a typo of a word's start, a loose word overlap, a stem shared by
# strangers): `/rule` offers it among suggestions instead of answering with it, and never calls
# such guesses "equally good". One typo in a word of 5 letters or more (63) answers; two typos
# (56: `Incorprael`) are offered with the right entry first.
CONFIDENT_SCORE = 60.0
AMBIGUITY_MARGIN = 1.0  # hits this close to the best, in the same tier, tie with it
LAYOUT_PENALTY = 4.0  # reading the query in the other layout is a guess
GUESS_MIN_SCORE = 50.0  # a hit through a Cyrillic-to-English guess must be at least a typo match
CYRILLIC_ENGLISH_PENALTY = 6.0  # reading Cyrillic letters as an English word is a bolder guess
KIND_PENALTY = {NAME: 0.0, ALIAS: 1.0, TRANSLIT: 2.0}
TOKEN_SCAN_CAP = 600  # candidate keys for word and typo matching (rarest words first)
FALLBACK_LIMIT = 50  # keys taken from the last-resort typo scans
VOCAB_PREFIX_CAP = 200  # vocabulary words one typed prefix may stand for
# `suggest`: a key at least this alike (rapidfuzz `ratio`, 0–100) is a plausible misspelling
# ("near"); anything less alike is a stranger ("far") offered only so the answer is not empty.
NEAR_RATIO = 67.0  # two thirds alike: `заклинатель` ~ `заклинание`, not `mana` ~ `otmena`

# Tier base scores (each tier's band stays below the previous one).
EXACT = 100.0
COMPACT = 99.0  # same letters, different spacing: `Double strike`, `Æ mber`
PARAM_BOTH = 99.0  # `Aegis 3` → `Aegis X`
PARAM_KEY_ONLY = 97.0  # `Aegis` → `Aegis X`
PARAM_QUERY_ONLY = 96.0  # `Броня 2` → `Броня` when no parametric entry fits better
STEM = 95.0  # `броню` → `Броня`
STEM_PARAM_MISMATCH = 93.0
PREFIX = 80.0  # + up to 10 for how much of the key is typed
WORD_PREFIX = 70.0  # + up to 9 (stays below any prefix hit)
FUZZY = 70.0  # − 7 per edit
FUZZY_PREFIX = 62.0  # − 7 per edit
SHORT_TYPO_KEY = 4  # a typo in a key this short costs one edit more (`typo_score`)
WORDS = 30.0  # + up to 38 for word coverage
# Every query word is one of the entry's names, spread over several of them (`Bleed
# кровотечение`): as sure as a typo match, though no single key holds it all.
ACROSS_NAMES = 66.0

_FIRST_SENTENCE = re.compile(r"(?<=[.!?…])\s|\n")
_Offer = Callable[[int, float, str], None]


def typo_score(edits: float, key_length: int) -> float:
    """A whole-key typo match: 7 points per edit, and one edit more for a key of 4 letters or
    fewer, where one edit is a quarter of the word (`вода` is not a typo of `ЗОДА`)."""
    short = 1.0 if key_length <= SHORT_TYPO_KEY else 0.0
    return FUZZY - 7.0 * (edits + short)


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

    @property
    def confident(self) -> bool:
        """Good enough to answer with (see `CONFIDENT_SCORE`), not just to suggest."""
        return self.score >= CONFIDENT_SCORE


@dataclass(frozen=True)
class _Plan:
    """What a search is for: the game filter, the game to rank first, how many hits."""

    game: str | None
    prefer_game: str | None
    limit: int


@dataclass(slots=True)
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
        # Final tie-break between equal hits: the shorter title, then the id.
        by_title = sorted(range(len(self.entries)), key=lambda i: _title_key(self.entries[i]))
        self._tie_order = [0] * len(self.entries)
        for position, i in enumerate(by_title):
            self._tie_order[i] = position

    @cached_property
    def _text(self) -> TextIndex:
        return TextIndex(self.entries)

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
        return TermFinder(self.entries)

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
        if prefer_game is not None and prefer_game not in self.games:
            prefer_game = None
        plan = _Plan(game, prefer_game if game is None else None, limit)
        best: dict[int, _Match] = {}
        variants = [(analyse(v), penalty) for v, penalty in _query_variants(query)]
        for folded, penalty in variants:
            if folded.norm:
                self._match(folded, penalty, plan, best)
        if not best and variants and variants[0][0].norm:
            typed = variants[0][0]
            self._match_fallback(typed, plan, best)
            if not best and script_of(typed.norm) == "ru":
                # An English name spelled in Cyrillic letters (`армор`, `инкорпореал`): read
                # it back in Latin. Last resort only, so it never competes with Russian hits.
                # Loose word overlaps of such a guess are noise: keep real matches only.
                guessed: dict[int, _Match] = {}
                for form in latin_forms(typed.norm, TRANSLIT_FORMS):
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
                tier = "near" if ratio >= NEAR_RATIO else "far"
                hits.append(Hit(entry, score, tier, idx.text[kid], entry.game == prefer_game))
                if len(hits) >= limit:
                    return hits
        rest = sorted(
            (e for e in self.entries if e.id not in seen and (game is None or e.game == game)),
            key=lambda e: (e.game != prefer_game, e.title.casefold()),
        )
        hits += [Hit(e, 0.0, "far", e.title, e.game == prefer_game) for e in rest]
        return hits[:limit]

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

    def find_terms(self, text: str, prefer_game: str | None = None) -> list[TermMatch]:
        """Glossary terms named in free text, in reading order (the "Explain terms" menu)."""
        return self._terms.find(clean(text), prefer_game=prefer_game)

    # ---------------------------------------------------------------- matching

    def _match(
        self,
        q: Folded,
        penalty: float,
        plan: _Plan,
        best: dict[int, _Match],
        allow_typos: bool | None = None,
    ) -> None:
        """Offer every key matching one reading of the query, tier by tier, into `best`.

        Typos are tolerated only in the query as typed unless `allow_typos` says otherwise: a
        layout reading is exact or wrong, while a Cyrillic spelling of an English word is
        approximate by nature (`инкорпореал` → `inkorporeal`).
        """
        idx = self._index
        local: dict[int, _Match] = {}
        game = plan.game
        entry_game = self._entry_game
        entry_of = idx.entry_of

        def offer(kid: int, score: float, tier: str) -> None:
            if game is not None and entry_game[entry_of[kid]] != game:
                return
            score -= KIND_PENALTY[idx.kind[kid]]
            current = local.get(kid)
            if current is None or score > current.score:
                local[kid] = _Match(score, tier, kid)

        if len(q.compact) >= 3:
            for kid in ids(idx.by_compact.get(q.compact)):
                offer(kid, COMPACT, "exact")
            for kid in self._exact(q.compact):
                offer(kid, COMPACT, "exact")
        if q.has_param:
            for kid in ids(idx.by_base.get(q.base)):
                offer(kid, PARAM_BOTH, "exact")
            for kid in self._exact(q.base):
                offer(kid, PARAM_QUERY_ONLY, "exact")
        else:
            for kid in ids(idx.by_base.get(q.norm)):
                offer(kid, PARAM_KEY_ONLY, "exact")
        if q.stem_key:
            short = any(len(s) < TRUSTED_STEM for s in q.stems)
            for kid in ids(idx.by_stem_key.get(q.stem_key)):
                if short and not _forms_agree(q.base_tokens, analyse(idx.norm[kid]).base_tokens):
                    # `горит` ~ `горы`: one short stem, different words. At most a typo in a
                    # short word, so it scores one typo worse than its edits: a suggestion.
                    d = OSA.distance(q.norm, idx.norm[kid])
                    if d <= 2:
                        offer(kid, FUZZY - 7.0 * (d + 1), "fuzzy")
                    continue
                same = idx.has_param[kid] == q.has_param
                offer(kid, STEM if same else STEM_PARAM_MISMATCH, "stem")
        self._match_prefixes(q.norm, plan, offer)  # includes the exact key itself

        if not self._enough(local, plan):
            typos = penalty == 0.0 if allow_typos is None else allow_typos
            self._match_words(q, offer, allow_typos=typos)

        for kid, m in local.items():
            score = m.score - penalty
            current = best.get(kid)
            if current is None or score > current.score:
                best[kid] = _Match(score, m.tier, kid)

    def _exact(self, text: str) -> list[int]:
        idx = self._index
        norms = idx.sorted_norms
        pos = bisect_left(norms, text)
        out = []
        while pos < len(norms) and norms[pos] == text:
            out.append(idx.sorted_kids[pos])
            pos += 1
        return out

    def _match_prefixes(self, text: str, plan: _Plan, offer: _Offer) -> None:
        """The key equal to the text, and the best keys starting with it."""
        idx = self._index
        norm = idx.norm
        size = len(text)
        for kid in self._exact(text):
            offer(kid, EXACT, "exact")
        for scope in {plan.game or "", plan.prefer_game or plan.game or ""}:
            if size <= SHORT_PREFIX:
                kids = idx.short_prefixes.get(scope, {}).get(text, ())
            elif scope in idx.scopes:
                kids = idx.best_with_prefix(scope, text)
            else:
                continue
            for kid in kids:
                length = len(norm[kid])
                if length > size:
                    offer(kid, PREFIX + 10.0 * size / length, "prefix")

    def _enough(self, local: dict[int, _Match], plan: _Plan) -> bool:
        """Whether prefix-or-better hits already fill the page, so weaker tiers cannot place."""
        entries: set[int] = set()
        entry_of = self._index.entry_of
        for kid, m in local.items():
            if m.score < PREFIX:
                continue
            e = entry_of[kid]
            if plan.prefer_game is None or self._entry_game[e] == plan.prefer_game:
                entries.add(e)
        return len(entries) >= plan.limit

    def _match_words(self, q: Folded, offer: _Offer, allow_typos: bool) -> None:
        """Word-level matching: each query word against key words (same, stem, prefix, typo).

        Words are taken rarest first and only the rarer ones bring in new candidate keys once
        the candidate cap is reached; common words then only add to the scores.
        """
        idx = self._index
        words = [t for t in q.base_tokens if t not in STOP_WORDS] or list(q.base_tokens)
        if not words:
            return
        n = len(words)
        found = [
            self._word_matches(w, last=i == n - 1, allow_typos=allow_typos)
            for i, w in enumerate(words)
        ]
        budget = edit_budget(len(q.compact)) if allow_typos else 0
        if n == 1 and not budget:  # one word and no typo allowed: word-prefix hits only
            qlen = len(q.norm)
            norm_of = idx.norm
            for kid, w in islice(found[0].items(), TOKEN_SCAN_CAP):
                if w >= 0.9:
                    offer(
                        kid, WORD_PREFIX + 9.0 * min(1.0, qlen / len(norm_of[kid])), "word-prefix"
                    )
            return
        if budget and len(q.tokens) > 1:
            self._match_glued(q, budget, offer)
        weights: dict[int, list[float]] = {}
        for qi in sorted(range(n), key=lambda i: len(found[i])):
            for kid, w in found[qi].items():
                row = weights.get(kid)
                if row is None:
                    if len(weights) >= TOKEN_SCAN_CAP:
                        continue
                    row = weights[kid] = [0.0] * n
                if w > row[qi]:
                    row[qi] = w
        if n > 1:
            self._match_across_names(weights, offer)
        idfs = [idx.idf.get(stem(w), idx.max_idf) for w in words]
        total_idf = sum(idfs)
        qstems = {stem(w) for w in words}
        qlen = len(q.norm)
        norm_of = idx.norm
        for kid, row in weights.items():
            worst = min(row)
            norm = norm_of[kid]
            if budget and worst < 0.9:
                if abs(len(norm) - qlen) <= budget or abs(len(norm) - len(q.compact)) <= budget:
                    d = min(
                        OSA.distance(q.norm, norm, score_cutoff=budget),
                        OSA.distance(q.compact, norm.replace(" ", ""), score_cutoff=budget),
                    )
                    if d <= budget:
                        offer(kid, typo_score(d, len(norm)), "fuzzy")
                if qlen >= 5 and len(norm) > qlen:
                    d = OSA.distance(q.norm, norm[:qlen], score_cutoff=budget)
                    if d <= budget:
                        offer(kid, FUZZY_PREFIX - 7.0 * d, "fuzzy")
            if worst >= 0.9:
                # The head of the phrase (its first word) matched: `летающий` is more likely
                # «Летающее существо» than «Достать летающих».
                head = 0.5 if idx.head_stem[kid] in qstems else 0.0
                offer(kid, WORD_PREFIX + 8.5 * min(1.0, qlen / len(norm)) + head, "word-prefix")
                continue
            matched = sum(1 for w in row if w > 0.0)
            cover_key = min(1.0, matched / idx.content_count[kid])
            cover_query = sum(i * w for i, w in zip(idfs, row, strict=True)) / total_idf
            head = 3.0 if idx.head_stem[kid] in qstems else 0.0
            offer(kid, WORDS + 25.0 * cover_query + 10.0 * cover_key + head, "words")

    def _match_across_names(self, weights: dict[int, list[float]], offer: _Offer) -> None:
        """An entry whose names together hold every query word, each word whole."""
        entry_of = self._index.entry_of
        rows: dict[int, list[float]] = {}
        keys: dict[int, int] = {}
        for kid, row in weights.items():
            e = entry_of[kid]
            current = rows.get(e)
            if current is None:
                rows[e] = list(row)
                keys[e] = kid
            else:
                rows[e] = [max(a, b) for a, b in zip(current, row, strict=True)]
                if sum(row) > sum(weights[keys[e]]):
                    keys[e] = kid
        for e, row in rows.items():
            # (a single key holding every word is scored by the tiers above)
            if min(row) >= 1.0 and min(weights[keys[e]]) < 1.0:
                offer(keys[e], ACROSS_NAMES, "words")

    def _match_glued(self, q: Folded, budget: int, offer: _Offer) -> None:
        """A name written as one word typed as two, with a typo: `doble strike` → Doublestrike."""
        idx = self._index
        for token, d in _near_with_distance(q.compact, budget, idx.vocab_by_len):
            for kid in idx.token_keys[token]:
                if idx.norm[kid] == token:
                    offer(kid, FUZZY - 7.0 * d, "fuzzy")

    def _match_fallback(self, q: Folded, plan: _Plan, best: dict[int, _Match]) -> None:
        """Typos that split or glue words, or hit a half-typed word: only when nothing matched.

        `doble strike` → "Doublestrike", `Incorporr` → "Incorporeal". The first scan runs over
        every key in C (rapidfuzz), so it is kept out of the common path.
        """
        idx = self._index
        budget = edit_budget(len(q.compact))
        if not budget:
            return

        def offer(kid: int, score: float) -> None:
            if plan.game is None or self._entry_game[idx.entry_of[kid]] == plan.game:
                score -= KIND_PENALTY[idx.kind[kid]]
                if kid not in best or best[kid].score < score:
                    best[kid] = _Match(score, "fuzzy", kid)

        for _, d, kid in process.extract(
            q.norm, idx.norm, scorer=OSA.distance, score_cutoff=budget, limit=FALLBACK_LIMIT
        ):
            offer(kid, typo_score(float(d), len(idx.norm[kid])))
        if len(q.tokens) == 1:  # a half-typed word with a typo: compare with word beginnings
            size = len(q.norm)
            words = [t for t in idx.vocab if len(t) > size]
            heads = [t[:size] for t in words]
            for _, d, i in process.extract(
                q.norm, heads, scorer=OSA.distance, score_cutoff=budget, limit=FALLBACK_LIMIT
            ):
                for kid in idx.token_keys[words[i]]:
                    offer(kid, FUZZY_PREFIX - 7.0 * float(d))

    def _word_matches(self, word: str, last: bool, allow_typos: bool) -> dict[int, float]:
        """Keys holding a word like `word`, with how alike: 1 same/stem, 0.9 prefix, less typo."""
        idx = self._index
        out: dict[int, float] = {}

        def put(kids: Iterable[int], w: float) -> None:
            for kid in kids:
                if out.get(kid, 0.0) < w:
                    out[kid] = w

        root = stem(word)
        put(idx.token_keys.get(word, ()), 1.0)
        if len(root) >= TRUSTED_STEM:
            known = word in idx.token_keys or root in idx.stem_keys
            put(idx.stem_keys.get(root, ()), 1.0)
        else:  # a short stem joins only words that start alike (`яд`/`ядом`, not `горит`/`горы`)
            alike = [t for t in idx.short_stem_words.get(root, ()) if stems_agree(word, t)]
            known = word in idx.token_keys or bool(alike)
            for token in alike:
                put(idx.token_keys[token], 1.0)
        if len(word) >= (2 if last else 3):
            vocab = idx.vocab
            pos = bisect_left(vocab, word)
            seen = 0
            while pos < len(vocab) and vocab[pos].startswith(word) and seen < VOCAB_PREFIX_CAP:
                if vocab[pos] != word:
                    put(idx.token_keys[vocab[pos]], 0.9 if last else 0.8)
                pos += 1
                seen += 1
        if known or not allow_typos:
            return out  # a word the glossary uses is taken as meant, not as a typo of another
        if len(root) >= 4:
            # A fleeting vowel or soft sign slips past the stemmer (`рывком`/`рывок`,
            # `владельца`/`владелец`): allow one edit between stems.
            # Only a vowel or soft sign may differ: `краж` is not `сраж`, `forg` not `forc`.
            for other in _near(root, 1, idx.stems_by_len):
                if fleeting_variant(root, other):
                    put(idx.stem_keys[other], 0.85)
        budget = edit_budget(len(word))
        if budget:
            for token, d in _near_with_distance(word, budget, idx.vocab_by_len):
                short = 1.0 if len(token) <= SHORT_TYPO_KEY else 0.0  # as in `typo_score`
                put(idx.token_keys[token], 1.0 - 0.15 * (d + short))
        return out

    def _rank(self, best: dict[int, _Match], limit: int, prefer_game: str | None) -> list[Hit]:
        """One hit per entry (its best key), the channel's game first, then by score."""
        idx = self._index
        entry_of, norm = idx.entry_of, idx.norm
        per_entry: dict[int, _Match] = {}
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
            cut = nlargest(limit, [m.score for e, m in per_entry.items() if e not in preferred])[-1]
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
                Hit(self.entries[e], round(m.score, 3), m.tier, idx.text[m.key], e in preferred)
            )
        return hits


def _near_with_distance(
    word: str, budget: int, by_len: dict[int, list[str]]
) -> list[tuple[str, float]]:
    """Words of a compatible length within `budget` edits of `word` (itself excluded)."""
    out: list[tuple[str, float]] = []
    for length in range(len(word) - budget, len(word) + budget + 1):
        bucket = by_len.get(length)
        if bucket:
            found = process.extract(
                word, bucket, scorer=OSA.distance, score_cutoff=budget, limit=None
            )
            out += [(token, float(d)) for token, d, _ in found if token != word]
    return out


def _near(word: str, budget: int, by_len: dict[int, list[str]]) -> list[str]:
    return [token for token, _ in _near_with_distance(word, budget, by_len)]


def _forms_agree(query: Sequence[str], key: Sequence[str]) -> bool:
    """Whether the words behind a shared stem key are forms of the same words (`stems_agree`)."""
    return len(query) == len(key) and all(map(stems_agree, query, key))


def _title_key(entry: Entry) -> tuple[int, str]:
    return len(entry.title), entry.id


def _clean(query: str) -> str:
    """The query cleaned (`normalize.clean`) and cut to a length no real term reaches."""
    if not isinstance(query, str):
        return ""
    return clean(query[: MAX_QUERY_CHARS * 2])[:MAX_QUERY_CHARS]


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
