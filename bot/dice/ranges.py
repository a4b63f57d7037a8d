"""The one out-of-range error every dice engine raises for an option beyond its limits."""

from __future__ import annotations

from bot.dice.names import option_label
from bot.registry import UserError


def check_range(name: str, value: int, lo: int, hi: int) -> None:
    """A UserError (`error.out_of_range`, the registry's own message) unless lo <= value <= hi;
    the option is named as the user sees it (`option_label`)."""
    if not lo <= value <= hi:
        raise UserError("error.out_of_range", name=option_label(name), value=value, min=lo, max=hi)
