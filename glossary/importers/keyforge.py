"""KeyForge glossary: `Русское имя ( English Name )` headings, blank-line separated paragraphs.

Quirks handled (see `glossary/sources/README.md`): spaces inside the English parentheses;
plain Russian headings and comma lists of names (`Атака, атакующий`); the parameter in
`Штурм (Х) ( Assault )`; `Янтарь (Æ MBER )` spelled with a stray space, read as `Æmber` (and
`Aember`); cross-references (`Также смотрите: …`, `Смотрите «Бой» на с. 13.`, `См. …`)
resolved to ids when the entry is in the file, kept as text otherwise; a heading whose only text
refers to itself on a page the file lacks («См. Цепи (с. 16)») is left out, and the supplement
retells it. There is no document title: the first line is already a heading.
"""

from __future__ import annotations

import re

from glossary.importers.common import (
    DANGLING,
    Draft,
    ImportResult,
    body_lines,
    collapse_spaces,
    finish,
    require_bodies,
    strip_parentheses,
    unique,
)

GAME = "keyforge"
MAX_HEADING_WORDS = 8  # not counting the English name in parentheses
_ENGLISH = re.compile(r"\(\s*(?P<en>[A-Za-zÆæ][^()А-Яа-яЁё]*?)\s*\)")
_PARAM = re.compile(r"\((?P<param>[XХ])\)")
_REFERENCE_START = re.compile(r"^(?:См\.|Смотрите|Также смотрите)", re.IGNORECASE)
_SELF_REFERENCE = re.compile(r"^См\.\s+(?P<name>[^()]+?)\s*\(с\.\s*\d+\)[^\n]*$")
# `Æ MBER` → `ÆMBER`: a lone capital glued back to the capitals that follow it.
_SPLIT_WORD = re.compile(r"\b(?P<head>[A-ZÆ]) (?P<tail>[A-Z]{2,})\b")


def parse(text: str, file: str) -> ImportResult:
    drafts: list[Draft] = []
    for number, line in body_lines(text, {}):
        stripped = line.strip()
        if _is_heading(stripped):
            drafts.append(_draft(stripped, number))
        elif not drafts:
            raise ValueError(f"{file}:{number}: text before the first heading")
        else:
            drafts[-1].add(number, stripped)
    require_bodies(file, drafts)
    skipped: dict[int, str] = {}
    for draft in [d for d in drafts if _dangling(d)]:
        drafts.remove(draft)
        skipped.update(dict.fromkeys([draft.first_line, *draft.lines], DANGLING))
    return finish(GAME, file, drafts, skipped)


def _dangling(draft: Draft) -> bool:
    """The draft's whole text is «См. <its own name> (с. N)»: a page the file does not hold."""
    match = _SELF_REFERENCE.match(draft.text)
    return match is not None and match.group("name").strip() in draft.names


def _is_heading(line: str) -> bool:
    if line.endswith((".", "!", "?", ":", ";", "…")) or _REFERENCE_START.match(line):
        return False
    return len(_ENGLISH.sub(" ", line).split()) <= MAX_HEADING_WORDS


def english_name(raw: str) -> list[str]:
    """`Æ MBER` → [`Æmber`, `Aember`]; `Armor` → [`Armor`]; other capitals stay as printed."""
    name = collapse_spaces(_SPLIT_WORD.sub(r"\g<head>\g<tail>", raw))
    if name.isupper() and " " not in name:
        name = name.capitalize()
    names = [name]
    if "Æ" in name or "æ" in name:
        names.append(name.replace("Æ", "Ae").replace("æ", "ae"))
    return names


def clean_title(heading: str) -> str:
    """The heading without the source's spacing: `Броня ( Armor )` → `Броня (Armor)`,
    `Янтарь (Æ MBER )` → `Янтарь (Æmber)`."""
    return collapse_spaces(_ENGLISH.sub(lambda m: f"({english_name(m.group('en'))[0]})", heading))


def _draft(heading: str, number: int) -> Draft:
    english = [n for m in _ENGLISH.finditer(heading) for n in english_name(m.group("en"))]
    russian = collapse_spaces(_ENGLISH.sub(" ", heading))
    param = _PARAM.search(russian)
    names = [russian, *[p for p in re.split(r",\s+", russian) if p != russian]]
    if param:
        names.append(strip_parentheses(russian))
    return Draft(
        title=clean_title(heading),
        names=unique([*names, *english]),
        first_line=number,
        parameter=param.group("param") if param else None,
        slug_base=strip_parentheses(russian).split(",")[0],
    )
