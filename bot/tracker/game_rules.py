"""Where the tracker's generic commands hand over to a game's own rules (issue 9).

Each hook returns True when the game applied the change itself (the caller then does nothing
more), False for the generic behaviour. The rules are in `bot/games/<game>/rules.py`; the glue
that writes them inside a step is `bot/games/<game>/tracker.py`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from bot.tracker.model import Participant, Unit

if TYPE_CHECKING:
    from bot.tracker.service import Step

Holder = Participant | Unit
MAGE_WARS = "mage-wars"
KEYFORGE = "keyforge"


def _unit(step: Step, holder: Holder) -> Unit | None:
    if isinstance(holder, Participant):
        return step.state.leader(holder.id)
    return holder


async def place_tokens(step: Step, holder: Holder, key: str, count: int) -> bool:
    """`/token add`: Mage Wars Corrode beyond armor turns into direct damage; KeyForge says
    what stun, enrage and ward mean."""
    unit = _unit(step, holder)
    if step.tpl.slug == KEYFORGE and isinstance(holder, Unit):
        from bot.games.keyforge.tracker import token_meaning

        cid = await step.ensure(holder, key, token=True)
        await step.adjust(holder, cid, key, count)
        token_meaning(step, key)
        return True
    if step.tpl.slug != MAGE_WARS or unit is None or key != "corrode":
        return False
    from bot.games.mage_wars.tracker import place_tokens as mw_place

    await mw_place(step, unit, key, count)
    return True


async def heal(step: Step, holder: Holder, points: int) -> bool:
    """`/heal`: in Mage Wars, Bleed goes one per point, Rage comes off, Finite Life blocks it."""
    unit = _unit(step, holder)
    if step.tpl.slug != MAGE_WARS or unit is None:
        return False
    from bot.games.mage_wars.tracker import heal_unit

    await heal_unit(step, unit, points)
    return True


async def before_damage(step: Step, unit: Unit, amount: int) -> int:
    """Damage about to be dealt to a unit; KeyForge armor and ward take their share first."""
    if step.tpl.slug != KEYFORGE:
        return amount
    from bot.games.keyforge.tracker import before_damage as kf_before

    return await kf_before(step, unit, amount)


def zero_toughness_destroys(slug: str) -> bool:
    """KeyForge: a creature with power 0 is destroyed (damage 0 ≥ power 0)."""
    return slug == KEYFORGE


async def leave_play(step: Step, unit: Unit) -> None:
    """A unit leaves play (destroyed or removed): KeyForge captured Æmber goes back."""
    if step.tpl.slug != KEYFORGE:
        return
    from bot.games.keyforge.tracker import leave_play as kf_leave

    await kf_leave(step, unit)
