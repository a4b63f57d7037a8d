"""What the text index (`glossary.textindex`) computes once per word and per entry: a word's
index term, each name's terms, the one-word names standing for each other, and each term's
one character in the coded texts the proximity bonus reads (`glossary.proximity`)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

from glossary.model import Entry
from glossary.normalize import STOP_WORDS, TRUSTED_STEM, fold, is_param_token, stem

SURROGATES = 0xD800  # the first code point `code_of` skips (to 0xDFFF)


def term_of(word: str) -> str:
    """What a folded word is indexed by: its stem, or the word itself when the stem is too short
    to trust (`горит` and `горы` share `гор`, and must not find each other)."""
    root = stem(word)
    return root if len(root) >= TRUSTED_STEM or root.isascii() else word


def code_of(codes: dict[str, str], term: str) -> str:
    """`term`'s one character in `TextIndex.coded`, a new one for a new term (surrogates,
    which no text encoding accepts, skipped)."""
    known = codes.get(term)
    if known is None:
        n = len(codes)
        known = codes[term] = chr(n if n < SURROGATES else n + 0x800)
    return known


def name_sets(names: Iterable[str]) -> tuple[frozenset[str], ...]:
    """The terms of each name, value slots and stop words left out (`Защита от атак` →
    {защит, атак}), for `TextHit.whole_name`."""
    out: list[frozenset[str]] = []
    for name in names:
        terms = frozenset(
            term_of(w) for w in fold(name).split() if w not in STOP_WORDS and not is_param_token(w)
        )
        if terms and terms not in out:
            out.append(terms)
    return tuple(out)


def add_name_bridges(
    table: dict[str, tuple[str, ...]],
    entries: Sequence[Entry],
    aliases: Mapping[str, Sequence[str]],
) -> None:
    """Each one-word name of an entry (its value slot left out: `Charge +X` is `charge`) also
    stands for the entry's other one-word names, in `table` (keyed by term, like `by_term`)."""
    for entry in entries:
        single: list[str] = []
        for name in (entry.title, *entry.names, *aliases.get(entry.id, ())):
            words = [w for w in fold(name).split() if not is_param_token(w)]
            if len(words) == 1 and words[0] not in STOP_WORDS and words[0] not in single:
                single.append(words[0])
        for word in single:
            key = term_of(word)
            others = [w for w in single if term_of(w) != key]
            if others:
                known = table.get(key, ())
                table[key] = (*known, *(w for w in others if w not in known))


__all__ = ["add_name_bridges", "code_of", "name_sets", "term_of"]
