"""Player words → rule-text words (`data/words/synonyms.toml`), for matching questions.

Players ask «как чинить» and «сколько кубов»; the texts say «лечит» and «кубиков». The stemmer
cannot join such pairs, so a small curated map does: each query word also stands for the index
terms of its rule words. It is data, read once; a missing or broken file means no synonyms.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from functools import lru_cache
from pathlib import Path

from glossary.normalize import fold
from glossary.tomlfile import read_toml

SYNONYM_FILE = Path(__file__).resolve().parent / "data" / "words" / "synonyms.toml"


def read_synonyms(path: Path) -> tuple[dict[str, tuple[str, ...]], list[str]]:
    """`{folded player word: folded rule words}` of a synonym file, and the problems met."""
    raw, unread = read_toml(path)
    if unread:
        return {}, unread
    table = raw.get("words", {})
    out: dict[str, tuple[str, ...]] = {}
    problems: list[str] = []
    if not isinstance(table, dict):
        return {}, [f"{path}: [words] must be a table"]
    for word, means in table.items():
        key = fold(word)
        if (
            len(key.split()) != 1
            or not isinstance(means, list)
            or not means
            or not all(isinstance(m, str) and len(fold(m).split()) == 1 for m in means)
        ):
            problems.append(f"{path}: {word!r}: expected one word → a list of single words")
            continue
        out[key] = tuple(fold(m) for m in means)
    return out, problems


@lru_cache(maxsize=1)
def synonyms() -> Mapping[str, tuple[str, ...]]:
    """The shipped synonym map (read once)."""
    return read_synonyms(SYNONYM_FILE)[0]


def by_term(
    table: Mapping[str, tuple[str, ...]], term_of: Callable[[str], str]
) -> dict[str, tuple[str, ...]]:
    """The map keyed by index term, so any form of a player word finds its rule words."""
    out: dict[str, list[str]] = {}
    for word, means in table.items():
        words = out.setdefault(term_of(word), [])
        words.extend(m for m in means if m not in words)
    return {k: tuple(v) for k, v in out.items()}


def validate_synonyms(path: Path, knows: Callable[[str], bool]) -> list[str]:
    """Problems of a synonym file for `python -m bot check`: unreadable entries, and rule
    words no entry text uses (`knows`: the text index's, without synonyms), which find
    nothing and only hide a typo in the data."""
    table, problems = read_synonyms(path)
    for word, means in table.items():
        problems += [
            f"{path}: {word!r} → {m!r}: no entry text uses this word" for m in means if not knows(m)
        ]
    return problems
