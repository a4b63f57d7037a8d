"""Where the tracker's generic commands hand over to a game's own rules (issue 9).

Each hook returns True when the game applied the change itself (the caller then does nothing
more), False for the generic behaviour. The rules are in `bot/games/<game>/rules.py`; the glue
that writes them inside a step is `bot/games/<game>/tracker.py`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from bot.tracker.model import Participant, Unit
from bot.tracker.records import StepRecord

if TYPE_CHECKING:
    from bot.storage import Storage
    from bot.tracker.service import Step

Holder = Participant | Unit
MAGE_WARS = "mage-wars"
KEYFORGE = "keyforge"
BERSERK = "berserk"
CONQUEST = "conquest"


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
    """Damage about to be dealt to a unit; KeyForge armor and ward, Berserk Броня X first."""
    if step.tpl.slug == BERSERK:
        from bot.games.berserk.tracker import before_wounds

        return await before_wounds(step, unit, amount)
    if step.tpl.slug == CONQUEST:
        from bot.games.conquest.tracker import before_damage as cq_before

        return await cq_before(step, unit, amount)
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


# A follow-up step (a Counterstrike or Damage Barrier after a Mage Wars attack) names the step
# it follows in `params["follows"]`, or, when the attack itself changed nothing and left no step,
# the step that was last then in `params["after"]`. Undo and redo treat an attack and its
# follow-ups as one.
FOLLOWS = "follows"
AFTER = "after"


def _group(step: StepRecord) -> tuple[str, int] | None:
    """The attack a step belongs to: ("follows", attack step) or ("after", anchor), else None."""
    for link in (FOLLOWS, AFTER):
        value = step.params.get(link)
        if isinstance(value, int):
            return link, value
    return None


def follow_span(done_newest_first: list[StepRecord], steps: int) -> int:
    """How many done steps to undo for `steps` user steps, an attack and its follow-ups as one."""
    n = 0
    for _ in range(steps):
        if n >= len(done_newest_first):
            break
        group = _group(done_newest_first[n])
        n += 1
        while group is not None and n < len(done_newest_first):
            nxt = done_newest_first[n]
            if group == (FOLLOWS, nxt.id):  # the attack itself ends the group
                n += 1
                break
            if _group(nxt) != group:
                break
            n += 1
    return n


async def undo_span(storage: Storage, game_id: int, steps: int) -> int:
    history = await storage.tracker.history(game_id, limit=steps + 8)
    done = [s for s in history if s.status == "done" and s.action != "start"]
    return max(steps, follow_span(done, steps)) if done else steps


async def redo_followups(storage: Storage, game_id: int, done: StepRecord) -> None:
    """After redoing a step, redo the follow-ups that were undone with it."""
    group = _group(done) or (FOLLOWS, done.id)
    while True:
        history = await storage.tracker.history(game_id, limit=16)
        undone = sorted((s for s in history if s.status == "undone"), key=lambda s: s.id)
        if not undone or _group(undone[0]) != group:
            return
        if await storage.tracker.redo(game_id) is None:
            return


async def item_added(step: Step, player: Participant, list_name: str, icons: list[str]) -> None:
    """A Conquest planet captured with its icons: three planets sharing an icon win."""
    if step.tpl.slug != CONQUEST or list_name != "planets":
        return
    from bot.games.conquest.tracker import planet_icons

    await planet_icons(step, player, icons)


async def after_damage(step: Step, unit: Unit) -> None:
    """A unit just took damage: in Mage Wars a sleeping creature wakes dazed."""
    if step.tpl.slug != MAGE_WARS:
        return
    from bot.games.mage_wars.tracker import after_damage as mw_after

    await mw_after(step, unit)
