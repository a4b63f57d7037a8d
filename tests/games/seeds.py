"""Quote a seed line in a test: the test fails if the line no longer says what the rule rests on."""

from __future__ import annotations

from functools import cache
from pathlib import Path

SEEDS = Path(__file__).resolve().parents[2] / "glossary" / "sources"  # committed, byte for byte
FILES = {
    "000": "000_c24c5dd4a3038de3.txt",
    "001": "001_6ea14ce8768703b6.txt",
    "002": "002_cdb2c0adec56e4a4.txt",
    "003": "003_2aeb69058108f9e2.txt",
    "004": "004_724e96b4e70e55e6.txt",
}


@cache
def _lines(seed: str) -> list[str]:
    return (SEEDS / FILES[seed]).read_text("utf-8").splitlines()


def seed_line(seed: str, number: int, *words: str) -> str:
    """Line `number` (1-based) of seed `seed`; each of `words` must be in it."""
    line = _lines(seed)[number - 1]
    for word in words:
        assert word in line, f"{FILES[seed]}:{number} no longer says {word!r}: {line[:120]}"
    return line
