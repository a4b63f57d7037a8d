"""Shared pieces of the importers: line reading, drafts, slugs, names and cross-references.

Each importer turns one seed layout into `Draft`s and records which entry every source line went
to (`ImportResult.owners`), so the fidelity tests can prove that no line was lost or duplicated.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field

import iuliia

from glossary.model import Entry, Source

# Reasons a non-empty source line may legitimately land in no entry.
DOCUMENT_TITLE = "document title"
SIGNATURE = "forum signature"
# A heading whose only text points at itself on a page the file lacks («Цепи … См. Цепи (с. 16)»):
# no rule to show, so the game's supplement retells it under the same id (playtest 6, K6).
DANGLING = "reference to a page the file lacks"


def read_lines(text: str) -> list[str]:
    """Source lines with line endings and trailing whitespace (NBSP included) normalised away."""
    text = text.replace("\r\n", "\n").replace("\r", "\n")
    if text.startswith("\ufeff"):
        text = text[1:]
    return [line.rstrip() for line in text.split("\n")]


def body_lines(
    text: str, skipped: dict[int, str], title_lines: int = 0
) -> Iterator[tuple[int, str]]:
    """Numbered non-empty source lines after the document title (recorded in `skipped`)."""
    for number, line in enumerate(read_lines(text), start=1):
        if not line.strip():
            continue
        if number <= title_lines:
            skipped[number] = DOCUMENT_TITLE
            continue
        yield number, line


def require_bodies(file: str, drafts: Iterable[Draft]) -> None:
    """Every heading must have gathered some text: a bare one means the layout was misread."""
    empty = [d.title for d in drafts if not d.paragraphs]
    if empty:
        raise ValueError(f"{file}: headings without text: {empty}")


@dataclass
class Draft:
    """An entry being assembled: the heading's parts plus body paragraphs and source lines."""

    title: str
    names: list[str]
    first_line: int
    category: str | None = None
    parameter: str | None = None
    paragraphs: list[str] = field(default_factory=list)
    lines: list[int] = field(default_factory=list)
    slug_base: str | None = None  # what the id is made from (default: the first name)
    extra_references: list[str] = field(default_factory=list)

    def add(self, line_no: int, paragraph: str) -> None:
        self.paragraphs.append(paragraph)
        self.lines.append(line_no)

    @property
    def text(self) -> str:
        return "\n\n".join(self.paragraphs)


@dataclass
class ImportResult:
    """What an importer produced, plus where every non-empty source line went."""

    game: str
    file: str
    entries: list[Entry]
    owners: dict[int, str]  # source line → id of the entry holding it (title or text)
    skipped: dict[int, str]  # source line → reason it belongs to no entry


# ---------------------------------------------------------------- slugs and names

_PARAM_TOKEN = r"(?:[-+]/[-+] ?|[-+–] ?)?[XХ](?:-[YУ]-[ZЗ])?"
PARAM_AT_END = re.compile(rf"\s(?P<param>{_PARAM_TOKEN})$")


def slugify(text: str) -> str:
    """A lower-case ASCII slug; Cyrillic transliterated (Wikipedia scheme), `Æ` → `ae`."""
    text = text.replace("Х", "X").replace("х", "x") if _is_param_only(text) else text
    text = re.sub(r"(?<![А-Яа-яЁё])[ХX](?![А-Яа-яЁёA-Za-z])", "x", text)
    text = text.replace("Æ", "Ae").replace("æ", "ae")
    if re.search("[А-Яа-яЁё]", text):
        text = iuliia.WIKIPEDIA.translate(text)
    text = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode("ascii")
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-") or "entry"


def _is_param_only(text: str) -> bool:
    return re.fullmatch(_PARAM_TOKEN, text.strip()) is not None


def strip_parentheses(text: str) -> str:
    """`Вернуть (убрать) в колоду` → `Вернуть в колоду`."""
    return collapse_spaces(re.sub(r"\([^()]*\)", " ", text))


def collapse_spaces(text: str) -> str:
    return re.sub(r"\s+", " ", text).strip()


def unique(items: Iterable[str]) -> list[str]:
    """Order-preserving de-duplication, ignoring case and ё/е."""
    seen: set[str] = set()
    out: list[str] = []
    for item in items:
        item = collapse_spaces(item)
        key = fold_key(item)
        if item and key not in seen:
            seen.add(key)
            out.append(item)
    return out


def fold_key(text: str) -> str:
    """Comparison key for names and references: case, ё/е, quotes and punctuation folded.

    Narrower than the search's `glossary.normalize.fold` on purpose: it keeps letters as spelled
    (`Æmber` and `Aember` are two names the source gives) and signs such as `+/-`, so the data
    keeps every written variant and the search folds them together at load time.
    """
    text = unicodedata.normalize("NFKC", text).casefold().replace("ё", "е")
    text = re.sub(r"[«»\"'“”„.,:;!?()]", " ", text)
    return collapse_spaces(text)


def find_parameter(name: str) -> str | None:
    """The value placeholder a name ends with: `Aegis X` → `X`, `Armor +/- X` → `+/- X`."""
    match = PARAM_AT_END.search(name)
    return match.group("param") if match else None


_ABBREVIATION = re.compile(r"^[А-ЯЁA-Z]{2,6}$")
_PARAM_ONLY = re.compile(r"[XХ](?:-[YУ]-[ZЗ])?")


def heading_names(term: str) -> list[str]:
    """Names of a heading: the term without parentheses, then variants and abbreviations.

    A parenthesis replaces as many words before it as it has (`Вернуть (убрать) в колоду` →
    `убрать в колоду`; `Выстрел на X (на X-Y-Z)` → `Выстрел на X-Y-Z`); comma lists of single
    words are alternatives; a one-word term followed by an unrelated word is completed by it
    (`Гибель (существа, карты)` → `Гибель существа`); capitals are abbreviations (`ЗОВ`) and a
    capitalised variant stands alone (`Не может … (Нельзя …)` → `Нельзя …`). Comma
    lists outside parentheses name alternatives too (`Именная особенность, именной модификатор`).
    """
    base = strip_parentheses(term)
    names = [base, *[p for p in re.split(r",\s+", base) if p != base]]
    for match in re.finditer(r"\(([^()]+)\)", term):
        before = strip_parentheses(term[: match.start()]).split()
        after = strip_parentheses(term[match.end() :])
        content = collapse_spaces(match.group(1))
        if _ABBREVIATION.match(content):
            names.append(content)
            continue
        singles = [a.strip() for a in content.split(",")]
        alternatives = singles if all(" " not in a for a in singles) else [content]
        for alt in alternatives:
            width = min(len(alt.split()), len(before))
            if alt[:1].isupper() and not _PARAM_ONLY.fullmatch(alt):
                names.append(alt)
            elif not after and len(before) == 1 and " " not in alt and not _related(before[0], alt):
                names.append(f"{before[0]} {alt} {after}".strip())
            else:
                names.append(" ".join([*before[: len(before) - width], alt, after]).strip())
    return unique(names)


def _related(word: str, other: str) -> bool:
    """Same root, roughly: `Зона`/`зоны`, `Вызов`/`вызвать` (shared first three letters)."""
    return fold_key(word)[:3] == fold_key(other)[:3]


# ---------------------------------------------------------------- cross-references

# Explicit pointers in the texts: `См. X`, `См. также X`, `Смотрите «X» на с. 13`,
# `Также смотрите: X, Y`, `Смотрите также X, "Y"` and `То же, что X, но …`.
_REF_LIST = re.compile(
    r"(?:(?<![\w])(?:Также\s+смотрите|Смотрите\s+также|См\.\s+также|Смотрите|См\.)\s*:?\s*)"
    r"(?P<body>(?:\([^)]*\)|[^.()])+)",
    re.IGNORECASE,
)
_SAME_AS = re.compile(r"То же,? что\s+(?P<body>[^,.;]+)", re.IGNORECASE)
_PART = re.compile(r"[«“\"](?P<quoted>[^»”\"]+)[»”\"]|(?P<plain>[^,«“\"]+)")
_PAGE = re.compile(r"\bна\s+с(?:тр)?\b.*$|\bс\.?$")


def _reference_parts(body: str) -> list[str]:
    """`«Бой» на с` → [`Бой`]; `“A” и “B”` → [`A`, `B`]; `A, "B C"` → [`A`, `B C`]."""
    parts: list[str] = []
    for match in _PART.finditer(body):
        if match.group("quoted"):
            parts.append(match.group("quoted"))
            continue
        for plain in re.split(r"\s+и\s+", match.group("plain")):
            plain = _PAGE.sub("", plain.strip())
            plain = re.sub(r"^также\s+", "", plain, flags=re.IGNORECASE)
            parts.append(plain)
    return [p for p in (strip_parentheses(p).strip(" '.") for p in parts) if p]


def extract_references(text: str) -> list[str]:
    """Names that the text explicitly points the reader to, in order of appearance."""
    found: list[tuple[int, str]] = []
    for match in _REF_LIST.finditer(text):
        found += [(match.start(), part) for part in _reference_parts(match.group("body"))]
    for match in _SAME_AS.finditer(text):
        found.append((match.start(), match.group("body").strip()))
    found.sort(key=lambda item: item[0])
    return unique(part for _, part in found)


class NameIndex:
    """Resolves a referenced name to an entry id within one game."""

    def __init__(self, drafts: Sequence[tuple[str, Draft]]) -> None:
        self._exact: dict[str, str] = {}
        self._all: list[tuple[str, str]] = []
        for entry_id, draft in drafts:
            for name in [draft.title, *draft.names]:
                for form in (name, strip_parentheses(name)):
                    key = fold_key(form)
                    self._exact.setdefault(key, entry_id)
                    self._all.append((key, entry_id))

    def resolve(self, reference: str) -> str | None:
        """Exact name, else the single entry with a name that starts with the reference."""
        for key in _reference_keys(reference):
            if key in self._exact:
                return self._exact[key]
            starts = {entry_id for name, entry_id in self._all if name.startswith(key + " ")}
            if len(starts) == 1:
                return starts.pop()
        return None


def _reference_keys(reference: str) -> list[str]:
    """The reference as written, then without an English plural `s` (`Zone Attacks`)."""
    key = fold_key(reference)
    keys = [key] if key else []
    if re.fullmatch(r"[a-z ]+s", key):
        keys.append(key[:-1])
    return keys


# ---------------------------------------------------------------- finishing


def assign_ids(game: str, drafts: Sequence[Draft]) -> list[str]:
    """Stable ids `game/slug`; a clash gets `-2`, `-3` in source order."""
    ids: list[str] = []
    used: set[str] = set()
    for draft in drafts:
        base = f"{game}/{slugify(draft.slug_base or draft.names[0])}"
        candidate, n = base, 2
        while candidate in used:
            candidate, n = f"{base}-{n}", n + 1
        used.add(candidate)
        ids.append(candidate)
    return ids


def finish(
    game: str,
    file: str,
    drafts: Sequence[Draft],
    skipped: dict[int, str],
    implicit_refs: dict[int, list[int]] | None = None,
) -> ImportResult:
    """Turn drafts into entries: ids, see_also (resolved or kept as text), line owners.

    `implicit_refs` maps a draft index to the indexes of drafts found by a layout-specific scan
    (the English term names inside Mage Wars bodies); explicit references come from
    `extract_references` and are resolved by name.
    """
    ids = assign_ids(game, drafts)
    index = NameIndex(list(zip(ids, drafts, strict=True)))
    entries: list[Entry] = []
    owners: dict[int, str] = {}
    for number, (entry_id, draft) in enumerate(zip(ids, drafts, strict=True)):
        see_also: list[str] = []
        see_also_text: list[str] = []
        for ref in [*extract_references(draft.text), *draft.extra_references]:
            target = index.resolve(ref)
            if target is None:
                see_also_text.append(ref)
            elif target != entry_id:
                see_also.append(target)
        see_also += [ids[target] for target in (implicit_refs or {}).get(number, [])]
        see_also = [i for i in dict.fromkeys(see_also) if i != entry_id]
        owners[draft.first_line] = entry_id
        for line_no in draft.lines:
            owners[line_no] = entry_id
        all_lines = [draft.first_line, *draft.lines]
        entries.append(
            Entry(
                id=entry_id,
                game=game,
                title=draft.title,
                names=tuple(unique(draft.names)),
                text=draft.text,
                source=Source(file=file, first_line=min(all_lines), last_line=max(all_lines)),
                category=draft.category,
                parameter=draft.parameter,
                see_also=tuple(see_also),
                see_also_text=tuple(unique(see_also_text)),
            )
        )
    return ImportResult(game=game, file=file, entries=entries, owners=owners, skipped=skipped)


SENTENCE_END = re.compile(r"(?<=[.!?])\s+(?=[А-ЯЁA-Z«\"0-9·(])")


def split_sentences(text: str) -> list[str]:
    """Sentences of a paragraph (good enough for de-duplication and fidelity checks)."""
    return [s.strip() for s in SENTENCE_END.split(text.strip()) if s.strip()]
