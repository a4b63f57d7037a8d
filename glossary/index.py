"""The lookup index, built once per glossary: every key of every entry, folded every way.

A key is one name an entry can be found by: its title, each of its `names`, and the Latin
spellings of the Cyrillic ones. Keys are stored in parallel lists (cheap for 50,000 entries) and
reached through dictionaries (exact, compact, parameter base, stems), one sorted list of
word-boundary suffixes (prefix and word-prefix matching with `bisect`), and token postings
(typos and partial matches).
"""

from __future__ import annotations

import math
import re
from collections import defaultdict
from collections.abc import Sequence

from glossary.model import Entry
from glossary.normalize import STOP_WORDS, analyse, script_of, strip_placeholders
from glossary.translit import latin_forms

# Key kinds, best first: the title and its translation, other names, Latin spellings.
NAME, ALIAS, TRANSLIT = 0, 1, 2
_PARENS = re.compile(r"\([^()]*\)")


class KeyIndex:
    """Every searchable key of a list of entries, with the lookup structures over them."""

    def __init__(self, entries: Sequence[Entry]) -> None:
        self.entry_of: list[int] = []
        self.kind: list[int] = []
        self.text: list[str] = []  # what the user would recognise as the matched name
        self.norm: list[str] = []
        self.tokens: list[tuple[str, ...]] = []
        self.content_count: list[int] = []  # tokens that are not stop words nor values
        self.stems: list[tuple[str, ...]] = []
        self.has_param: list[bool] = []
        self.by_norm: dict[str, list[int]] = defaultdict(list)
        self.by_compact: dict[str, list[int]] = defaultdict(list)
        self.by_base: dict[str, list[int]] = defaultdict(list)  # keys with a value slot
        self.by_stem_key: dict[str, list[int]] = defaultdict(list)
        self.token_keys: dict[str, list[int]] = defaultdict(list)
        self.stem_keys: dict[str, list[int]] = defaultdict(list)
        suffix_owners: dict[str, list[int]] = defaultdict(list)  # key id * 2 + (is word suffix)
        stem_entries: dict[str, set[int]] = defaultdict(set)

        for entry_idx, entry in enumerate(entries):
            seen: set[str] = set()
            for kind, text in _entry_keys(entry):
                self._add_key(entry_idx, kind, text, seen, suffix_owners, stem_entries)

        self.suffixes: list[str] = sorted(suffix_owners)
        self.suffix_owners: list[list[int]] = [suffix_owners[s] for s in self.suffixes]
        vocab = sorted(self.token_keys)
        self.vocab: list[str] = vocab
        self.vocab_by_len: dict[int, list[str]] = defaultdict(list)
        for token in vocab:
            self.vocab_by_len[len(token)].append(token)
        n = max(1, len(entries))
        self.idf: dict[str, float] = {
            s: math.log(1.0 + n / len(ids)) for s, ids in stem_entries.items()
        }
        self.max_idf = math.log(1.0 + n)
        # Plain dicts from here on: a missing key must not grow the index at query time.
        for name in (
            "by_norm",
            "by_compact",
            "by_base",
            "by_stem_key",
            "token_keys",
            "stem_keys",
            "vocab_by_len",
        ):
            setattr(self, name, dict(getattr(self, name)))

    def _add_key(
        self,
        entry_idx: int,
        kind: int,
        text: str,
        seen: set[str],
        suffix_owners: dict[str, list[int]],
        stem_entries: dict[str, set[int]],
    ) -> None:
        folded = analyse(strip_placeholders(text))
        if not folded.norm or folded.norm in seen or (len(folded.compact) < 2 and seen):
            return  # nothing, a repeat, or a stray one-letter name (`Х`) that would match noise
        seen.add(folded.norm)
        kid = len(self.norm)
        self.entry_of.append(entry_idx)
        self.kind.append(kind)
        self.text.append(text.strip())
        self.norm.append(folded.norm)
        self.tokens.append(folded.tokens)
        content = [t for t in folded.base_tokens if t not in STOP_WORDS]
        self.content_count.append(max(1, len(content)))
        self.stems.append(folded.stems)
        self.has_param.append(folded.has_param)
        self.by_norm[folded.norm].append(kid)
        if len(folded.compact) >= 3 and folded.compact != folded.norm:
            self.by_compact[folded.compact].append(kid)
        if folded.has_param:
            self.by_base[folded.base].append(kid)
        if kind != TRANSLIT:
            self.by_stem_key[folded.stem_key].append(kid)
            for s in set(folded.stems):
                self.stem_keys[s].append(kid)
                stem_entries[s].add(entry_idx)
        for token in set(folded.tokens):
            self.token_keys[token].append(kid)
        # Every word-boundary suffix: offset 0 is the prefix tier, later ones the word-prefix tier.
        norm = folded.norm
        suffix_owners[norm].append(kid * 2)
        pos = norm.find(" ")
        while pos != -1:
            suffix_owners[norm[pos + 1 :]].append(kid * 2 + 1)
            pos = norm.find(" ", pos + 1)
        if kind != TRANSLIT and script_of(norm) in ("ru", "mixed"):
            for form in latin_forms(norm):
                self._add_key(entry_idx, TRANSLIT, form, seen, suffix_owners, stem_entries)

    def __len__(self) -> int:
        return len(self.norm)


def _entry_keys(entry: Entry) -> list[tuple[int, str]]:
    """The title and names of an entry with their kind.

    The title, the main name and its translations (names in the other script: `Armor` for
    «Броня», `Эгида` for "Aegis X") are names; the other variants and abbreviations are aliases.
    """
    keys: list[tuple[int, str]] = [(NAME, entry.title)]
    main = entry.names[0] if entry.names else _PARENS.sub(" ", entry.title)
    main_script = script_of(main.casefold())
    for i, name in enumerate(entry.names):
        script = script_of(name.casefold())
        is_name = i == 0 or (script in ("ru", "en") and script != main_script)
        keys.append((NAME if is_name else ALIAS, name))
    return keys
