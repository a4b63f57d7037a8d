"""Mage Wars codex: `English Name (Русское имя) (category)` header lines, body lines below.

Quirks handled (see `glossary/sources/README.md`): the three-line document title; headers
without a translation (`Armor +/- X (черта объекта)`); parametric names (`Aegis X`,
`Melee +X`, `Tough - X`, `Armor +/- X`, Cyrillic `Regenerate Х`); bodies over several lines,
each line a paragraph; `- ` list lines that continue the paragraph above; a line holding only
punctuation (Cripple's stray `.`) that closes the previous line; English term names used inside
bodies become `see_also`.
"""

from __future__ import annotations

import re

from glossary.importers.common import (
    Draft,
    ImportResult,
    body_lines,
    find_parameter,
    finish,
    require_bodies,
    unique,
)

GAME = "mage-wars"
TITLE_LINES = 3
# `Name (Перевод) (category)` or `Name (category)`; the name is Latin (with `’`, `+`, `-`, `/`,
# and a Cyrillic `Х` parameter as the source sometimes types it).
HEADER = re.compile(
    r"^(?P<name>[A-Z][A-Za-z’' +/\-ХX]*?)\s+"
    r"(?:\((?P<ru>[^()]+)\)\s+)?\((?P<category>[^()]+)\)$"
)
_PUNCTUATION_ONLY = re.compile(r"^[.,;:!?…]+$")
_LIST_ITEM = re.compile(r"^[-–·•] ")


def parse(text: str, file: str) -> ImportResult:
    skipped: dict[int, str] = {}
    drafts: list[Draft] = []
    for number, line in body_lines(text, skipped, TITLE_LINES):
        header = HEADER.match(line)
        if header:
            drafts.append(_draft(header, number))
            continue
        if not drafts:
            raise ValueError(f"{file}:{number}: body text before the first header")
        draft = drafts[-1]
        if draft.paragraphs and _PUNCTUATION_ONLY.match(line.strip()):
            draft.paragraphs[-1] += line.strip()
            draft.lines.append(number)
        elif draft.paragraphs and _LIST_ITEM.match(line):
            draft.paragraphs[-1] += "\n" + line
            draft.lines.append(number)
        else:
            draft.add(number, line)
    require_bodies(file, drafts)
    return finish(GAME, file, drafts, skipped, implicit_refs=_term_references(drafts))


def _draft(header: re.Match[str], number: int) -> Draft:
    name = header.group("name").strip()
    ru = header.group("ru")
    return Draft(
        title=name,
        names=unique([name, *([ru.strip()] if ru else [])]),
        first_line=number,
        category=header.group("category").strip(),
        parameter=find_parameter(name),
        slug_base=name,
    )


# ---------------------------------------------------------------- English terms in bodies


def _term_forms(draft: Draft) -> list[str]:
    """Spellings of an entry's English name that a body may use.

    The title itself; without its parameter (`Melee+1` names `Melee +X`); the part before
    ` or ` (`Zone attack` names `Zone Attack or Spell`); the stem of a one-word `-ing`/`-ed`
    title (`Guard` names `Guarding`, `Bash` names `Bashed`).
    """
    title = draft.title
    forms = [title]
    if draft.parameter:
        forms.append(title[: -len(draft.parameter)].strip())
    if " or " in title:
        forms.append(title.split(" or ")[0])
    if " " not in title:
        for suffix in ("ing", "ed"):
            if title.endswith(suffix) and len(title) - len(suffix) >= 4:
                forms.append(title[: -len(suffix)])
    return unique(forms)


def _term_references(drafts: list[Draft]) -> dict[int, list[int]]:
    """For each draft index, the indexes of the drafts whose English name its body uses.

    Exact titles win over the derived forms, longer forms over shorter ones, and matches never
    overlap (so `Critical Damage` is not also `Damage`).
    """
    owners: dict[str, int] = {}
    for index, draft in enumerate(drafts):
        owners.setdefault(draft.title.casefold(), index)
    for index, draft in enumerate(drafts):
        for form in _term_forms(draft)[1:]:
            owners.setdefault(form.casefold(), index)
    forms = sorted(owners, key=len, reverse=True)
    pattern = re.compile(
        r"(?<![A-Za-z])(" + "|".join(re.escape(f) for f in forms) + r")(?:s|es)?(?![A-Za-z])",
        re.IGNORECASE,
    )
    refs: dict[int, list[int]] = {}
    for index, draft in enumerate(drafts):
        found: list[int] = []
        for match in pattern.finditer(draft.text):
            target = owners[match.group(1).casefold()]
            if target != index and target not in found:
                found.append(target)
        refs[index] = found
    return refs
