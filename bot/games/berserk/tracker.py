"""Berserk glue for the tracker: Броня X inside an open step (no storage of its own)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from bot.games.berserk.rules import armor, armor_applies
from bot.tracker.model import Unit

ROLLED = "rolled"  # step param: the wounds come from a rolled strike of a known kind

if TYPE_CHECKING:
    from bot.tracker.step import Step


async def before_wounds(step: Step, unit: Unit, wounds: int) -> int:
    """Armor prevents the first X wounds each turn; returns the wounds still dealt.

    A step whose params name a magical or non-attack `source` (`/berserk wound`, a magic strike)
    passes its wounds whole (seed 001 line 37)."""
    fresh = await step.fresh()
    now = fresh.unit(unit.id) or unit
    source = str(step.tx.params.get("source", "attack"))
    if not armor_applies(source):
        if now.value("armor") > 0:
            step.note(
                "tracker.note.berserk_armor_magic",
                unit=now.name,
                kind=source,
                armor=now.value("armor"),
                wounds=wounds,
            )
        return wounds
    result = armor(wounds, now.value("armor"), now.value("armor_used"))
    if not result.prevented and wounds > 0 and now.value("armor") > 0:
        # playtest 16, B3: players argue exactly here — the spent armor is said, not left out
        step.note("tracker.note.berserk_armor_spent", unit=now.name, armor=now.value("armor"))
    if result.prevented:
        cid = await step.ensure(now, "armor_used")
        with step.told():  # the note says the armor is used up; the counter is bookkeeping
            await step.adjust(now, cid, "armor_used", result.prevented)
        left = now.value("armor") - now.value("armor_used") - result.prevented
        key = "tracker.note.berserk_armor" + ("_all" if result.dealt <= 0 else "")
        step.note(
            key + ("_left" if left > 0 else ""),
            unit=now.name,
            prevented=result.prevented,
            armor=now.value("armor"),
            left=max(left, 0),
        )
        if not step.tx.params.get(ROLLED):  # a rolled strike knows whether it was magical
            step.note("tracker.note.berserk_armor_hint")
    return result.dealt
