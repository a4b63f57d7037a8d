"""Documented misprints of the seed texts, corrected at import (`glossary/data/errata/`).

The seeds stay byte for byte, since tests and comments cite their lines; a misprint players
would see (Berserk's «Класс сущкства») is listed with its line and corrected here, before the
text is parsed. An erratum whose printed word is not on its line stops the import, so a changed
seed never silently keeps a stale correction.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from functools import cache
from pathlib import Path

ERRATA_DIR = Path(__file__).resolve().parents[1] / "data" / "errata"


@dataclass(frozen=True)
class Erratum:
    line: int  # 1-based line of the seed file
    printed: str
    corrected: str
    note: str


@cache
def errata(game: str, errata_dir: Path = ERRATA_DIR) -> tuple[Erratum, ...]:
    """The game's listed misprints, in file order (none when it has no errata file)."""
    path = errata_dir / f"{game}.toml"
    if not path.is_file():
        return ()
    raw = tomllib.loads(path.read_text(encoding="utf-8"))
    return tuple(
        Erratum(int(e["line"]), str(e["printed"]), str(e["corrected"]), str(e.get("note", "")))
        for e in raw.get("erratum", [])
    )


def apply_errata(game: str, text: str, errata_dir: Path = ERRATA_DIR) -> str:
    """`text` (the game's seed file) with each listed misprint corrected on its own line."""
    listed = errata(game, errata_dir)
    if not listed:
        return text
    lines = text.split("\n")
    for e in listed:
        if not 1 <= e.line <= len(lines) or e.printed not in lines[e.line - 1]:
            raise ValueError(f"{game} erratum: «{e.printed}» is not on line {e.line}")
        lines[e.line - 1] = lines[e.line - 1].replace(e.printed, e.corrected)
    return "\n".join(lines)
