"""Terms an entry rules without being named after them (`data/covers/terms.toml`).

Conquest has no Warlord entry: «Урон (Damage)» rules a damaged and bloodied Warlord. An alias
opens that entry, and the reply says why, so a player who asked for "Warlord" is not handed a
Damage entry silently (English walk 5, CQ-1).
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache
from pathlib import Path

from glossary.loader import DATA_DIR
from glossary.normalize import fold
from glossary.tomlfile import read_toml

COVERS_FILE = DATA_DIR / "covers" / "terms.toml"


@lru_cache(maxsize=4)
def covered_terms(path: Path = COVERS_FILE) -> Mapping[str, frozenset[str]]:
    """`{entry id: folded terms it rules}`; an unreadable file gives none rather than failing."""
    raw, _ = read_toml(path)
    return {
        entry_id: frozenset(fold(term) for term in terms if isinstance(term, str))
        for entry_id, terms in raw.items()
        if isinstance(terms, list)
    }


def covers(entry_id: str, term: str) -> bool:
    """Whether `term` is a thing the entry rules rather than one of its names."""
    return fold(term) in covered_terms().get(entry_id, frozenset())
