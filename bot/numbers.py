"""Whole numbers read from text the bot did not write itself: custom ids, typed ids, arguments.

`str.isdigit()` is true for `²`, `٣` and other Unicode digits that `int()` then refuses (or
reads as a digit of another script), so a forged button payload crashed the action it named.
Only ASCII digits count here, and at most `MAX_DIGITS` of them.
"""

from __future__ import annotations

import re

MAX_DIGITS = 20  # a Discord snowflake has 19 at most
_UNSIGNED = re.compile(rf"[0-9]{{1,{MAX_DIGITS}}}")
_SIGNED = re.compile(rf"-?[0-9]{{1,{MAX_DIGITS}}}")


def ascii_int(text: str, *, signed: bool = False) -> int | None:
    """`text` as an int if it is only ASCII digits (a leading `-` too with `signed`), else None."""
    pattern = _SIGNED if signed else _UNSIGNED
    return int(text) if pattern.fullmatch(text) else None
