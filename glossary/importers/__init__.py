"""Importers from the seed rule texts (`glossary/sources/*.txt`) to `glossary/data/<game>.toml`.

One module per source layout; each exposes `parse(text, file) -> ImportResult`. Which file is
which game is known by name for the shipped seeds and guessed from the text otherwise.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from glossary.importers import berserk, conquest, keyforge, mage_wars, whfb
from glossary.importers.common import ImportResult
from glossary.importers.errata import apply_errata
from glossary.importers.writer import dump_entries

Parser = Callable[[str, str], ImportResult]

# The seed rule texts, committed byte for byte (their README names where they came from).
SOURCES_DIR = Path(__file__).resolve().parents[1] / "sources"


@dataclass(frozen=True)
class GameSource:
    """One game's glossary source: its slug, English name, parser, seed file and a marker word
    only its text contains (for seed files under other names)."""

    slug: str
    name_en: str
    parse: Parser
    seed_file: str
    marker: str
    rulebook: str  # how the footer of an entry names the source document


# The one table of games the glossary knows; `glossary.loader` and the rest derive from it.
SOURCES: tuple[GameSource, ...] = (
    GameSource(
        "mage-wars",
        "Mage Wars",
        mage_wars.parse,
        "000_c24c5dd4a3038de3.txt",
        "Mage Wars",
        "Mage Wars: Compiled Codex (январь 2014)",
    ),
    GameSource(
        "berserk",
        "Berserk CCG",
        berserk.parse,
        "001_6ea14ce8768703b6.txt",
        "Берсерк",
        "Берсерк ККИ: Терминология",
    ),
    GameSource(
        "whfb",
        "Warhammer Fantasy (magic phase)",
        whfb.parse,
        "002_cdb2c0adec56e4a4.txt",
        "Ветры Магии",
        "Warhammer Fantasy Battles: фаза магии",
    ),
    GameSource(
        "conquest",
        "Warhammer 40,000: Conquest",
        conquest.parse,
        "003_2aeb69058108f9e2.txt",
        "Conquest",
        "Warhammer 40 000: Завоевание. Руководство по правилам",
    ),
    GameSource(
        "keyforge",
        "KeyForge",
        keyforge.parse,
        "004_724e96b4e70e55e6.txt",
        "Янтарь",
        "KeyForge: глоссарий правил",
    ),
)
GAME_SLUGS: tuple[str, ...] = tuple(g.slug for g in SOURCES)
IMPORTERS: dict[str, Parser] = {g.slug: g.parse for g in SOURCES}
KNOWN_SOURCES: dict[str, str] = {g.seed_file: g.slug for g in SOURCES}
RULEBOOKS: dict[str, str] = {g.seed_file: g.rulebook for g in SOURCES}
_NAMES_EN: dict[str, str] = {g.slug: g.name_en for g in SOURCES}
_MARKERS: tuple[tuple[str, str], ...] = tuple((g.slug, g.marker) for g in SOURCES)


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
        if path.name in KNOWN_SOURCES:  # errata name lines of the shipped seed files
            text = apply_errata(game, text)
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
    return dump_entries(result.entries, game_name=_NAMES_EN[result.game], seed_file=result.file)


def write_data(results: dict[str, ImportResult], out_dir: Path) -> list[Path]:
    out_dir.mkdir(parents=True, exist_ok=True)
    written: list[Path] = []
    for game, result in results.items():
        path = out_dir / f"{game}.toml"
        path.write_bytes(render(result).encode("utf-8"))
        written.append(path)
    return written
