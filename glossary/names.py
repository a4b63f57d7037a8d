"""An entry's name in one language, as the seed spells it: what the bot's own words must match.

Mage Wars headings are English with the Russian name beside them (`Daze (Оцепенение)`); the
other seeds head in Russian and may give the English name in parentheses. Either way the name
is one of `Entry.names`; a trailing parameter (`Piercing +X`, `Прочный –X`, `Броня Х`) is not
part of it.
"""

from __future__ import annotations

import re

from glossary.model import Entry

_CYRILLIC = re.compile(r"[а-яё]", re.IGNORECASE)
_LATIN = re.compile(r"[a-zæ]", re.IGNORECASE)
_PARAM_WORD = re.compile(r"^\(?[+\-–−/]*[XxХхYyZzN]?\)?$")


def bare_name(name: str) -> str:
    """`Piercing +X` → `Piercing`, `Armor +/- X` → `Armor`, `Штурм (Х)` → `Штурм`."""
    words = name.split()
    while len(words) > 1 and _PARAM_WORD.match(words[-1]):
        words.pop()
    return " ".join(words)


def entry_name(entry: Entry, lang: str) -> str | None:
    """The entry's Russian (`ru`) or English name without its parameter, None if it has none.

    The names count in their order, then the title (`Янтарь (Æmber)` holds both); a name
    that mixes scripts (`Цены: Слово "To"`) belongs to the script of its first letter."""
    wanted = _CYRILLIC if lang == "ru" else _LATIN
    for name in dict.fromkeys((*entry.names, entry.title)):
        first = next((c for c in name if c.isalpha()), "")
        if first and wanted.match(first):
            return bare_name(name)
    return None


def same_word(ours: str, seeds: str) -> bool:
    """Whether the bot's name is the seed's, case aside (`ё` counts: the seed's spelling); a
    parameter the bot names with it (`Ярость +X`, a trait's X) is not part of the name."""
    return _words(bare_name(ours)) == _words(seeds)


def names_term(ours: str, seeds: str) -> bool:
    """Whether an option name (`оцепенение_цели`, `target_daze`) holds the seed's name whole."""
    mine, theirs = _words(ours), _words(seeds)
    n = len(theirs)
    return any(mine[i : i + n] == theirs for i in range(len(mine) - n + 1))


def _words(text: str) -> list[str]:
    return re.sub(r"[_\-]", " ", text).casefold().split()
