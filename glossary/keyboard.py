"""Wrong keyboard layout: the same physical keys on the US QWERTY and the Russian ЙЦУКЕН layouts.

A player who forgot to switch layouts types `,hjyz` for «броня» or `фкьщк` for "armor". The
swap must run on the raw text, before punctuation is stripped, because `, . ; ' [ ] \\`` are
Russian letters on the other layout.
"""

from __future__ import annotations

_EN = "`qwertyuiop[]asdfghjkl;'zxcvbnm,./~QWERTYUIOP{}ASDFGHJKL:\"ZXCVBNM<>?"
_RU = "ёйцукенгшщзхъфывапролджэячсмитьбю.ЁЙЦУКЕНГШЩЗХЪФЫВАПРОЛДЖЭЯЧСМИТЬБЮ,"

_TO_RU = str.maketrans(_EN, _RU)
_TO_EN = str.maketrans(_RU, _EN)


def to_russian(text: str) -> str:
    """Read text typed on the US layout as if the Russian layout had been on."""
    return text.translate(_TO_RU)


def to_english(text: str) -> str:
    """Read text typed on the Russian layout as if the US layout had been on."""
    return text.translate(_TO_EN)


def layout_variants(text: str) -> list[str]:
    """The other-layout readings of a query that actually change it (zero, one or two)."""
    out: list[str] = []
    for swapped in (to_russian(text), to_english(text)):
        if swapped != text and swapped not in out:
            out.append(swapped)
    return out
