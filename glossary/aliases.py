"""Curated aliases: names players use that the rulebook does not (`glossary/data/aliases/`).

One TOML file per game, named like its data file (`keyforge.toml`), mapping an entry id to a
list of extra names: common translations, slang, abbreviations, official English names of terms
the source gives only in Russian. They are searched like an entry's own aliases but never shown
as its names. `python -m bot check` runs `validate_aliases`: every alias points at an entry of
its file's game and names no other entry of that game.
"""

from __future__ import annotations

import tomllib
from collections.abc import Iterable, Mapping
from functools import lru_cache
from pathlib import Path

from glossary.model import Entry
from glossary.normalize import fold, strip_placeholders

ALIAS_DIR_NAME = "aliases"
GAME_KEY = "_game"  # in an alias file: the names of the game itself (`mw`, `мв`, `кф`)

Aliases = Mapping[str, tuple[str, ...]]  # entry id → extra names


def alias_dir(data_dir: Path) -> Path:
    return data_dir / ALIAS_DIR_NAME


def read_alias_files(directory: Path) -> tuple[dict[str, dict[str, tuple[str, ...]]], list[str]]:
    """`{game: {entry id: names}}` of every alias file, and the problems met reading them."""
    out: dict[str, dict[str, tuple[str, ...]]] = {}
    problems: list[str] = []
    if not directory.is_dir():
        return out, problems
    for path in sorted(directory.glob("*.toml")):
        try:
            raw = tomllib.loads(path.read_text(encoding="utf-8"))
        except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError) as exc:
            problems.append(f"{path}: cannot read: {exc}")
            continue
        table: dict[str, tuple[str, ...]] = {}
        for entry_id, names in raw.items():
            if not isinstance(names, list) or not all(
                isinstance(n, str) and fold(n) for n in names
            ):
                problems.append(f"{path}: {entry_id!r}: expected a list of names with letters")
                continue
            table[entry_id] = tuple(n.strip() for n in names)
        out[path.stem] = table
    return out, problems


def load_aliases(directory: Path, entries: Iterable[Entry]) -> dict[str, tuple[str, ...]]:
    """The usable aliases (entry id → names); a bad file or alias is skipped, never fatal."""
    by_game, _ = read_alias_files(directory)
    games = {e.id: e.game for e in entries}
    out: dict[str, tuple[str, ...]] = {}
    for game, table in by_game.items():
        for entry_id, names in table.items():
            if entry_id != GAME_KEY and games.get(entry_id) == game:
                out[entry_id] = out.get(entry_id, ()) + names
    return out


def _key(name: str) -> str:
    return fold(strip_placeholders(name)).replace(" ", "")


def validate_aliases(directory: Path, entries: Iterable[Entry]) -> list[str]:
    """Every problem of the alias files: unknown game or entry, an alias of two entries."""
    by_game, problems = read_alias_files(directory)
    entries = list(entries)
    by_id = {e.id: e for e in entries}
    games = {e.game for e in entries}
    for game, table in by_game.items():
        path = directory / f"{game}.toml"
        if game not in games:
            problems.append(f"{path}: no glossary data for a game named {game!r}")
            continue
        owners: dict[str, str] = {}  # folded name → entry id, within this game
        for e in entries:
            if e.game == game:
                for name in (e.title, *e.names):
                    owners.setdefault(_key(name), e.id)
        seen: dict[str, str] = {}
        for entry_id, names in table.items():
            if entry_id == GAME_KEY:
                continue
            entry = by_id.get(entry_id)
            if entry is None or entry.game != game:
                problems.append(f"{path}: {entry_id!r} is not an entry of {game}")
                continue
            for name in names:
                key = _key(name)
                other = owners.get(key)
                if other is not None and other != entry_id:
                    problems.append(f"{path}: alias {name!r} of {entry_id} already names {other}")
                elif key in seen and seen[key] != entry_id:
                    problems.append(
                        f"{path}: alias {name!r} given to both {seen[key]} and {entry_id}"
                    )
                seen.setdefault(key, entry_id)
    names_of: dict[str, str] = {}
    for game, table in by_game.items():
        for name in table.get(GAME_KEY, ()):
            key = fold(name)
            if names_of.setdefault(key, game) != game or (key in games and key != game):
                problems.append(f"{directory / (game + '.toml')}: game name {name!r} is ambiguous")
    return problems


@lru_cache(maxsize=4)
def game_aliases(directory: Path | None = None) -> dict[str, str]:
    """Folded names of the games (`mw`, `мв`, `берсерк`) → slug, from the alias files."""
    if directory is None:
        from glossary.loader import DATA_DIR

        directory = alias_dir(DATA_DIR)
    by_game, _ = read_alias_files(directory)
    out: dict[str, str] = {}
    for game, table in by_game.items():
        for name in table.get(GAME_KEY, ()):
            out.setdefault(fold(name), game)
    return out
