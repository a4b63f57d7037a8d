"""Warhammer 40,000: Conquest glossary, as transcribed on a forum.

Quirks handled (see `glossary/sources/README.md`): the first line is the document title; every
paragraph is followed by a `Nightwatch <date> в <time>` signature, which is not rule text and
is dropped; headings are `Русское имя (English Name)` or plain Russian, on a line of their own
without final punctuation, sometimes with the text on the very next line; `Цены: Плата`-style
headings also answer to the part after the colon.

Two blocks have no heading in the transcript. They are given one here (`SUPPLIED_HEADINGS`), a
judge's reading documented in docs/glossary-data.md: the damage-token paragraphs before
`Нанесение Урона` are the rulebook's own `Damage` entry, and the opening paragraph about forced
abilities, cut from an entry before the transcript starts, stands as an entry of its own.
"""

from __future__ import annotations

import re

from glossary.importers.common import (
    SIGNATURE,
    Draft,
    ImportResult,
    body_lines,
    finish,
    heading_names,
    require_bodies,
    strip_parentheses,
    unique,
)

GAME = "conquest"
TITLE_LINES = 1
MAX_HEADING_WORDS = 10
SIGNATURE_RE = re.compile(r"^\S+ \d{1,2}\.\d{1,2}\.\d{2,4} в \d{1,2}:\d{2}$")
# Opening words of a paragraph that lost its heading → the heading a judge gives it.
SUPPLIED_HEADINGS: dict[str, str] = {
    "Некоторые ответные способности и прерывания могут быть Форсированы": (
        "Форсированные способности (Forced)"
    ),
    "Значки урона помещаются на карты отрядов": "Урон (Damage)",
}


def parse(text: str, file: str) -> ImportResult:
    skipped: dict[int, str] = {}
    drafts: list[Draft] = []
    for number, line in body_lines(text, skipped, TITLE_LINES):
        stripped = line.strip()
        if SIGNATURE_RE.match(stripped):
            skipped[number] = SIGNATURE
        elif _is_heading(stripped):
            drafts.append(_draft(stripped, number))
        else:
            supplied = _supplied_heading(stripped)
            if supplied is not None:
                drafts.append(_draft(supplied, number, from_source=False))
            elif not drafts:
                raise ValueError(f"{file}:{number}: text before the first heading")
            drafts[-1].add(number, stripped)
    require_bodies(file, drafts)
    return finish(GAME, file, drafts, skipped)


def _is_heading(line: str) -> bool:
    """Headings have no final punctuation, are short and are not numbered steps."""
    if line.endswith((".", "!", "?", ":", ";", "…")) or line[:1].isdigit():
        return False
    return len(line.split()) <= MAX_HEADING_WORDS


def _supplied_heading(paragraph: str) -> str | None:
    for opening, heading in SUPPLIED_HEADINGS.items():
        if paragraph.startswith(opening):
            return heading
    return None


def _draft(heading: str, number: int, from_source: bool = True) -> Draft:
    names = heading_names(heading)
    base = strip_parentheses(heading)
    if ": " in base:
        names.append(base.split(": ", 1)[1])
    return Draft(
        title=heading,
        names=unique(names),
        # A supplied heading is not a source line: the entry starts at its first paragraph.
        first_line=number,
        slug_base=base,
    )
