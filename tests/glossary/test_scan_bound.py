"""The whole-key typo scan is bounded: a Cyrillic query never scans Latin keys (no edit budget
reaches them), and no scan looks at more than `SCAN_CAP` keys however big the glossary."""

from __future__ import annotations

import pytest

import glossary.index
from glossary import Glossary
from tests.glossary.test_search_units import entry


def _glossary(count: int) -> Glossary:
    return Glossary(
        [entry(f"mage-wars/e{i}", f"Защита{i:04d}", f"Guard{i:04d}") for i in range(count)]
    )


def test_cyrillic_query_skips_latin_keys_and_still_finds_typos() -> None:
    g = _glossary(20)
    norms, _ = g._index.keys_of_length(len("защита0007"), 2, non_latin=6)
    assert norms and all(not n.isascii() for n in norms)
    latin, _ = g._index.keys_of_length(len("guard0007"), 2, non_latin=0)
    assert "guard0007" in latin and "защита0007" not in latin
    # the typo fallback still finds the name with two edits
    assert g.search("зщаита0007")[0].entry.id == "mage-wars/e7"


def test_scan_is_capped(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(glossary.index, "SCAN_CAP", 50)
    g = _glossary(300)
    norms, kids = g._index.keys_of_length(len("защита0007"), 2, non_latin=6)
    assert len(norms) == 50 and kids == sorted(kids)
