"""Full-text search over entry bodies (backs `/search`): stems, BM25-style scores, snippets."""

from __future__ import annotations

import math
from collections import Counter, defaultdict
from collections.abc import Callable, Iterable, Mapping, Sequence
from functools import cached_property
from heapq import nlargest, nsmallest
from itertools import accumulate, islice

from glossary.bm25 import pool_scores
from glossary.model import Entry
from glossary.normalize import (
    STOP_WORDS,
    TRUSTED_STEM,
    analyse,
    fold,
    stem,
    stems_agree,
)
from glossary.proximity import Row, first_rows, with_near
from glossary.robust import first_without_each
from glossary.synonyms import by_term, synonyms
from glossary.texthit import TextHit, new_text_hit, snippet
from glossary.textterms import add_name_bridges, code_of, name_sets, term_of

_K1, _B = 1.2, 0.75
TERMS_MEMO_CAP = 50_000  # query words whose index terms are remembered (bounded memory)
ROOT = 6  # letters an unknown word shares with a term before they may be one root («вампири…»)
RELATIVE_SLACK = 3  # … and the shorter of the two may differ in this many final letters
CANDIDATE_CAP = 400  # entries brought in by the rarer query words before commoner ones only score
FLEETING_LETTERS = frozenset("еоёь")  # letters a Russian stem gains or loses between forms
FLEETING_REACH = 3  # … among its last this many letters
REACH_SLACK = 1e-9  # float drift of a sum of shares (`_search`: what later words can add)
SORT_WHOLE = 8  # candidates, in multiples of those wanted, sorted whole rather than heaped
WORD_MEMO_CAP = 2_048  # query words whose weight and summed postings are kept across lookups
KNOWS_MEMO = 2_048  # words `knows` remembers (cleared when full): players' questions share words
BRIDGE_MAX_ENTRIES = 1  # a word in at most this many texts also finds its entry's other names


class TextIndex:
    """Inverted index of stems over titles and bodies, built once on first use."""

    def __init__(
        self,
        entries: Sequence[Entry],
        aliases: Mapping[str, Sequence[str]] | None = None,
        word_map: Mapping[str, tuple[str, ...]] | None = None,
    ) -> None:
        self.entries = entries
        # player word's term → the rule words it also stands for (`glossary.synonyms`)
        self._synonyms = by_term(synonyms() if word_map is None else word_map, term_of)
        aliases = aliases or {}
        # … and an entry's one-word names for each other (`бесплотный` finds the texts saying
        # `Incorporeal`): the codex's own translations, as the texts mix the two languages
        self._bridges: dict[str, tuple[str, ...]] = {}
        if word_map is None:
            add_name_bridges(self._bridges, entries, aliases)
        self._terms_memo: dict[str, list[str]] = {}  # query word → its terms (`_terms_for`)
        self._forms_memo: dict[str, list[str]] = {}  # query word → its own forms (`_forms`)
        self._knows_memo: dict[str, bool] = {}  # words asked about (`knows`, `KNOWS_MEMO`)
        # across lookups, as players' questions share their words («маг», «существо»): each
        # word's weight, and the summed postings of a word of several forms (`_search`)
        self._idf_memo: dict[tuple[str, tuple[str, ...]], float] = {}
        self._merged: dict[tuple[str, ...], dict[int, int]] = {}
        self._games = [e.game for e in entries]
        self.postings: dict[str, dict[int, int]] = defaultdict(dict)
        self.lengths: list[int] = []
        self.stem_text: list[str] = []  # " stem stem … ": phrase checks survive inflection
        # each text's terms as one character each (`term_code`): a term's word numbers are
        # where its character is, found in C with no counting of words (`glossary.proximity`)
        self.coded: list[str] = []
        self.term_code: dict[str, str] = {}
        self.name_terms: list[frozenset[str]] = []  # terms of the title and names
        self.whole_names: list[tuple[frozenset[str], ...]] = []  # each name's terms, by name
        self._named_by: dict[str, list[int]] = {}  # term → entries whose names hold it
        kept: set[str] = set()  # terms that are whole words of some text
        for i, entry in enumerate(entries):
            named_as = (entry.title, *entry.names, *aliases.get(entry.id, ()))
            words = fold(" ".join((*named_as, entry.text))).split()
            stems = [term_of(t) for t in words]
            self.lengths.append(len(stems))
            self.stem_text.append(f" {' '.join(stems)} ")
            self.coded.append("".join([code_of(self.term_code, t) for t in stems]))
            named = fold(" ".join(named_as)).split()
            self.name_terms.append(frozenset(map(term_of, named)))
            self.whole_names.append(name_sets(named_as))
            for term in self.name_terms[-1]:
                self._named_by.setdefault(term, []).append(i)
            for s, tf in Counter(stems).items():
                self.postings[s][i] = tf
            kept.update(t for w, t in zip(words, stems, strict=True) if len(t) == len(w))
        self.postings = dict(self.postings)
        # Words kept whole (short stems), sorted: `яд` also finds `яда`, `ядом`. Only words the
        # texts spell so, not stems cut from longer words (`мета` of `метать` is no `мете`).
        self.short_words: dict[str, list[str]] = defaultdict(list)
        for t in self.postings:
            if len(stem(t)) < TRUSTED_STEM and t in kept:
                self.short_words[stem(t)].append(t)
        self._strongest: dict[str, dict[int, int]] = {}
        self.avg_len = (sum(self.lengths) / len(self.lengths)) if self.lengths else 1.0
        for term, posting in self.postings.items():  # common terms' strongest, up front
            if len(posting) > CANDIDATE_CAP:
                self._best_postings(term)
        n = len(entries)
        self.idf = {
            s: math.log(1.0 + (n - len(p) + 0.5) / (len(p) + 0.5)) for s, p in self.postings.items()
        }

    def _terms_for(self, word: str) -> list[str]:
        """Index terms a query word stands for: its own forms, then those of the rule words
        the synonym map gives for it (`чинить` → `лечить`, `кубов` → `кубик`)."""
        known = self._terms_memo.get(word)
        if known is not None:
            return known
        own = self._forms(word)
        own.extend(t for t in self._fleeting(term_of(word)) if t not in own)
        for other in self._synonyms.get(term_of(word), ()):
            own.extend(t for t in self._forms(other) if t not in own)
        # a rare word also stands for its entry's names in the other language (a common one,
        # `существо`, already finds its texts: `Creature` would only blur them)
        if sum(len(self.postings.get(t, ())) for t in own) <= BRIDGE_MAX_ENTRIES:
            for other in self._bridges.get(term_of(word), ()):
                own.extend(t for t in self._forms(other) if t not in own)
        if not any(t in self.postings for t in own):
            own.extend(t for t in self._relatives(term_of(word)) if t not in own)
        if len(self._terms_memo) < TERMS_MEMO_CAP:  # the index never changes: safe to keep
            self._terms_memo[word] = own
        return own

    @cached_property
    def _by_fleeting(self) -> dict[str, list[str]]:
        """Long Cyrillic terms by their shape without one fleeting vowel or soft sign near the
        end (`уровен` under `уровн`), for `_fleeting`."""
        out: dict[str, list[str]] = defaultdict(list)
        for t in self.postings:
            if len(t) >= TRUSTED_STEM and not t.isascii():
                for i in range(max(1, len(t) - FLEETING_REACH), len(t)):
                    if t[i] in FLEETING_LETTERS:
                        out[t[:i] + t[i + 1 :]].append(t)
        return out

    def _fleeting(self, term: str) -> list[str]:
        """Index terms that are `term` with a fleeting vowel or soft sign gained or lost near
        its end: Snowball leaves `уровня` as `уровн` and `уровень` as `уровен`, `рывка` and
        `рывок` apart; they are one word."""
        if len(term) < TRUSTED_STEM or term.isascii():
            return []
        out = [t for t in self._by_fleeting.get(term, ()) if t != term]
        for i in range(max(1, len(term) - FLEETING_REACH), len(term)):
            if term[i] in FLEETING_LETTERS:
                shorter = term[:i] + term[i + 1 :]
                if len(shorter) >= TRUSTED_STEM and shorter in self.postings:
                    out.append(shorter)
        return out

    @cached_property
    def _by_root(self) -> dict[str, list[str]]:
        """Long Cyrillic terms by their first `ROOT` letters (for `_relatives`)."""
        out: dict[str, list[str]] = defaultdict(list)
        for t in self.postings:
            if len(t) > ROOT and not t.isascii():
                out[t[:ROOT]].append(t)
        return out

    def _relatives(self, term: str) -> list[str]:
        """Terms of the same root as an unknown word's (`вампирическ` → `вампиризм`): a long
        common beginning, all but the last few letters of the shorter one."""
        if len(term) <= ROOT or term.isascii():
            return []
        out = []
        for t in self._by_root.get(term[:ROOT], ()):
            common = next(
                (k for k, (a, b) in enumerate(zip(term, t, strict=False)) if a != b),
                min(len(term), len(t)),
            )
            if common >= max(ROOT + 1, min(len(term), len(t)) - RELATIVE_SLACK):
                out.append(t)
        return out

    def _forms(self, word: str) -> list[str]:
        """Its stem, or the whole words sharing a short stem that are forms of it
        (`stems_agree`: `яд` finds `ядом`, `горит` not `горы`)."""
        known = self._forms_memo.get(word)
        if known is None:
            term = term_of(word)
            if term != word:
                known = [term]
            else:
                near = self.short_words.get(stem(word), [word])
                known = [w for w in near if stems_agree(word, w)]
            if len(self._forms_memo) < TERMS_MEMO_CAP:
                self._forms_memo[word] = known
        return list(known)

    @cached_property
    def _denominators(self) -> list[float]:
        """BM25's length part per entry, `k1 × (1 − b + b × length / average)`, computed once."""
        avg = self.avg_len
        return [_K1 * (1 - _B + _B * n / avg) for n in self.lengths]

    def _naming(self, terms: Sequence[str]) -> set[int]:
        """Entries whose title or names hold one of `terms`."""
        out: set[int] = set()
        for term in terms:
            out.update(self._named_by.get(term, ()))
        return out

    @cached_property
    def position(self) -> dict[str, int]:
        """Each entry's number by its id (`glossary.robust`)."""
        return {e.id: i for i, e in enumerate(self.entries)}

    def first_without_each(self, query: str, winner: Entry, rivals: Sequence[Entry]) -> bool:
        """Whether `winner` stays ahead of `rivals` without any one word (`glossary.robust`)."""
        return first_without_each(self, query, winner, rivals)

    def rarity(self, word: str) -> float:
        """The IDF of a folded query word (its best form), 0 when no entry uses it."""
        return max((self.idf[v] for v in self._terms_for(word) if v in self.idf), default=0.0)

    def knows(self, word: str) -> bool:
        """Whether a folded query word occurs in some entry (in any form the index joins);
        remembered, as one lookup asks it of each of its words several times and players'
        questions share their words."""
        memo = self._knows_memo
        if word not in memo:
            if len(memo) >= KNOWS_MEMO:
                memo.clear()
            memo[word] = any(v in self.postings for v in self._terms_for(word))
        return memo[word]

    def _word_idf(self, word: str, terms: Sequence[str]) -> float:
        """A query word's weight: its own forms' IDF when the texts use it, else that of the
        rule words it stands for (its synonyms only widen what it finds). Remembered, up to
        `WORD_MEMO_CAP` words."""
        key = (word, tuple(terms))
        known = self._idf_memo.get(key)
        if known is None:
            own = [v for v in self._forms(word) if v in self.idf]
            known = max(self.idf[v] for v in (own or terms))
            if len(self._idf_memo) < WORD_MEMO_CAP:
                self._idf_memo[key] = known
        return known

    def _summed(self, terms: Sequence[str]) -> dict[int, int]:
        """The postings of a word of several forms, each entry's counts summed (the entries
        in several summed alone, in C); remembered, up to `WORD_MEMO_CAP` words, and only
        read."""
        key = tuple(terms)
        tfs = self._merged.get(key)
        if tfs is None:
            tfs = dict(self._best_postings(terms[0]))
            for v in terms[1:]:
                more = self._best_postings(v)
                both = {i: tfs[i] + more[i] for i in tfs.keys() & more.keys()}
                tfs.update(more)
                tfs.update(both)
            if len(self._merged) < WORD_MEMO_CAP:
                self._merged[key] = tfs
        return tfs

    def _best_postings(self, term: str) -> Mapping[int, int]:
        """A term's postings; for a very common term only its `CANDIDATE_CAP` strongest (by
        BM25 weight, computed once per term), so a query of common words stays cheap."""
        posting = self.postings[term]
        if len(posting) <= CANDIDATE_CAP:
            return posting
        best = self._strongest.get(term)
        if best is None:
            lengths, avg = self.lengths, self.avg_len

            def weight(item: tuple[int, int]) -> float:
                i, tf = item
                return tf / (tf + _K1 * (1 - _B + _B * lengths[i] / avg))

            best = self._strongest[term] = dict(
                nlargest(CANDIDATE_CAP, posting.items(), key=weight)
            )
        return best

    def search(
        self, query: str, game: str | None, limit: int, *, snippets: bool = True
    ) -> list[TextHit]:
        """Entries containing the query's words; those named by them first (`горение` → Burn).

        A query of stop words only (`и`) finds nothing: every text has them.
        """
        return self._search(query, game, limit, snippets, near=False)[0]

    def search_near(
        self, query: str, game: str | None, limit: int
    ) -> tuple[list[TextHit], list[TextHit]]:
        """`search` (no snippets) ranked with entries whose text holds the query's words close
        together moved up (`TextHit.near`), and as `search` ranks them: both from one pass."""
        plain, nearby = self.search_later(query, game, limit)
        return nearby(), plain

    def search_later(
        self, query: str, game: str | None, limit: int
    ) -> tuple[list[TextHit], Callable[[], list[TextHit]]]:
        """`search` (no snippets), and the ranking by proximity too (`search_near`) when it is
        asked for: only a pick list is shown in that order, so a sure answer never pays for it
        (the costliest part of a question's lookup)."""
        return self._search(query, game, limit, False, near=True)

    def _search(
        self, query: str, game: str | None, limit: int, snippets: bool, *, near: bool
    ) -> tuple[list[TextHit], Callable[[], list[TextHit]]]:
        """The plain ranking, and a call giving the ranking by proximity too (`near`; without
        it, the plain ranking again)."""
        folded = analyse(query)
        words = [t for t in folded.tokens if t not in STOP_WORDS]
        word_terms = [term_of(w) for w in words]
        stems = list(dict.fromkeys(s for w, s in zip(words, word_terms, strict=True) if w))[:12]
        variants = {s: self._terms_for(w) for w, s in zip(words, word_terms, strict=True)}
        known = [s for s in stems if any(v in self.postings for v in variants[s])]
        if not known:
            return [], list
        total_idf = sum(self.idf.get(s, 1.0) for s in stems) or 1.0
        coverage: dict[int, float] = defaultdict(float)
        named: dict[int, int] = defaultdict(int)  # query words found in the entry's names
        named_idf: dict[int, float] = defaultdict(float)
        wanted: set[str] = set()
        groups = {s: [v for v in variants[s] if v in self.postings] for s in known}
        # Rarest words first: they bring in the candidates; once there are enough, commoner
        # words only score those (an entry with none of the rare words cannot lead anyway).
        order = sorted(known, key=lambda s: sum(len(self.postings[v]) for v in groups[s]))
        denom, games, k1p = self._denominators, self._games, _K1 + 1
        idfs = [self._word_idf(words[word_terms.index(s)], groups[s]) for s in order]
        # the most of the question an entry first brought in by this word or a later one can
        # hold: once `want` candidates hold more, such an entry can never place (ranked by
        # coverage first), so it is not brought in (`closed`) and only counted for the cap
        reach = list(accumulate(reversed(idfs)))[::-1]
        want = max(limit, 0) * 4
        closed = False
        outside: set[int] = set()
        parts: list[tuple[Mapping[int, int], float]] = []  # each word's postings and weight
        for s, idf, most in zip(order, idfs, reach, strict=True):
            terms = groups[s]
            wanted.update(terms)
            items: Mapping[int, int]
            if not closed and want and coverage:
                bar = most / total_idf + REACH_SLACK
                closed = len(list(islice(filter(bar.__lt__, coverage.values()), want))) == want
            inside = closed  # `items` only of entries already in (`coverage`)
            if len(coverage) + len(outside) >= CANDIDATE_CAP:  # enough: commoner words only score
                inside = True
                lists = [self.postings[v] for v in terms]
                items = {}  # the candidates each form is in, found in C, their counts summed
                for p in lists:
                    for i in coverage.keys() & p.keys():
                        items[i] = items.get(i, 0) + p[i]
            elif len(terms) == 1:
                items = self._best_postings(terms[0])
            else:  # the forms' counts summed
                items = self._summed(terms)
            if game is not None:
                items = {i: tf for i, tf in items.items() if games[i] == game}
            if closed and len(items) > len(coverage):
                outside |= items.keys() - coverage.keys()
                items = {i: items[i] for i in items.keys() & coverage.keys()}
            elif closed:
                outside |= {i for i in items if i not in coverage}
                items = {i: tf for i, tf in items.items() if i in coverage}
            share = idf / total_idf
            parts.append((items, idf * k1p))
            # the entries already in summed in turn, the new ones set in C (the order of
            # `coverage` counts nowhere: every ranking below is keyed by the entry too)
            if inside:
                for i in items:
                    coverage[i] += share
            else:
                for i in coverage.keys() & items.keys():
                    coverage[i] += share
                coverage.update(dict.fromkeys(items.keys() - coverage.keys(), share))
            # (few entries: looked up, not tested per posting; those among `items` found in C)
            for i in self._naming(terms) & items.keys():
                named[i] += 1
                named_idf[i] += share
        # Every query word in the names: the entry *is* the thing asked about, so it leads.
        whole = len(known)
        # Only entries whose coverage reaches the `want`-th best can place (the first key after
        # "named by every word", which only entries holding every word, the best coverage, are)
        pool: Iterable[int] = coverage
        if 0 < want < len(coverage):
            cut = sorted(coverage.values(), reverse=True)[want - 1]
            pool = [i for i, c in coverage.items() if c >= cut]
        scores = pool_scores(pool, parts, denom)
        # the keys built in one pass, compared in C (a key function per entry cost more); a
        # pool of a few times `want` sorted whole (no heap kept in Python: the same order)
        by_all = {i for i, n in named.items() if n >= whole}  # named by every word: first
        keys = [(i not in by_all, -coverage[i], -scores[i], i) for i in pool]
        placed = sorted(keys)[:want] if len(keys) <= SORT_WHOLE * want else nsmallest(want, keys)
        ranked = [k[3] for k in placed]
        phrase = " ".join(word_terms)
        phrase = f" {phrase} " if len(words) > 1 else ""
        # a text holding the phrase holds its rarest term: the others skip the substring scan
        rarest = min(word_terms, key=lambda t: len(self.postings.get(t, ()))) if phrase else ""
        phrase_in = self.postings.get(rarest, {})
        shares = {v: self.idf.get(s, 1.0) / total_idf for s in known for v in groups[s]}
        owner = {v: s for s in known for v in groups[s]}
        rows = []
        together: set[int] = set()
        for i in ranked:
            bm = scores[i]
            joined = i in phrase_in and phrase in self.stem_text[i]
            score = 60.0 * coverage[i] + 25.0 * bm / (bm + 5.0) + (15.0 if joined else 0.0)
            if joined:
                together.add(i)
            rows.append((i not in by_all, score, i, 0.0))

        stem_of = owner  # each term's query word
        share_of = {s: self.idf.get(s, 1.0) / total_idf for s in known}

        held: dict[int, float] = {}  # entry → its `whole_name`, once per search

        def whole_name(i: int) -> float:
            known_share = held.get(i)
            if known_share is None:
                if self.name_terms[i].isdisjoint(stem_of):  # (no name term asked: none whole)
                    held[i] = 0.0
                    return 0.0
                best = 0.0
                for terms in self.whole_names[i]:
                    if terms <= stem_of.keys():
                        best = max(best, sum(share_of[s] for s in {stem_of[t] for t in terms}))
                known_share = held[i] = round(min(1.0, best), 3)
            return known_share

        def hits(rows: list[Row], nearby: bool) -> list[TextHit]:
            order = first_rows(rows, limit, nearby)
            return [
                new_text_hit(
                    self.entries[i],
                    -neg,
                    snippet(self.entries[i].text, wanted) if snippets else "",
                    round(min(1.0, named_idf[i]), 3) if i in named_idf else 0.0,
                    round(min(1.0, coverage[i]), 3),
                    round(bonus, 3) if nearby and bonus else 0.0,
                    whole_name(i),
                )
                for _, neg, i, bonus in order[:limit]
            ]

        plain = hits(rows, False)
        if not near or len(known) < 2:
            return plain, plain.copy
        done: list[list[TextHit]] = []

        def nearby() -> list[TextHit]:
            if not done:
                moved = with_near(
                    rows, limit, together, owner, shares, self.postings, self.coded, self.term_code
                )
                done.append(hits(moved, True))
            return list(done[0])

        return plain, nearby
