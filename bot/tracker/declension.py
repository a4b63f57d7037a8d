"""A Russian first name in the genitive («у Ани», «запас Бориса»), declined only when sure.

Players' names are typed freely (`bob`, «Тёмный лорд», «Маша2»), so a name is declined only
when it is one Cyrillic word with an ending whose genitive is regular; otherwise the caller
says «игрока X» and keeps the name as typed. Pure: no catalogue, no Discord.
"""

from __future__ import annotations

import re

_ONE_WORD = re.compile(r"[А-ЯЁа-яё]+")
_HARD = frozenset("бвгджзклмнпрстфхцчшщ")
_HUSHING_VELAR = frozenset("гкхжчшщ")  # after these, ‑а gives ‑и (Ольга → Ольги)
_UNSURE_ENDINGS = frozenset("ьоеиуыэю")  # Любовь/Игорь (either gender), Пьеро, Гоги: as typed
# A vowel that drops in the genitive (Павел → Павла): those names are spelled out, the rest of
# that shape are left as typed.
_FLEETING = {"павел": "Павла", "пётр": "Петра", "петр": "Петра", "лев": "Льва"}
_FLEETING_ENDS = ("ел", "ёр", "ётр", "ек", "ёк", "ок", "ец")


def genitive(name: str) -> str | None:
    """`name` in the genitive (Аня → Ани, Борис → Бориса, Игорь → None), or None when unsure."""
    word = name.strip()
    if not _ONE_WORD.fullmatch(word) or len(word) < 2 or not word[0].isupper():
        return None
    low = word.casefold()
    if low in _FLEETING:
        return _FLEETING[low] if not word.isupper() else _FLEETING[low].upper()
    if low.endswith(_FLEETING_ENDS):
        return None
    last, before = low[-1], low[-2]
    if last in _UNSURE_ENDINGS:
        return None
    if low.endswith("ия"):  # Мария → Марии
        return word[:-1] + _case("и", word[-1])
    if last == "я":  # Аня → Ани
        return word[:-1] + _case("и", word[-1])
    if last == "а":  # Маша → Маши, Ольга → Ольги, Лена → Лены
        ending = "и" if before in _HUSHING_VELAR else "ы"
        return word[:-1] + _case(ending, word[-1])
    if last == "й":  # Дмитрий → Дмитрия, Андрей → Андрея
        return word[:-1] + _case("я", word[-1])
    if last in _HARD:  # Борис → Бориса
        return word + _case("а", word[-1])
    return None


def _case(ending: str, like: str) -> str:
    """`ending` in the case of the letter it follows or replaces (АНЯ → АНИ)."""
    return ending.upper() if like.isupper() else ending
