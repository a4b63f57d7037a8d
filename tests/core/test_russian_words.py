"""No English word in a Russian reply (issue 17), except proper names and notation.

The developer tools (`cli.*`, `console.*`) name files, variables and flags, so they are left out.
"""

from __future__ import annotations

import re

from bot.i18n import catalogue

PROPER = {
    *("Mage", "Wars", "Discord", "Arbiter", "KeyForge", "WFB", "MW", "Conquest"),
    *("Warhammer", "Fantasy", "JSON", "HTTP"),
}
NOTATION = {"kh", "kl", "roll", "txt"}  # dice expressions (`4d6kh3`) and the `roll.txt` file
DEVELOPER = ("cli.", "console.", "format.lang")


def english_words(text: str) -> list[str]:
    """Latin words outside placeholders, command references and code spans."""
    text = re.sub(r"\{[^{}]*\}|`[^`]*`", " ", text)
    return [w for w in re.findall(r"[A-Za-z][A-Za-z']+", text) if w not in PROPER | NOTATION]


def test_russian_texts_hold_no_english_words() -> None:
    cat = catalogue()
    keys = cat.keys()  # a sorted list, not a dict view
    found = {
        key: words
        for key in keys
        if not key.startswith(DEVELOPER)
        and (words := english_words(cat.lookup_exact(key, "ru") or ""))
    }
    assert found == {}


def test_the_check_sees_an_english_word() -> None:
    assert english_words("Броня: **1** (2 − 1 Piercing)") == ["Piercing"]
    assert english_words("укажите {attacker}: и `4d6kh3`, Mage Wars") == []
