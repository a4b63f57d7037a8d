"""Conquest's own consequences: a Warlord has two sides, hale and bloodied.

Called by the generic tracker (`bot/tracker/hooks.py`): damage on the hale side up to its HP
flips it to bloodied with the damage cleared; on the bloodied side it is defeated.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from bot.tracker.model import DESTROYED, Unit
from bot.tracker.step import Step

WARLORD = "warlord"


def damage_cap(kind: str, values: Mapping[str, int], default: int | None) -> int | None:
    """The damage that ends the Warlord's current side; other units as the template says."""
    if kind == WARLORD and "bloodied" in values:
        side = "bloodied_hp" if values["bloodied"] else "hp"
        return values.get(side) or None
    return default


async def unit_hurt(step: Step, unit: Unit) -> bool | None:
    """A Warlord: hale side at its HP → bloodied, damage cleared; bloodied side → defeat."""
    if unit.kind != WARLORD:
        return None
    damage = unit.counter("damage")
    bloodied = unit.counter("bloodied")
    if damage is None or bloodied is None:
        return False
    if not bloodied.value and damage.value >= unit.value("hp"):
        await step.set(unit, bloodied.id, "bloodied", 1)
        await step.set(unit, damage.id, "damage", 0)
        step.note("tracker.note.bloodied", unit=unit.name)
        return False
    if bloodied.value and damage.value >= unit.value("bloodied_hp"):
        await step.tx.set_field("unit", unit.id, "state", DESTROYED)
        step.note("tracker.note.defeated", unit=unit.name)
        return True
    return False


# ── issue 9: shields (seed 003 line 137), the headquarters phase and the planet-icon win ──────
# The headquarters phase (draw 2, gain 4 resources) and three planets sharing an icon are from
# the published rules, which the seed does not hold.

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
