"""Discord's rules for command and option names, without `\\p{...}` (Python's `re` lacks it)."""

from __future__ import annotations

NAME_MAX = 32
_EXTRA = frozenset("-_'")


def valid_name(name: str) -> bool:
    """`^[-_'\\p{L}\\p{N}]{1,32}$`, lowercase where the letter has a lowercase form."""
    if not 1 <= len(name) <= NAME_MAX:
        return False
    if any(not (ch.isalnum() or ch in _EXTRA) for ch in name):
        return False
    return name == name.lower()


def valid_menu_name(name: str) -> bool:
    """Context menu names: 1–32 characters, any case, spaces allowed."""
    return 1 <= len(name) <= NAME_MAX and name == name.strip()
