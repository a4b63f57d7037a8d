"""Matching a query against entry names, tier by tier (the first half of `Glossary.search`).

Exact key (also after dropping a parameter value or inflection), prefix, word prefix,
typo-tolerant fuzzy match, then partial word overlap. `Glossary` mixes this in; it only reads
the key index.
"""

from __future__ import annotations

from bisect import bisect_left
from collections import Counter
from collections.abc import Sequence
from itertools import islice
from operator import mul

from rapidfuzz import process
from rapidfuzz.distance import OSA

from glossary.index import SHORT_PREFIX, KeyIndex, ids
from glossary.model import Entry
from glossary.normalize import (
    STOP_WORDS,
    TRUSTED_STEM,
    Folded,
    agreeing,
    analyse,
    fleeting_variant,
    stem,
    stems_agree,
)
from glossary.scoring import (
    ACROSS_NAMES,
    COMPACT,
    EXACT,
    FALLBACK_LIMIT,
    FUZZY,
    FUZZY_PREFIX,
    KIND_PENALTY,
    PARAM_BOTH,
    PARAM_KEY_ONLY,
    PARAM_QUERY_ONLY,
    PREFIX,
    SHORT_TYPO_KEY,
    STEM,
    STEM_PARAM_MISMATCH,
    TOKEN_SCAN_CAP,
    VOCAB_PREFIX_CAP,
    WORD_PREFIX,
    WORDS,
    Match,
    Offer,
    Plan,
    edit_budget,
    typo_score,
)
from glossary.wordweights import weights_by_key

FALLBACK_WORDS = 3  # words of a query beyond which the whole-key typo scan is not tried
PUT_IN_C = 16  # keys of one word from which their weights are set in C (`_word_matches`)
TYPO_MEMO_CAP = 4_096  # query words whose typo neighbours are remembered (bounded memory)
KNOWN_MEMO_CAP = 2_048  # words the glossary uses whose keys are remembered across lookups


class NameMatcher:
    """The tiers of name matching over `_index`; results go into a `{key id: Match}` dict."""

    entries: list[Entry]
    _index: KeyIndex
    _entry_game: list[str]

    def _match(
        self,
        q: Folded,
        penalty: float,
        plan: Plan,
        best: dict[int, Match],
        allow_typos: bool | None = None,
        memo: WordMemo | None = None,
    ) -> None:
        """Offer every key matching one reading of the query, tier by tier, into `best`.

        Typos are tolerated only in the query as typed unless `allow_typos` says otherwise: a
        layout reading is exact or wrong, while a Cyrillic spelling of an English word is
        approximate by nature (`инкорпореал` → `inkorporeal`).
        """
        idx = self._index
        local: dict[int, Match] = {}
        game = plan.game
        entry_game = self._entry_game
        entry_of = idx.entry_of

        def offer(kid: int, score: float, tier: str) -> None:
            if game is not None and entry_game[entry_of[kid]] != game:
                return
            score -= KIND_PENALTY[idx.kind[kid]]
            current = local.get(kid)
            if current is None or score > current.score:
                local[kid] = Match(score, tier, kid)

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
            self._match_words(q, offer, allow_typos=typos, memo=memo)

        if not best and not penalty:  # the first reading as typed: its matches as they are
            best.update(local)
            return
        for kid, m in local.items():
            score = m.score - penalty
            current = best.get(kid)
            if current is None or score > current.score:
                best[kid] = Match(score, m.tier, kid)

    def _exact(self, text: str) -> list[int]:
        idx = self._index
        norms = idx.sorted_norms
        pos = bisect_left(norms, text)
        out = []
        while pos < len(norms) and norms[pos] == text:
            out.append(idx.sorted_kids[pos])
            pos += 1
        return out

    def _match_prefixes(self, text: str, plan: Plan, offer: Offer) -> None:
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

    def _enough(self, local: dict[int, Match], plan: Plan) -> bool:
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

    def _match_words(
        self, q: Folded, offer: Offer, allow_typos: bool, memo: WordMemo | None = None
    ) -> None:
        """Word-level matching: each query word against key words (same, stem, prefix, typo).

        Words are taken rarest first and only the rarer ones bring in new candidate keys once
        the candidate cap is reached; common words then only add to the scores. `memo`: what
        one lookup's earlier searches of the same words found (`WordMemo`).
        """
        idx = self._index
        words = [t for t in q.base_tokens if t not in STOP_WORDS] or list(q.base_tokens)
        if not words:
            return
        n = len(words)
        memo = WordMemo() if memo is None else memo
        found = [memo.word(self, w, i == n - 1, allow_typos) for i, w in enumerate(words)]
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
        # (words the glossary uses all: their keys are the same with typos or without)
        key = (tuple(words), allow_typos and not memo.all_known(words, n))
        known = memo.weights.get(key)
        if known is None:
            weights = weights_by_key(found)
            # (an entry's names hold every word whole only if each word is whole in some name)
            whole = n > 1 and all(max(f.values(), default=0.0) >= 1.0 for f in found)
            across = self._across_names(weights) if whole else []
            memo.weights[key] = weights, across
        else:
            weights, across = known
        for kid in across:
            offer(kid, ACROSS_NAMES, "words")
        idfs = [idx.idf.get(stem(w), idx.max_idf) for w in words]
        total_idf = sum(idfs)
        qstems = {stem(w) for w in words}
        qlen = len(q.norm)
        norm_of, head_stem, content_count = idx.norm, idx.head_stem, idx.content_count
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
                head = 0.5 if head_stem[kid] in qstems else 0.0
                offer(kid, WORD_PREFIX + 8.5 * min(1.0, qlen / len(norm)) + head, "word-prefix")
                continue
            matched = n - row.count(0.0)  # weights are 0 or positive
            cover_key = min(1.0, matched / content_count[kid])
            cover_query = sum(map(mul, idfs, row)) / total_idf
            head = 3.0 if head_stem[kid] in qstems else 0.0
            offer(kid, WORDS + 25.0 * cover_query + 10.0 * cover_key + head, "words")

    def _across_names(self, weights: dict[int, list[float]]) -> list[int]:
        """Keys of entries whose names together hold every query word, each word whole (one
        key per entry, to be offered at `ACROSS_NAMES`)."""
        entry_of = self._index.entry_of
        rows: dict[int, list[float]] = {}
        keys: dict[int, int] = {}
        # only an entry with two keys or more among the candidates can qualify (one key alone
        # either holds every word itself or misses one): counted in C, the rest skipped
        several = {e for e, n in Counter(map(entry_of.__getitem__, weights)).items() if n > 1}
        if not several:
            return []
        for kid, row in weights.items():
            e = entry_of[kid]
            if e not in several:
                continue
            current = rows.get(e)
            if current is None:
                rows[e] = list(row)
                keys[e] = kid
            else:
                rows[e] = [max(a, b) for a, b in zip(current, row, strict=True)]
                if sum(row) > sum(weights[keys[e]]):
                    keys[e] = kid
        # (a single key holding every word is scored by the tiers above)
        return [
            keys[e] for e, row in rows.items() if min(row) >= 1.0 and min(weights[keys[e]]) < 1.0
        ]

    def _match_glued(self, q: Folded, budget: int, offer: Offer) -> None:
        """A name written as one word typed as two, with a typo: `doble strike` → Doublestrike."""
        idx = self._index
        for token, d in _near_with_distance(q.compact, budget, idx.vocab_by_len):
            for kid in idx.token_keys[token]:
                if idx.norm[kid] == token:
                    offer(kid, FUZZY - 7.0 * d, "fuzzy")

    def _match_fallback(self, q: Folded, plan: Plan, best: dict[int, Match]) -> None:
        """Typos that split or glue words, or hit a half-typed word: only when nothing matched.

        `doble strike` → "Doublestrike", `Incorporr` → "Incorporeal". The first scan runs over
        every key in C (rapidfuzz), so it is kept out of the common path.
        """
        idx = self._index
        budget = edit_budget(len(q.compact))
        if not budget or len(q.tokens) > FALLBACK_WORDS:  # a sentence is no split or glued name
            return

        def offer(kid: int, score: float) -> None:
            if plan.game is None or self._entry_game[idx.entry_of[kid]] == plan.game:
                score -= KIND_PENALTY[idx.kind[kid]]
                if kid not in best or best[kid].score < score:
                    best[kid] = Match(score, "fuzzy", kid)

        non_latin = sum(not c.isascii() for c in q.norm)
        norms, kids = idx.keys_of_length(len(q.norm), budget, non_latin)  # others: no match
        for _, d, i in process.extract(
            q.norm, norms, scorer=OSA.distance, score_cutoff=budget, limit=FALLBACK_LIMIT
        ):
            offer(kids[i], typo_score(float(d), len(norms[i])))
        if len(q.tokens) == 1:  # a half-typed word with a typo: compare with word beginnings
            heads, words = idx.word_heads(len(q.norm))
            for _, d, i in process.extract(
                q.norm, heads, scorer=OSA.distance, score_cutoff=budget, limit=FALLBACK_LIMIT
            ):
                for word in words[i]:
                    for kid in idx.token_keys[word]:
                        offer(kid, FUZZY_PREFIX - 7.0 * float(d))

    def _word_matches(
        self, word: str, last: bool, allow_typos: bool
    ) -> tuple[dict[int, float], bool]:
        """Keys holding a word like `word`, with how alike: 1 same/stem, 0.9 prefix, less typo;
        and whether the glossary uses the word (then typos change nothing: `WordMemo`)."""
        idx = self._index
        out: dict[int, float] = {}

        def put(kids: Sequence[int], w: float) -> None:
            if w >= 1.0:  # no weight is higher: every key takes it (set in C)
                out.update(dict.fromkeys(kids, w))
                return
            if len(kids) > PUT_IN_C:  # a common word has thousands of keys: set in C, then
                # the higher weights some already had put back (the order of `out` is kept)
                fresh = dict.fromkeys(kids, w)
                kept = {k: out[k] for k in fresh.keys() & out.keys() if out[k] > w}
                out.update(fresh)
                out.update(kept)
                return
            for kid in kids:
                if out.get(kid, 0.0) < w:
                    out[kid] = w

        root = stem(word)
        put(idx.token_keys.get(word, ()), 1.0)
        if len(root) >= TRUSTED_STEM:
            known = word in idx.token_keys or root in idx.stem_keys
            put(idx.stem_keys.get(root, ()), 1.0)
        else:  # a short stem joins only words that start alike (`яд`/`ядом`, not `горит`/`горы`)
            alike = agreeing(word, idx.short_stem_words.get(root, ()))
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
            return out, known  # a word the glossary uses is taken as meant, not as a typo
        if len(root) >= 4:
            # A fleeting vowel or soft sign slips past the stemmer (`рывком`/`рывок`,
            # `владельца`/`владелец`): allow one edit between stems.
            # Only a vowel or soft sign may differ: `краж` is not `сраж`, `forg` not `forc`.
            for other in self._fleeting_neighbours(root):
                put(idx.stem_keys[other], 0.85)
        budget = edit_budget(len(word))
        if budget:
            for token, d in self._typo_neighbours(word, budget):
                short = 1.0 if len(token) <= SHORT_TYPO_KEY else 0.0  # as in `typo_score`
                put(idx.token_keys[token], 1.0 - 0.15 * (d + short))
        return out, known

    def _shared_word_matches(
        self, word: str, last: bool, allow_typos: bool
    ) -> tuple[dict[int, float], bool]:
        """`_word_matches`, kept across lookups for a word the glossary uses: its keys do not
        depend on the query, and players' questions share their words («маг», «существо»).
        Bounded (about 0.5 MiB when full); the dicts are only read."""
        shared: dict[tuple[str, bool], dict[int, float]] = self.__dict__.setdefault(
            "_known_memo", {}
        )
        found = shared.get((word, last))
        if found is not None:
            return found, True
        out, known = self._word_matches(word, last, allow_typos)
        if known and len(shared) < KNOWN_MEMO_CAP:
            shared[(word, last)] = out
        return out, known

    def _fleeting_neighbours(self, root: str) -> list[str]:
        """The key stems one fleeting vowel or soft sign away from `root`, remembered like
        `_typo_neighbours` (a scan over the stems of three lengths, for every unknown word)."""
        memo: dict[str, list[str]] = self.__dict__.setdefault("_fleeting_memo", {})
        found = memo.get(root)
        if found is None:
            near = _near(root, 1, self._index.stems_by_len)
            found = [other for other in near if fleeting_variant(root, other)]
            if len(memo) < TYPO_MEMO_CAP:
                memo[root] = found
        return found

    def _typo_neighbours(self, word: str, budget: int) -> list[tuple[str, float]]:
        """`_near_with_distance` over the key words, remembered: one lookup matches the same
        words several times (as typed, as a subject, in a reading), and the keys never change."""
        memo: dict[tuple[str, int], list[tuple[str, float]]] = self.__dict__.setdefault(
            "_typo_memo", {}
        )
        found = memo.get((word, budget))
        if found is None:
            found = _near_with_distance(word, budget, self._index.vocab_by_len)
            if len(memo) < TYPO_MEMO_CAP:
                memo[(word, budget)] = found
        return found


class WordMemo:
    """What one lookup's name searches found per query word, and per word list: a question is
    searched as its subject, whole and without a word, and its words' keys are the same each
    time. Never kept past the lookup (a query's own work, not a cache across queries)."""

    __slots__ = ("found", "known", "weights")

    def __init__(self) -> None:
        self.found: dict[tuple[str, bool, bool], dict[int, float]] = {}
        self.known: set[tuple[str, bool]] = set()  # (word, last) the glossary uses
        self.weights: dict[
            tuple[tuple[str, ...], bool], tuple[dict[int, list[float]], list[int]]
        ] = {}

    def word(self, matcher: NameMatcher, word: str, last: bool, typos: bool) -> dict[int, float]:
        """`NameMatcher._word_matches`, once per word, position and typo setting."""
        key = (word, last, typos)
        out = self.found.get(key)
        if out is None:
            out, known = matcher._shared_word_matches(word, last, typos)
            self.found[key] = out
            if known:  # the same keys without typos or with: found once for both
                self.found[(word, last, not typos)] = out
                self.known.add((word, last))
        return out

    def all_known(self, words: Sequence[str], n: int) -> bool:
        """Whether the glossary uses each of `words` (all found by `word` already)."""
        known = self.known
        return all((w, i == n - 1) in known for i, w in enumerate(words))


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
