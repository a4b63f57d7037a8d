"""Warhammer 40,000: Conquest rules the tracker applies by itself (issue 9).

Seed `003_2aeb69058108f9e2.txt` line 137 (Щиты): for each unit taking damage, its owner may
discard one shield card to prevent damage up to its shield icons. The headquarters phase (draw 2,
gain 4 resources) and the win with three planets sharing an icon are from the published rules,
which the seed does not hold.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

HQ_DRAW = 2
HQ_RESOURCES = 4
ICONS = ("icon_material", "icon_tech", "icon_strongpoint")  # tracker stats per player
PLANETS_TO_WIN = 3


def icon_win(counts: Mapping[str, int]) -> str:
    """The icon a player holds on three captured planets (they win), or ''."""
    return next((icon for icon in ICONS if counts.get(icon, 0) >= PLANETS_TO_WIN), "")


@dataclass(frozen=True)
class Shield:
    prevented: int
    dealt: int


def shield(damage: int, icons: int) -> Shield:
    """One shield card prevents damage up to its icons; the card is spent either way."""
    prevented = max(0, min(damage, icons))
    return Shield(prevented, damage - prevented)
