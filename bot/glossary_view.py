"""Pure helpers behind the glossary commands: labels, paging and `[[term]]` marks.

Nothing here talks to Discord or to the catalogue; the handlers in `bot/handlers/glossary.py`
assemble replies from these pieces, so the same labels appear in autocomplete, selects and buttons.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from bot import limits
from bot.categories import category_label
from bot.i18n import game_name as i18n_game_name
from glossary.english_names import english_names, english_texts, russian_name
from glossary.model import Entry
from glossary.normalize import analyse, clean, fold, is_param_token, script_of

# Discord limits that shape our labels (autocomplete choice names, select options, buttons).
CHOICE_NAME_MAX = limits.CHOICE_NAME
OPTION_LABEL_MAX = limits.SELECT_OPTION_LABEL
OPTION_DESCRIPTION_MAX = limits.SELECT_OPTION_DESCRIPTION
BUTTON_LABEL_MAX = limits.BUTTON_LABEL
CHOICES_MAX = limits.CHOICES

_SPACES = re.compile(r"\s+")
_INLINE = re.compile(r"\[\[([^\[\]\n]{1,200}?)\]\]")
INLINE_MAX = 3


def game_name(slug: str, lang: str) -> str:
    """The game's display name in `lang`; an unknown slug is shown as is rather than failing."""
    return i18n_game_name(slug, lang)


def own_game_first(entries: Sequence[Entry], prefer: str | None) -> list[Entry]:
    """In a channel where `prefer` is played, only its entries when any fits: another game's
    «Бросок на спасение» among Berserk's answers is noise (playtest 7 G2). Others stay when
    none of the channel's game fits."""
    own = [e for e in entries if e.game == prefer]
    return own if own else list(entries)


_MARKDOWN = re.compile(r"([\\*_~`|>#\[\]<])")


def escape_markdown(text: str) -> str:
    """User text echoed in a reply, with Discord's markdown and mention characters escaped."""
    return _MARKDOWN.sub(r"\\\1", text)


def sentence_case(text: str) -> str:
    """First letter upper-case: the sources write one category both ways (`Игровой`/`игровой`)."""
    return text[:1].upper() + text[1:]


def shorten(text: str, limit: int) -> str:
    """`text` on one line, at most `limit` characters, with an ellipsis when shortened.

    Used for labels and previews only; an entry's rule text is always shown whole.
    """
    flat = _SPACES.sub(" ", text).strip()
    if len(flat) <= limit:
        return flat
    return flat[: max(limit - 1, 0)].rstrip() + "…"


_QUOTED = re.compile(r'"([^"]*)"')  # straight quotes in a Russian name read as «…»


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


def display_title(entry: Entry, lang: str) -> str:
    """Title with its name in the other language, the reader's language first (playtest 7, M9):
    `Aegis X (Эгида)` in English, `Эгида X (Aegis X)` in Russian; `Броня ( Armor )` as is.
    A title the source gives only in Russian takes its official English name in English
    replies (`Разрушение (Dispel)`, English walk 4 WF-1), so the rules and the tracker agree."""
    other = counterpart_name(entry)
    if not other:
        official = english_names().get(entry.id) if lang == "en" else None
        if not official:
            return entry.title
        # the Russian name alone beside the official one, not the source's own English word
        # («Командные Значки (Command Icons)», English walk 5 CQ-2, CQ-3)
        base = _QUOTED.sub(r"«\1»", russian_name(entry) or entry.title)
        return f"{base} ({official})"
    if lang == "ru" and _script(entry.title) == "en":
        return f"{_with_parameter(other, entry.title)} ({entry.title})"
    return f"{entry.title} ({other})"


def display_text(entry: Entry, lang: str) -> str:
    """The entry's text for the reader: Arbiter's own retold entries have an English text for
    English replies (English walk 4, WF-2); a seed's quotation stays as the Russian book has it."""
    if lang == "en":
        return english_texts().get(entry.id, entry.text)
    return entry.text


def titled_in_russian(entries: Sequence[Entry], game: str) -> bool:
    """Most of `game`'s entries carry only a Russian title, so an English word can miss them
    (English walk 4, BZ-1): the reply then says where to look instead."""
    titles = [_script(e.title) for e in entries if e.game == game]
    return bool(titles) and 2 * titles.count("ru") > len(titles)


def _with_parameter(name: str, title: str) -> str:
    """`Эгида` + `Aegis X` → `Эгида X`: the Russian name takes the title's value placeholder,
    unless it already ends with one (`Регенерация X`)."""
    words = title.split()
    if len(words) < 2 or not is_param_token(fold(words[-1])):
        return name
    if is_param_token(fold(name.split()[-1])):
        return name
    return f"{name} {words[-1]}"


def choice_name(entry: Entry, lang: str, limit: int = CHOICE_NAME_MAX) -> str:
    """Autocomplete name `Эгида X (Aegis X) · Mage Wars`, at most `limit` characters, game kept."""
    suffix = f" · {game_name(entry.game, lang)}"
    return shorten(display_title(entry, lang), limit - len(suffix)) + suffix


def option_label(entry: Entry, lang: str) -> str:
    """A select option's label: the autocomplete name, so one entry reads the same everywhere."""
    return choice_name(entry, lang)[:OPTION_LABEL_MAX]


def option_description(entry: Entry, lang: str = "ru") -> str:
    """A select option's grey line: the category (in the reader's language), else the opening
    of the text."""
    shown = category_label(entry.category, lang) if entry.category else entry.text
    return shorten(shown, OPTION_DESCRIPTION_MAX)


def button_label(entry: Entry, lang: str) -> str:
    """A see-also button: title with its other-language name, within Discord's 80 characters."""
    return shorten(display_title(entry, lang), BUTTON_LABEL_MAX)


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
        key = fold(term) or term  # `[[Ёж]]` and `[[еж]]` are one term
        if not term or key in seen:
            continue
        seen.add(key)
        out.append(term)
        if len(out) == INLINE_MAX:
            break
    return out


def resolve_references(
    texts: Sequence[str], entries: Sequence[Entry], game: str
) -> tuple[list[Entry], list[str]]:
    """A seed's cross-references to terms it lacks («Ключи», «Бой»), matched by exact name to
    the entries of the same game that now have them (the supplement); the rest stay text."""
    by_name: dict[str, Entry] = {}
    for e in entries:
        if e.game == game:
            for name in e.names:
                by_name.setdefault(fold(name), e)
    found: list[Entry] = []
    left: list[str] = []
    for text in texts:
        hit = by_name.get(fold(text))
        if hit is None:
            left.append(text)
        elif hit not in found:
            found.append(hit)
    return found, left
