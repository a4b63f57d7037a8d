"""Glossary package: imported rule texts (`data/`), their loader and the forgiving search.

`load_glossary()` is what the bot uses; `Glossary(entries)` builds one from any entry list.
"""

from __future__ import annotations

import logging
import threading
from pathlib import Path

from glossary.model import Entry
from glossary.search import Glossary, Hit, Lookup, TermMatch, TextHit

__all__ = ["Glossary", "Hit", "Lookup", "TermMatch", "TextHit", "load_glossary"]

log = logging.getLogger(__name__)
_cache: dict[Path, Glossary] = {}
_lock = threading.Lock()


def load_glossary(data_dir: Path | str | None = None) -> Glossary:
    """The glossary of a data directory (default: the committed one), built once and cached.

    A broken entry never stops the bot: the readable entries are served and the problem is
    logged (`python -m bot check` reports it with file and line).
    """
    from glossary import loader

    path = Path(data_dir).resolve() if data_dir is not None else loader.DATA_DIR
    with _lock:
        cached = _cache.get(path)
        if cached is None:
            entries = _read_entries(path)
            cached = _cache[path] = Glossary(entries, _read_aliases(path, entries))
        return cached


def _read_aliases(path: Path, entries: list[Entry]) -> dict[str, tuple[str, ...]]:
    """The curated aliases, and each entry's official English name (`english/names.toml`): an
    English reply shows «Усиление Пула Силы (Channelling)», so `channelling` must find it
    (English walk 12, WF-1)."""
    from glossary.aliases import alias_dir, load_aliases
    from glossary.english_names import read_english_names

    aliases = load_aliases(alias_dir(path), entries)
    names_file = path / "english" / "names.toml"
    english, _ = read_english_names(names_file) if names_file.is_file() else ({}, [])
    known = {e.id for e in entries}
    for entry_id, name in english.items():
        if entry_id in known:
            aliases[entry_id] = (*aliases.get(entry_id, ()), name)
    return aliases


def _read_entries(path: Path) -> list[Entry]:
    from glossary import loader

    try:
        entries, problems = loader.load_entries_lenient(path)
    except OSError as exc:  # an unreadable directory must not take the bot down
        log.warning("glossary data unreadable, serving no entries: %s", exc)
        return []
    for problem in problems:
        log.warning("glossary data problem (entry left out): %s", problem)
    return entries
