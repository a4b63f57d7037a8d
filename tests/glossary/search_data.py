"""The real glossary for the search tests (skipped with a reason until the data is imported)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from glossary import Glossary, Hit, load_glossary

REPO = Path(__file__).resolve().parents[2]
DEV_TSV = REPO.parent / "shared" / "eval" / "lookup_dev.tsv"
HOLDOUT_TSV = Path(__file__).resolve().parent / "lookup_holdout.tsv"


def real_glossary() -> Glossary:
    """The committed glossary (or `GLOSSARY_TEST_DATA_DIR`), skipping when it has no entries."""
    override = os.environ.get("GLOSSARY_TEST_DATA_DIR")
    glossary = load_glossary(override) if override else load_glossary()
    if len(glossary.entries) < 100:
        pytest.skip("glossary/data is not imported yet (run `python -m bot import-glossary`)")
    return glossary


def first(hits: list[Hit]) -> tuple[str, str]:
    """(game, title) of the best hit, for readable assertions."""
    assert hits, "expected at least one hit"
    return hits[0].entry.game, hits[0].entry.title


def titles(hits: list[Hit]) -> list[str]:
    return [h.entry.title for h in hits]


def names_of(hit: Hit) -> set[str]:
    return {hit.entry.title, *hit.entry.names}


def top_is(hits: list[Hit], game: str, name: str) -> bool:
    """The best hit is the `game` entry titled or named `name`."""
    return bool(hits) and hits[0].entry.game == game and name in names_of(hits[0])
