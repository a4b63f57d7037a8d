"""Berserk CCG terminology: one paragraph per entry, `Термин (варианты). Категория. Текст.`

Quirks handled (see `glossary/sources/README.md`): the first line is the document title;
variants and abbreviations in parentheses (`Бестелесность (бестелесный)`,
`Защита от выстрелов (ЗОВ)`, `Вернуть (убрать) в колоду`); parameters `Х`/`X` and `X-Y-Z`;
paragraphs that continue the previous entry. A paragraph starts a new entry only when its
first sentence looks like a glossary term (short, no colon, not a numbered item) AND keeps the
alphabetical order of the glossary; anything else (`Например: …`, `Инкарнация карты
осуществляется (по умолчанию): …`, `Если у существа несколько …`, `1) …`) is a continuation.
The glossary stops partway through the letter О; nothing is assumed about the end.
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
    strip_parentheses,
)

GAME = "berserk"
TITLE_LINES = 1
MAX_TERM_WORDS = 9

_TERM_END = re.compile(r"\.(?:\s+|$)")
_PARAM = re.compile(r"(?<![\w-])(?P<param>[XХ](?:-[YУ]-[ZЗ])?)(?![\w-])")
_NUMBERED = re.compile(r"^\s*(?:\d+[.)]|[а-я]\))")
# `Например: а) …`, `… (по умолчанию): 1.со …`: a colon that opens an explanation, not the
# placeholder colon of a term such as `Заряд Х: [текст]`.
_EXPLANATION = re.compile(r":\s*(?:[а-яёa-z0-9]|$)")
# Category sentences right after the term: card kinds (`Класс существа`, `Тип карты`,
# `Подтип существа`), kinds of ability (`Постоянная особенность`, `Магическая способность`,
# `Свойство`, `Базовое свойство`), modifiers (`Именной модификатор броска кубика`) and effect
# kinds (`Эффект предотвращения`, `Воздействие`).
_CATEGORY = re.compile(
    r"^(?:(?:Класс|Тип|Подтип) [а-яё]+"
    r"|(?:[А-ЯЁ][а-яё]+ )?(?:особенность|способность|свойство)"
    r"|(?:Особенность|Способность|Свойство)"
    r"|(?:Именной )?модификатор(?: [а-яё]+){0,3}"
    r"|Именной модификатор(?: [а-яё]+){0,3}"
    r"|Эффект (?:предотвращения|замещения)"
    r"|Воздействие)$"
)


def parse(text: str, file: str) -> ImportResult:
    skipped: dict[int, str] = {}
    drafts: list[Draft] = []
    for number, line in body_lines(text, skipped, TITLE_LINES):
        term = _term_of(line)
        previous = drafts[-1].title if drafts else None
        if term is not None and (previous is None or _in_order(previous, term)):
            drafts.append(_draft(term, line, number))
        elif drafts:
            drafts[-1].add(number, line)
        else:
            raise ValueError(f"{file}:{number}: continuation paragraph before the first entry")
    return finish(GAME, file, drafts, skipped)


def _term_of(paragraph: str) -> str | None:
    """The heading term when the paragraph opens a new entry, else None."""
    match = _TERM_END.search(paragraph)
    term = paragraph[: match.start()] if match else paragraph.rstrip(".")
    if not term or _NUMBERED.match(term) or _EXPLANATION.search(term):
        return None
    if len(strip_parentheses(term).split()) > MAX_TERM_WORDS:
        return None
    return term.strip()


def _in_order(previous: str, term: str) -> bool:
    """A glossary is alphabetical: a real new term does not start before the previous one."""
    return fold_key(term)[:1] >= fold_key(previous)[:1]


def _draft(term: str, paragraph: str, number: int) -> Draft:
    rest = paragraph[len(term) :].lstrip(".").strip()
    sentences = [s for s in re.split(r"(?<=\.)\s+", rest) if s]
    categories: list[str] = []
    for sentence in sentences:
        if _CATEGORY.match(sentence.rstrip(".")):
            categories.append(sentence.rstrip("."))
        else:
            break
    draft = Draft(
        title=term,
        names=heading_names(term),
        first_line=number,
        category=". ".join(categories) or None,
        parameter=_parameter(term),
        slug_base=strip_parentheses(term),
    )
    # The text is the whole body after the term, category sentences included: they are part
    # of the rule as printed (`Немагическая способность. Воздействие не является атакой.`).
    draft.add(number, rest)
    return draft


def _parameter(term: str) -> str | None:
    params = [m.group("param") for m in _PARAM.finditer(term)]
    return max(params, key=len) if params else None
