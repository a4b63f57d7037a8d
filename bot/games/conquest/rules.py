"""Conquest's own consequences: a Warlord has two sides, hale and bloodied.

Called by the generic tracker (through `plugin.py`): damage on the hale side up to its HP
flips it to bloodied with the damage cleared; on the bloodied side it is defeated.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from bot.tracker.model import DESTROYED, Unit
from bot.tracker.step import Step

WARLORD = "warlord"
DEFEATED_HALE = ("hq", "exhausted")  # where a defeated hale Warlord goes, and how (line 116)


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
        # Seed 003 line 116: the hale Warlord is defeated and goes to its owner's HQ on its
        # bloodied side, exhausted; line 120: the hale side's damage is gone, no excess carries.
        with step.told():  # the note tells the flip, the cleared damage, the HQ and exhaustion
            await step.set(unit, bloodied.id, "bloodied", 1)
            await step.set(unit, damage.id, "damage", 0)
            for key in DEFEATED_HALE:
                await step.set(unit, await step.ensure(unit, key), key, 1)
            life = unit.value("bloodied_hp")
            step.note("tracker.note.bloodied", unit=unit.name, kind="defeated_hale", life=life)
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
SHIELD = "shield"  # `/dmg`'s option: the shield icons of the card discarded (1–3)
# The token a game saved before EN-8 CQ-2 may hold: a shield card marked ahead of the damage,
# its value the card's icons. Spent by the next damage, cleared at the round's end.
OLD_SHIELD = "shield"


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
