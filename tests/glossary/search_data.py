"""The real glossary for the search tests, and the evaluation query files committed beside them."""

from __future__ import annotations

import os
from pathlib import Path

from glossary import Glossary, Hit, load_glossary

HERE = Path(__file__).resolve().parent
DEV_TSV = HERE / "lookup_dev.tsv"  # copied byte for byte from the project's shared eval set
HOLDOUT_TSV = HERE / "lookup_holdout.tsv"


def real_glossary() -> Glossary:
    """The committed glossary (or `GLOSSARY_TEST_DATA_DIR`); it must hold the imported entries."""
    override = os.environ.get("GLOSSARY_TEST_DATA_DIR")
    glossary = load_glossary(override) if override else load_glossary()
    assert len(glossary.entries) >= 100, (
        "glossary/data is not imported (python -m bot import-glossary)"
    )
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
