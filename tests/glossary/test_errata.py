"""Seed misprints are corrected at import, not in the seed (playtest 2, T5)."""

from __future__ import annotations

from pathlib import Path

import pytest

from glossary.importers import SOURCES_DIR
from glossary.importers.errata import apply_errata, errata
from glossary.loader import load_entries

BERSERK_SEED = SOURCES_DIR / "001_6ea14ce8768703b6.txt"


def test_the_seed_keeps_its_misprint_and_players_see_the_correction() -> None:
    raw = BERSERK_SEED.read_text(encoding="utf-8").split("\n")
    assert raw[34] == "Братство. Класс сущкства."  # seed 001:35, byte for byte
    [bratstvo] = [e for e in load_entries() if e.title == "Братство"]
    assert bratstvo.category == "Класс существа" and bratstvo.text == "Класс существа."
    assert not any("сущкства" in e.text or "сущкства" in (e.category or "") for e in load_entries())


def test_every_erratum_names_its_line() -> None:
    text = BERSERK_SEED.read_text(encoding="utf-8")
    lines = text.split("\n")
    for e in errata("berserk"):
        assert e.printed in lines[e.line - 1] and e.note
        assert e.corrected in apply_errata("berserk", text).split("\n")[e.line - 1]


def test_a_stale_erratum_stops_the_import(tmp_path: Path) -> None:
    (tmp_path / "berserk.toml").write_text(
        '[[erratum]]\nline = 2\nprinted = "нет"\ncorrected = "да"\n', encoding="utf-8"
    )
    with pytest.raises(ValueError, match="is not on line 2"):
        apply_errata("berserk", "первая\nвторая\n", tmp_path)
    assert apply_errata("whfb", "текст", tmp_path) == "текст"  # no errata file: unchanged
