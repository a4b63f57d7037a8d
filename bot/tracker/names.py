"""Matching typed names of counters, tokens, units and players: case-, ё/е- and æ-insensitive.

`горение`, `Burn` and `BURN` are one token; `янтарь`, `aember` and `æmber` one counter. The
names themselves (Russian, English, aliases) live in the template data files.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

_SPACES = re.compile(r"[\s_\-]+")


def norm(text: str) -> str:
    """The comparison form of a name: casefolded, ё→е, æ→ae, runs of spaces/-/_ as one space."""
    folded = text.strip().casefold().replace("ё", "е").replace("æ", "ae")
    return _SPACES.sub(" ", folded).strip()


def slug_key(text: str) -> str:
    """A storage key for a counter created on the fly (`Poison Counters` → `poison_counters`)."""
    return norm(text).replace(" ", "_")[:40]


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

    def __contains__(self, key: str) -> bool:
        return key in self._by_name.values()
