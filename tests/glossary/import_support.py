"""Helpers for the importer tests: where the seed texts are and their parsed results."""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

from glossary.importers import IMPORTERS, KNOWN_SOURCES, SOURCES_DIR
from glossary.importers.common import ImportResult, split_sentences
from glossary.importers.errata import apply_errata
from glossary.model import Entry

SEEDS: Path = SOURCES_DIR  # the rule texts committed in glossary/sources/
FILES = {game: name for name, game in KNOWN_SOURCES.items()}


@cache
def seed_result(game: str) -> ImportResult:
    """The real seed text of `game`, its documented errata corrected, imported."""
    path = SEEDS / FILES[game]
    return IMPORTERS[game]("\n".join(seed_lines(game)), path.name)


def seed_lines(game: str) -> list[str]:
    """The seed's lines as imported: verbatim but for the listed errata
    (`glossary/data/errata/`, `tests/glossary/test_errata.py`)."""
    return apply_errata(game, (SEEDS / FILES[game]).read_text(encoding="utf-8")).split("\n")


def by_title(result: ImportResult, title: str) -> Entry:
    matches = [e for e in result.entries if e.title == title]
    assert len(matches) == 1, f"{len(matches)} entries titled {title!r}"
    return matches[0]


def by_id(result: ImportResult, entry_id: str) -> Entry:
    return next(e for e in result.entries if e.id == entry_id)


def squash(text: str) -> str:
    return re.sub(r"\s+", " ", text).strip()


def covered(line: str, entry: Entry) -> bool:
    """Every sentence of a source line is in the entry: in its text, or in its heading parts.

    Heading parts (title, then category, then names) are taken out of a line one step at a time
    and only while its sentences are not all in the text, so a body line that repeats the term
    (`Броня Х означает…`) is still checked against the text whole.
    """
    text = squash(entry.text)
    if "".join(line.split()).casefold() == "".join(entry.title.split()).casefold():
        return True  # the heading itself, its source spacing tidied (`Броня ( Armor )`)

    def sentences_in_text(residue: str) -> bool:
        for sentence in split_sentences(squash(residue)):
            core = sentence.strip(" .()")
            if core and core not in text:
                return False
        return True

    residue = squash(line)
    if sentences_in_text(residue):
        return True
    # the heading: title first, then category, then the other names, checking after each
    steps = [[entry.title], [entry.category] if entry.category else [], list(entry.names)]
    for parts in steps:
        for part in sorted(set(parts), key=len, reverse=True):
            residue = residue.replace(part, " ", 1)
        if sentences_in_text(residue):
            return True
    return False
