"""The one out-of-range check every dice engine makes for an option beyond its limits."""

from __future__ import annotations

from bot.dice.errors import OutOfRange


def check_range(name: str, value: int, lo: int, hi: int) -> None:
    """`OutOfRange` naming the option (English name) unless lo <= value <= hi."""
    if not lo <= value <= hi:
        raise OutOfRange(name, lo, hi, value)
