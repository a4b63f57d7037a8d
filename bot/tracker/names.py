"""Matching typed names of counters, tokens, units and players: case-, ё/е- and æ-insensitive.

`горение`, `Burn` and `BURN` are one token; `янтарь`, `aember` and `æmber` one counter. The
names themselves (Russian, English, aliases) live in the template data files.
"""

from __future__ import annotations

import functools
import re
import unicodedata
from collections.abc import Iterable

_SPACES = re.compile(r"[\s_\-]+")
# Zero-width joiner: it glues emoji sequences together, so it is kept; other format characters
# (bidi overrides, zero-width spaces) are dropped with the control characters.
_KEEP_FORMAT = frozenset("\u200d")
# Characters Discord markdown gives a meaning anywhere in a line, escaped with a backslash.
_MARKDOWN = re.compile(r"([\\*_~`|>\[\]<])")
# …and those that mean something only at the start of a line (heading, list, quote).
_LINE_START = re.compile(r"^([#\-+>])")


@functools.lru_cache(maxsize=4096)  # the same few names are compared on every command
def norm(text: str) -> str:
    """The comparison form of a name: casefolded, ё→е, æ→ae, runs of spaces/-/_ as one space."""
    folded = text.strip().casefold().replace("ё", "е").replace("æ", "ae")
    return _SPACES.sub(" ", folded).strip()


def slug_key(text: str) -> str:
    """A storage key for a counter created on the fly (`Poison Counters` → `poison_counters`)."""
    return norm(text).replace(" ", "_")[:40]


def clean_name(text: str) -> str:
    """A typed name as it is kept: control and format characters dropped, spaces collapsed.

    Case, ё and punctuation are kept: the name is shown as typed (escaped when shown).
    """
    spaced = " ".join(text.split())
    kept = (ch for ch in spaced if unicodedata.category(ch)[0] != "C" or ch in _KEEP_FORMAT)
    return " ".join("".join(kept).split())


def stat_key(text: str) -> str:
    """The key of a counter made on the fly, keeping the case it was typed in (`VP`, `Poison`).

    Two spellings of one name (`VP`, `vp`, `v-p`) are one counter: lookups compare `slug_key`.
    """
    return _SPACES.sub("_", clean_name(text)).strip("_")


def md(text: str) -> str:
    """`text` safe to put into Discord markdown: `**Жирный**` shows as typed, not bold.

    Short texts (names, which a board at the unit cap escapes thousands of times) are cached."""
    return _md_short(text) if len(text) <= 100 else _md(text)


def _md(text: str) -> str:
    return _LINE_START.sub(r"\\\1", _MARKDOWN.sub(r"\\\1", text))


_md_short = functools.lru_cache(maxsize=4096)(_md)


class Lexicon:
    """Every spelling of a set of keys, resolved to the key."""

    def __init__(self) -> None:
        self._by_name: dict[str, str] = {}

    def add(self, key: str, names: Iterable[str]) -> None:
        for name in (key, *names):
            self._by_name.setdefault(norm(name), key)

    def resolve(self, text: str) -> str | None:
        """The key an exact spelling names, else the key a unique prefix names, else None."""
        n = norm(text)
        if not n:
            return None
        if n in self._by_name:
            return self._by_name[n]
        keys = {key for name, key in self._by_name.items() if name.startswith(n)}
        return keys.pop() if len(keys) == 1 else None

    def resolve_exact(self, text: str) -> str | None:
        """The key an exact spelling names (no prefix): for a second guess, where a prefix
        would reach too far."""
        return self._by_name.get(norm(text)) if norm(text) else None

    def __contains__(self, key: str) -> bool:
        return key in self._by_name.values()


def in_line(label: str, lang: str) -> str:
    """A game's stat or trait name inside a Russian board or unit line («· защитное поле 2»,
    «· неживое»), lowercase as the stats beside it are (playtest 8, G7), although the template
    and glossary spell it as a heading; a name whose second letter is a capital too (ЗОВ) is
    kept, and English keeps its own capitals (Æmber is a name)."""
    if lang == "ru" and len(label) > 1 and label[0].isupper() and not label[1].isupper():
        return label[0].lower() + label[1:]
    return label
