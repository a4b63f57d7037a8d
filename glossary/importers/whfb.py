"""Warhammer Fantasy magic phase: a rules chapter cut into entries at its headings.

Quirks handled (see `glossary/sources/README.md`): short headings, some ending in a full stop
(dropped from the title); headings that appear twice, in the overview and in detail
(`Бросок на Ветры Магии`, `Сотворение заклинания`) merged into one entry; paragraphs repeated
within an entry dropped, and sentences repeated within an entry kept once, so every distinct
sentence survives exactly once; the five spell types as run-in headings glued to their text
(`Прямой Урон.Заклинания этого типа…`) become entries of their own; `·` bullet lines kept as
their own paragraphs; lines holding only (non-breaking) spaces are section breaks.
"""

from __future__ import annotations

import re

from glossary.importers.common import (
    Draft,
    ImportResult,
    body_lines,
    finish,
    fold_key,
    heading_names,
    require_bodies,
    split_sentences,
    strip_parentheses,
)

GAME = "whfb"
MAX_HEADING_WORDS = 6
_BULLET = re.compile(r"^[·•]")
# `Прямой Урон.Заклинания …`: a short title, a full stop and the text with no space between.
_RUN_IN = re.compile(r"^(?P<title>[А-ЯЁA-Z][^.,:;]{1,60}?)\.(?P<text>[А-ЯЁA-Z«].*)$")


def parse(text: str, file: str) -> ImportResult:
    drafts: list[Draft] = []
    by_title: dict[str, Draft] = {}
    current: Draft | None = None
    for number, line in body_lines(text, {}):
        run_in = _RUN_IN.match(line)
        if run_in and len(run_in.group("title").split()) <= MAX_HEADING_WORDS - 1:
            current = _open(run_in.group("title"), number, drafts, by_title)
            current.add(number, run_in.group("text"))
        elif _is_heading(line):
            current = _open(line, number, drafts, by_title)
        elif current is None:
            raise ValueError(f"{file}:{number}: text before the first heading")
        else:
            current.add(number, line)
    for draft in drafts:
        draft.paragraphs = dedupe_paragraphs(draft.paragraphs)
    require_bodies(file, drafts)
    return finish(GAME, file, drafts, skipped={})


def _is_heading(line: str) -> bool:
    """A short line without commas or bullets, at most one full stop and only at its end."""
    stripped = line.strip()
    if _BULLET.match(stripped) or "," in stripped or stripped.endswith((":", ";")):
        return False
    if "." in stripped.rstrip("."):
        return False
    return len(stripped.split()) <= MAX_HEADING_WORDS


def _open(heading: str, number: int, drafts: list[Draft], by_title: dict[str, Draft]) -> Draft:
    """The entry for a heading: a new one, or the earlier one with the same heading."""
    title = heading.strip().rstrip(".").strip()
    key = fold_key(title)
    existing = by_title.get(key)
    if existing is not None:
        existing.lines.append(number)
        return existing
    draft = Draft(
        title=title,
        names=heading_names(title),
        first_line=number,
        slug_base=strip_parentheses(title),
    )
    drafts.append(draft)
    by_title[key] = draft
    return draft


def _core(text: str) -> str:
    return re.sub(r"\s+", " ", text).strip().rstrip(".!?").strip()


def dedupe_paragraphs(paragraphs: list[str]) -> list[str]:
    """Drop repeats inside one entry without losing a distinct sentence.

    A paragraph whose words all occur in another paragraph of the entry (the rulebook's boxed
    summary before the full text) is dropped; an identical paragraph is kept once. Then a
    sentence already said in an earlier paragraph is left out of the later one.
    """
    cores = [_core(p) for p in paragraphs]
    kept: list[str] = []
    for i, paragraph in enumerate(paragraphs):
        contained = any(
            j != i and cores[i] in cores[j] and (len(cores[j]) > len(cores[i]) or j < i)
            for j in range(len(paragraphs))
        )
        if not contained:
            kept.append(paragraph)
    out: list[str] = []
    seen: set[str] = set()
    for paragraph in kept:
        sentences = split_sentences(paragraph)
        fresh = [s for s in sentences if _core(s) not in seen]
        seen.update(_core(s) for s in sentences)
        if len(fresh) == len(sentences):
            out.append(paragraph)
        elif fresh:
            out.append(" ".join(fresh))
    return out
