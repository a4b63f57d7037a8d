"""Official English names of entries the source titles only in Russian (`data/english/names.toml`).

The Russian books title «Разрушение»; an English player knows the rule as Dispel and the bot's
own English replies say "dispel pool". English replies show the official name beside the title
(`display_title`), Russian ones do not. `python -m bot check` runs `validate_english_names`.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from functools import lru_cache
from pathlib import Path

from glossary.loader import DATA_DIR
from glossary.model import Entry
from glossary.normalize import analyse, script_of
from glossary.tomlfile import read_toml

ENGLISH_NAMES_FILE = DATA_DIR / "english" / "names.toml"


def read_english_names(path: Path) -> tuple[dict[str, str], list[str]]:
    """`{entry id: English name}` of every game's table, and the problems met reading it."""
    raw, problems = read_toml(path)
    out: dict[str, str] = {}
    for game, table in raw.items():
        if not isinstance(table, dict):
            problems.append(f"{path}: [{game}] must be a table of entry id = name")
            continue
        for entry_id, name in table.items():
            if not isinstance(name, str) or not name.strip():
                problems.append(f"{path}: {entry_id!r}: expected a name")
                continue
            if not entry_id.startswith(f"{game}/"):
                problems.append(f"{path}: {entry_id!r} is listed under [{game}]")
                continue
            out[entry_id] = name.strip()
    return out, problems


@lru_cache(maxsize=4)
def english_names(path: Path = ENGLISH_NAMES_FILE) -> Mapping[str, str]:
    """The usable table; an unreadable file gives no names rather than failing a reply."""
    table, _ = read_english_names(path)
    return table


def _is_english(text: str) -> bool:
    return script_of(analyse(text).base) == "en"


def russian_name(entry: Entry) -> str | None:
    """The entry's name in Russian alone: the title, or for a title that also quotes an English
    word (`Командные Значки (Combat Icons)`, `Цены: Слово "To" ("Чтобы")`) its first
    Russian-only name, which the official English name then stands beside (English walk 5,
    CQ-2, CQ-3)."""
    for name in (entry.title, *entry.names):
        if script_of(analyse(name).base) == "ru":
            return name
    return None


def validate_english_names(path: Path, entries: Iterable[Entry]) -> list[str]:
    """Every id names an entry, every name is English, no title already has it, and the entry has
    a Russian-only name for it to stand beside (a title may quote another English word: CQ-2)."""
    table, problems = read_english_names(path)
    by_id = {e.id: e for e in entries}
    for entry_id, name in table.items():
        entry = by_id.get(entry_id)
        if entry is None:
            problems.append(f"{path}: {entry_id!r}: no such entry")
        elif not _is_english(name):
            problems.append(f"{path}: {entry_id!r}: {name!r} is not an English name")
        elif russian_name(entry) is None or name.casefold() in entry.title.casefold():
            problems.append(f"{path}: {entry_id!r}: the title {entry.title!r} already has it")
    return problems


ENGLISH_TEXTS_FILE = DATA_DIR / "english" / "texts.toml"


def read_english_texts(path: Path) -> tuple[dict[str, str], list[str]]:
    """`{entry id: English text}` of Arbiter's retold entries, and the problems met reading it."""
    raw, problems = read_toml(path)
    out: dict[str, str] = {}
    for entry_id, text in raw.items():
        if not isinstance(text, str) or not text.strip():
            problems.append(f"{path}: {entry_id!r}: expected a text")
            continue
        out[entry_id] = text.strip()
    return out, problems


@lru_cache(maxsize=4)
def english_texts(path: Path = ENGLISH_TEXTS_FILE) -> Mapping[str, str]:
    """The usable texts; an unreadable file leaves every entry in its Russian text."""
    table, _ = read_english_texts(path)
    return table


def validate_english_texts(path: Path, entries: Iterable[Entry]) -> list[str]:
    """Only the bot's own retold entries get an English text (a seed's quotation stays as the
    book has it), and each text is English."""
    table, problems = read_english_texts(path)
    by_id = {e.id: e for e in entries}
    for entry_id, text in table.items():
        entry = by_id.get(entry_id)
        if entry is None:
            problems.append(f"{path}: {entry_id!r}: no such entry")
        elif entry.source.published is None:
            problems.append(f"{path}: {entry_id!r} quotes a seed: its text stays as in the book")
        elif not _mostly_english(text):
            problems.append(f"{path}: {entry_id!r}: the text is not English")
    return problems


def _mostly_english(text: str) -> bool:
    """Latin letters outnumber Cyrillic ones: a term may keep its Russian name in brackets."""
    latin = sum(1 for c in text if "a" <= c.lower() <= "z")
    cyrillic = sum(1 for c in text if "а" <= c.lower() <= "я" or c in "ёЁ")
    return latin > 4 * cyrillic
