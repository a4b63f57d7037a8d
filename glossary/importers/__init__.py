"""Importers from the seed rule texts (`../shared/seeds/*.txt`) to `glossary/data/<game>.toml`.

One module per source layout; each exposes `parse(text, file) -> ImportResult`. Which file is
which game is known by name for the shipped seeds and guessed from the text otherwise.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from bot.games import GAME_SLUGS, GAMES
from glossary.importers import berserk, conquest, keyforge, mage_wars, whfb
from glossary.importers.common import ImportResult
from glossary.importers.writer import dump_entries

Parser = Callable[[str, str], ImportResult]

IMPORTERS: dict[str, Parser] = {
    "mage-wars": mage_wars.parse,
    "berserk": berserk.parse,
    "whfb": whfb.parse,
    "conquest": conquest.parse,
    "keyforge": keyforge.parse,
}
KNOWN_SOURCES: dict[str, str] = {
    "000_c24c5dd4a3038de3.txt": "mage-wars",
    "001_6ea14ce8768703b6.txt": "berserk",
    "002_cdb2c0adec56e4a4.txt": "whfb",
    "003_2aeb69058108f9e2.txt": "conquest",
    "004_724e96b4e70e55e6.txt": "keyforge",
}
# Words only one of the texts contains, for seed files under other names.
_MARKERS: tuple[tuple[str, str], ...] = (
    ("mage-wars", "Mage Wars"),
    ("conquest", "Conquest"),
    ("berserk", "Берсерк"),
    ("whfb", "Ветры Магии"),
    ("keyforge", "Янтарь"),
)


class SeedImportError(ValueError):
    """The seed folder cannot be imported (a game missing twice or not at all, a parse error)."""


def detect_game(file_name: str, text: str) -> str | None:
    if file_name in KNOWN_SOURCES:
        return KNOWN_SOURCES[file_name]
    for game, marker in _MARKERS:
        if marker in text:
            return game
    return None


def import_dir(source_dir: Path) -> dict[str, ImportResult]:
    """Parse every seed text in `source_dir`; exactly one per game."""
    results: dict[str, ImportResult] = {}
    for path in sorted(source_dir.glob("*.txt")):
        text = path.read_text(encoding="utf-8")
        game = detect_game(path.name, text)
        if game is None:
            raise SeedImportError(f"{path}: cannot tell which game this text is for")
        if game in results:
            raise SeedImportError(f"{path}: a second source for {game} ({results[game].file})")
        try:
            results[game] = IMPORTERS[game](text, path.name)
        except ValueError as exc:
            raise SeedImportError(str(exc)) from exc
    missing = [g for g in GAME_SLUGS if g not in results]
    if missing:
        raise SeedImportError(f"{source_dir}: no source text for {', '.join(missing)}")
    return {g: results[g] for g in GAME_SLUGS}


def render(result: ImportResult) -> str:
    """The data file text for one game (deterministic)."""
    return dump_entries(result.entries, game_name=GAMES[result.game].title, seed_file=result.file)


def write_data(results: dict[str, ImportResult], out_dir: Path) -> list[Path]:
    out_dir.mkdir(parents=True, exist_ok=True)
    written: list[Path] = []
    for game, result in results.items():
        path = out_dir / f"{game}.toml"
        path.write_bytes(render(result).encode("utf-8"))
        written.append(path)
    return written
