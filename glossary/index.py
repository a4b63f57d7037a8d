"""The lookup index, built once per glossary: every key of every entry, folded every way.

A key is one name an entry can be found by: its title, each of its `names`, and the Latin
spellings of the Cyrillic ones. Keys live in parallel lists (cheap for 50,000 entries) and are
reached through:

- a sorted list of folded keys (exact and prefix matching with `bisect`), plus the best keys of
  every 1–3 letter prefix precomputed, so autocomplete never scans thousands of keys;
- dictionaries for the other exact forms (spacing removed, parameter value removed, stems);
- word and stem postings with a sorted vocabulary (word prefixes, typos, partial matches).
"""

from __future__ import annotations

import math
import re
from bisect import bisect_left
from collections import defaultdict
from collections.abc import Mapping, Sequence
from functools import cached_property
from itertools import groupby
from operator import itemgetter

from glossary.model import Entry
from glossary.normalize import STOP_WORDS, TRUSTED_STEM, analyse, stem, strip_placeholders
from glossary.translit import latin_forms

# Key kinds, best first: the title, main name and translations; other names; Latin spellings.
NAME, ALIAS, TRANSLIT = 0, 1, 2
SHORT_PREFIX = 3  # prefixes up to this many letters have their best keys precomputed (fixed)
SHORT_PREFIX_KEEP = 64  # best keys kept per short prefix (and per game)
TRANSLIT_FORMS = 3
SCAN_CAP = 8_000  # keys at most in one whole-key typo scan (`keys_of_length`)
_PARENS = re.compile(r"\([^()]*\)")
_MAX_CHAR = "\U0010ffff"

# A posting is a single key id (the common case) or a list of them: half the memory of lists.
Posting = int | list[int]


def _put(d: dict[str, Posting], key: str, kid: int) -> None:
    current = d.get(key)
    if current is None:
        d[key] = kid
    elif isinstance(current, int):
        if current != kid:
            d[key] = [current, kid]
    elif current[-1] != kid:
        current.append(kid)


def ids(posting: Posting | None) -> Sequence[int]:
    """The key ids of a posting (empty for None)."""
    if posting is None:
        return ()
    return (posting,) if isinstance(posting, int) else posting


class KeyIndex:
    """Every searchable key of a list of entries, with the lookup structures over them."""

    def __init__(
        self, entries: Sequence[Entry], aliases: Mapping[str, Sequence[str]] | None = None
    ) -> None:
        self.entry_of: list[int] = []
        self.kind = bytearray()
        self.text: list[str] = []  # the name as written, shown as what matched
        self.norm: list[str] = []
        self.content_count = bytearray()  # words that are neither stop words nor values
        self.head_stem: list[str] = []  # stem of the first word: the head of a Russian phrase
        self.has_param = bytearray()
        self.by_compact: dict[str, Posting] = {}
        self.by_base: dict[str, Posting] = {}  # keys with a value slot, by name without it
        self.by_stem_key: dict[str, Posting] = {}
        self.token_keys: dict[str, list[int]] = defaultdict(list)
        self.stem_keys: dict[str, list[int]] = defaultdict(list)
        self._tokens: dict[str, str] = {}  # one string object per distinct word

        for entry_idx, entry in enumerate(entries):
            seen: set[str] = set()
            raw: set[str] = set()
            extra = [(ALIAS, a) for a in aliases.get(entry.id, ())] if aliases else []
            for kind, text in _entry_keys(entry) + extra:
                if text not in raw:  # the title usually repeats the first name verbatim
                    raw.add(text)
                    self._add(entry_idx, kind, text, seen)

        # Keys sorted by their folded text: exact and prefix lookups are a bisect away.
        self.sorted_kids: list[int] = sorted(range(len(self.norm)), key=self.norm.__getitem__)
        self.sorted_norms: list[str] = [self.norm[k] for k in self.sorted_kids]
        self.vocab: list[str] = sorted(self.token_keys)
        self.vocab_by_len: dict[int, list[str]] = defaultdict(list)
        for token in self.vocab:
            self.vocab_by_len[len(token)].append(token)
        self.vocab_by_len = dict(self.vocab_by_len)
        self.token_keys = dict(self.token_keys)
        self.stem_keys = dict(self.stem_keys)
        self.stems_by_len: dict[int, list[str]] = defaultdict(list)
        for s in sorted(self.stem_keys):
            self.stems_by_len[len(s)].append(s)
        self.stems_by_len = dict(self.stems_by_len)
        # Words by stem, for stems too short to trust alone (`гор`: `горы`, not `горит`).
        self.short_stem_words: dict[str, list[str]] = defaultdict(list)
        for token in self.vocab:
            s = stem(token)
            if len(s) < TRUSTED_STEM:
                self.short_stem_words[s].append(token)
        self.short_stem_words = dict(self.short_stem_words)
        n = max(1, len(self.norm))  # rarity among keys: an entry has a few keys per stem at most
        self.idf = {s: math.log(1.0 + n / len(k)) for s, k in self.stem_keys.items()}
        self.max_idf = math.log(1.0 + n)
        kinds, norms = self.kind, self.norm
        self.rank: list[int] = [
            kinds[k] * 4096 + min(len(norms[k]), 4095) for k in range(len(norms))
        ]
        # Sorted (texts, key ids) overall ("") and per game, for scoped prefix lookups.
        self.scopes: dict[str, tuple[list[str], list[int]]] = {}
        self.short_prefixes = self._short_prefixes(entries)
        del self._tokens

    def _add(
        self,
        entry_idx: int,
        kind: int,
        text: str,
        seen: set[str],
    ) -> None:
        folded = analyse(strip_placeholders(text))
        norm = folded.norm
        if not norm or norm in seen or (len(folded.compact) < 2 and seen):
            return  # nothing, a repeat, or a stray one-letter name (`Х`) that would match noise
        seen.add(norm)
        content = len([t for t in folded.base_tokens if t not in STOP_WORDS])
        kid = self._new_key(entry_idx, kind, text.strip(), norm, folded.tokens, content)
        self.head_stem.append(folded.stems[0] if folded.stems else "")
        self.has_param.append(folded.has_param)
        if folded.has_param:
            _put(self.by_base, folded.base, kid)
        _put(self.by_stem_key, folded.stem_key, kid)
        stem_keys = self.stem_keys
        for s in set(folded.stems):
            stem_keys[s].append(kid)
        if not norm.isascii():  # Cyrillic words get Latin spellings; Latin ones stay as they are
            for form in latin_forms(norm, TRANSLIT_FORMS):
                if form not in seen:
                    seen.add(form)
                    self._new_key(entry_idx, TRANSLIT, form, form, form.split(), content)
                    self.head_stem.append("")
                    self.has_param.append(False)

    def _new_key(
        self,
        entry_idx: int,
        kind: int,
        text: str,
        norm: str,
        tokens: Sequence[str],
        content: int,
    ) -> int:
        """Record a key's common fields and its exact, compact and word postings."""
        kid = len(self.norm)
        self.entry_of.append(entry_idx)
        self.kind.append(kind)
        self.text.append(text)
        self.norm.append(norm)
        self.content_count.append(min(255, max(1, content)))
        if len(tokens) > 1 and kind != TRANSLIT:
            _put(self.by_compact, "".join(tokens), kid)
        intern = self._tokens.setdefault
        token_keys = self.token_keys
        for token in set(tokens):
            token_keys[intern(token, token)].append(kid)
        return kid

    def _short_prefixes(self, entries: Sequence[Entry]) -> dict[str, dict[str, list[int]]]:
        """For each 1–3 letter prefix, overall ("") and per game, its best keys.

        Best means names before aliases before transliterations, then shorter first: the prefix
        tier's order (`rank`). Every prefix is a slice of the sorted keys: bisect and heapq.
        """
        games = [e.game for e in entries]
        by_game: dict[str, list[int]] = defaultdict(list)
        for kid in self.sorted_kids:
            by_game[games[self.entry_of[kid]]].append(kid)
        self.scopes[""] = (self.sorted_norms, self.sorted_kids)
        for game, kids in by_game.items():
            self.scopes[game] = ([self.norm[k] for k in kids], kids)
        out: dict[str, dict[str, list[int]]] = {}
        for scope, (texts, _) in self.scopes.items():
            table: dict[str, list[int]] = {}
            for size in range(1, SHORT_PREFIX + 1):
                for prefix, _ in groupby(texts, key=itemgetter(slice(0, size))):
                    if prefix not in table:  # else shorter than `size`, listed already
                        table[prefix] = self.best_with_prefix(scope, prefix)
            out[scope] = table
        return out

    def best_with_prefix(self, scope: str, prefix: str) -> list[int]:
        """The best keys (by `rank`) starting with `prefix` within a game ("" for all)."""
        texts, kids = self.scopes[scope]
        lo = bisect_left(texts, prefix)
        hi = bisect_left(texts, prefix + _MAX_CHAR, lo)
        if hi - lo <= SHORT_PREFIX_KEEP:
            return kids[lo:hi]
        return sorted(kids[lo:hi], key=self.rank.__getitem__)[:SHORT_PREFIX_KEEP]

    def keys_of_length(
        self, length: int, budget: int, non_latin: int = 0
    ) -> tuple[list[str], list[int]]:
        """Folded keys (and their ids) within `budget` characters of `length`, built once per
        pair: a typo scan need not look at keys too long or short to be within its budget.

        `non_latin` is how many of the query's characters are not ASCII: one edit changes that
        count by one at most, so a Cyrillic query skips the Latin spellings of Cyrillic names
        and a Latin query the Cyrillic keys (lossless: only keys no edit budget reaches).
        At most `SCAN_CAP` keys are kept, the best-ranked (names before aliases, short first):
        a scan over a glossary of 50,000 entries stays bounded; a real one is far below it.
        """
        cache = self.__dict__.setdefault("_by_length", {})
        side = 0 if non_latin <= budget else 1
        found = cache.get((length, budget, side))
        if found is None:
            groups = self._kids_by_length
            other = self._non_latin
            near = [
                k
                for n in range(length - budget, length + budget + 1)
                for k in groups.get(n, ())
                if (other[k] >= 1 if side else other[k] <= 2 * budget)
            ]
            if len(near) > SCAN_CAP:
                near = sorted(near, key=self.rank.__getitem__)[:SCAN_CAP]
            kids = sorted(near)  # key order, as one scan over every key would give them
            found = cache[(length, budget, side)] = ([self.norm[k] for k in kids], kids)
        return found  # type: ignore[no-any-return]

    @cached_property
    def _non_latin(self) -> list[int]:
        """How many characters of each folded key are not ASCII (Cyrillic letters, mostly)."""
        return [sum(not c.isascii() for c in n) for n in self.norm]

    @cached_property
    def _kids_by_length(self) -> dict[int, list[int]]:
        """Key ids by the length of their folded key (one pass, for `keys_of_length`)."""
        out: dict[int, list[int]] = {}
        for k, n in enumerate(self.norm):
            out.setdefault(len(n), []).append(k)
        return out

    def word_heads(self, size: int) -> tuple[list[str], list[list[str]]]:
        """The distinct first `size` letters of longer vocabulary words, each with its words
        (built once per size): a half-typed word is compared with these."""
        cache = self.__dict__.setdefault("_heads", {})
        found = cache.get(size)
        if found is None:
            table: dict[str, list[str]] = {}
            for t in self.vocab:
                if len(t) > size:
                    table.setdefault(t[:size], []).append(t)
            found = cache[size] = (list(table), list(table.values()))
        return found  # type: ignore[no-any-return]

    def __len__(self) -> int:
        return len(self.norm)


def _entry_keys(entry: Entry) -> list[tuple[int, str]]:
    """The title and names of an entry with their kind.

    The title, the main name and its translations (names in the other script: `Armor` for
    «Броня», `Эгида` for "Aegis X") are names; other variants and abbreviations are aliases. A
    title's parenthesised variants are already among the names, so the title is keyed without them.
    """
    title = entry.title
    bare_title = " ".join(_PARENS.sub(" ", title).split()) if "(" in title else title
    keys: list[tuple[int, str]] = [(NAME, bare_title or title)]
    names = entry.names
    main_latin = (names[0] if names else bare_title).isascii()
    for i, name in enumerate(names):
        keys.append((NAME if i == 0 or name.isascii() != main_latin else ALIAS, name))
    if not names and bare_title != title:
        keys.append((ALIAS, title))
    return keys
