"""Pure helpers behind the glossary commands: labels, query cleaning, paging and term spotting.

Nothing here talks to Discord or to the catalogue; the handlers in `bot/handlers/glossary.py`
assemble replies from these pieces, so the same labels appear in autocomplete, selects and buttons.
"""

from __future__ import annotations

import re
import weakref
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from bot.games import GAMES
from glossary.model import Entry
from glossary.normalize import analyse, clean, fold, script_of, stem

# Discord limits that shape our labels (autocomplete choice names, select options, buttons).
CHOICE_NAME_MAX = 100
OPTION_LABEL_MAX = 100
OPTION_DESCRIPTION_MAX = 100
BUTTON_LABEL_MAX = 80
CHOICES_MAX = 25

_SPACES = re.compile(r"\s+")
_WORD = re.compile(r"\w+(?:[-'’]\w+)*")
_INLINE = re.compile(r"\[\[([^\[\]\n]{1,200}?)\]\]")
INLINE_MAX = 3


def game_name(slug: str, lang: str) -> str:
    game = GAMES.get(slug)
    return game.name(lang) if game else slug


def shorten(text: str, limit: int) -> str:
    """`text` on one line, at most `limit` characters, with an ellipsis when shortened.

    Used for labels and previews only; an entry's rule text is always shown whole.
    """
    flat = _SPACES.sub(" ", text).strip()
    if len(flat) <= limit:
        return flat
    return flat[: max(limit - 1, 0)].rstrip() + "…"


def _script(text: str) -> str:
    """'ru' or 'en' for a name in one script; '' for mixed or no letters.

    Parameter letters do not count: `Прирост маны +/- X` is Russian despite its Latin X.
    """
    script = script_of(analyse(text).base)
    return script if script in ("ru", "en") else ""


def _compact(text: str) -> str:
    return fold(text).replace(" ", "")


def other_names(entry: Entry) -> list[str]:
    """The entry's names that its title does not already spell, in data order, without repeats.

    Spacing is ignored, so `Æmber` counts as spelled by the title `Янтарь (Æ MBER )`.
    """
    words = f" {fold(entry.title)} "
    glued = _compact(entry.title)
    seen: set[str] = set()
    out: list[str] = []
    for name in entry.names:
        key = _compact(name)
        spelled = f" {fold(name)} " in words or (len(key) >= 5 and key in glued)
        if not key or key in seen or spelled:
            continue
        seen.add(key)
        out.append(name)
    return out


def counterpart_name(entry: Entry) -> str | None:
    """The first name in the other language than the title (`Эгида` for `Aegis X`), if any.

    None when the title already holds both languages (`Броня ( Armor )`).
    """
    script = _script(entry.title)
    if not script:  # no letters, or both languages already (`Броня ( Armor )`)
        return None
    for name in other_names(entry):
        other = _script(name)
        if other and other != script:
            return name
    return None


def display_title(entry: Entry) -> str:
    """Title with its name in the other language: `Aegis X (Эгида)`, `Броня ( Armor )` as is."""
    other = counterpart_name(entry)
    return f"{entry.title} ({other})" if other else entry.title


def choice_name(entry: Entry, lang: str) -> str:
    """Autocomplete name `Aegis X (Эгида) · Mage Wars`, at most 100 characters, game kept."""
    suffix = f" · {game_name(entry.game, lang)}"
    return shorten(display_title(entry), CHOICE_NAME_MAX - len(suffix)) + suffix


def option_label(entry: Entry, lang: str) -> str:
    return choice_name(entry, lang)[:OPTION_LABEL_MAX]


def option_description(entry: Entry) -> str:
    """A select option's grey line: the category, else the opening of the text."""
    return shorten(entry.category or entry.text, OPTION_DESCRIPTION_MAX)


def button_label(entry: Entry) -> str:
    return shorten(display_title(entry), BUTTON_LABEL_MAX)


@dataclass(frozen=True)
class Page:
    entries: tuple[Entry, ...]
    number: int  # 0-based, clamped into range
    count: int


def page_of(entries: Sequence[Entry], number: int, size: int) -> Page:
    """The `number`-th page of `size` entries; an out-of-range number gives the nearest page."""
    count = max(1, -(-len(entries) // size))
    number = min(max(number, 0), count - 1)
    return Page(tuple(entries[number * size : (number + 1) * size]), number, count)


def extract_inline_terms(text: str) -> list[str]:
    """Terms written as `[[term]]` in a chat message: cleaned, without repeats, at most three."""
    out: list[str] = []
    seen: set[str] = set()
    for match in _INLINE.finditer(text):
        term = clean(match.group(1))
        key = term.casefold()
        if not term or key in seen:
            continue
        seen.add(key)
        out.append(term)
        if len(out) == INLINE_MAX:
            break
    return out


# --- Spotting glossary terms inside free text (the "Explain terms" menu) ---------------------

_PARAM_TOKENS = {"x", "х", "y", "z", "n"}
_MAX_KEY_WORDS = 4
_MIN_STEM = 3


def _stem(word: str) -> str:
    """One written word (`Герой-воин` counts as one) as the search index stems it."""
    return " ".join(map(stem, fold(word).split()))


def _is_abbreviation(name: str) -> bool:
    letters = [c for c in name if c.isalpha()]
    return 2 <= len(letters) <= 5 and all(c.isupper() for c in letters) and " " not in name.strip()


@dataclass(frozen=True)
class TermMatch:
    """Words of a message (`found`, as written) that name these entries."""

    found: str
    entries: tuple[Entry, ...]


class TermFinder:
    """Finds entry names in text as whole words, forgiving Russian and English inflection.

    Each name becomes a key of word stems (`Кровотечение` → `кровотечен`), trailing parameter
    letters dropped (`Aegis X` → `aegis`). Abbreviations (`ЗОВ`, `НУ`) match only when written in
    capitals, so everyday words such as «ну» are not mistaken for them.
    """

    def __init__(self, entries: Iterable[Entry]) -> None:
        self._keys: dict[tuple[str, ...], list[Entry]] = {}
        self._abbreviations: dict[str, list[Entry]] = {}
        for entry in entries:
            for name in dict.fromkeys((entry.title, *entry.names)):
                self._add(name, entry)

    def _add(self, name: str, entry: Entry) -> None:
        if _is_abbreviation(name):
            bucket = self._abbreviations.setdefault(name.strip().replace("Ё", "Е"), [])
            if entry not in bucket:
                bucket.append(entry)
            return
        words = list(_WORD.findall(name))
        while words and words[-1].casefold() in _PARAM_TOKENS:
            words.pop()
        if not words or len(words) > _MAX_KEY_WORDS:
            return
        key = tuple(_stem(w) for w in words)
        if len(key) == 1 and len(key[0]) < _MIN_STEM:
            return
        bucket = self._keys.setdefault(key, [])
        if entry not in bucket:
            bucket.append(entry)

    def find(self, text: str, prefer_game: str | None = None) -> list[TermMatch]:
        """Matches in reading order, longest name first; one match per distinct set of entries.

        With `prefer_game`, a word naming entries of several games keeps only that game's ones.
        """
        words = _WORD.findall(text)
        stems = [_stem(w) for w in words]
        out: list[TermMatch] = []
        seen: set[tuple[str, ...]] = set()
        i = 0
        while i < len(words):
            found: tuple[int, list[Entry]] | None = None
            for n in range(min(_MAX_KEY_WORDS, len(words) - i), 0, -1):
                bucket = self._keys.get(tuple(stems[i : i + n]))
                if bucket:
                    found = (n, bucket)
                    break
            if found is None:
                abbr = self._abbreviations.get(words[i].replace("Ё", "Е"))
                if abbr:
                    found = (1, abbr)
            if found is None:
                i += 1
                continue
            n, bucket = found
            chosen = [e for e in bucket if e.game == prefer_game] or bucket
            ids = tuple(e.id for e in chosen)
            if ids not in seen:
                seen.add(ids)
                out.append(TermMatch(" ".join(words[i : i + n]), tuple(chosen)))
            i += n
        return out


_finders: weakref.WeakKeyDictionary[object, TermFinder] = weakref.WeakKeyDictionary()


def term_finder(glossary: Any) -> TermFinder:
    """The finder for a loaded glossary, built once per glossary object."""
    try:
        finder = _finders.get(glossary)
    except TypeError:  # not weak-referenceable: build without caching
        return TermFinder(glossary.entries)
    if finder is None:
        finder = TermFinder(glossary.entries)
        _finders[glossary] = finder
    return finder
