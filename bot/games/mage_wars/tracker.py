"""Mage Wars glue for the tracker: apply `rules.py` inside an open step (no storage of its own).

Called from the tracker's token command, the `/mw attack target:` step, `/heal` and the round
procedure, so the same rule holds whichever way the change is made.
"""

from __future__ import annotations

from contextlib import nullcontext
from typing import TYPE_CHECKING

from bot.games.mage_wars import rules
from bot.tracker.model import Participant, Unit

if TYPE_CHECKING:
    from bot.tracker.step import Step


def _unit(step: Step, holder: Participant | Unit) -> Unit | None:
    return step.state.leader(holder.id) if isinstance(holder, Participant) else holder


def _values(unit: Unit) -> dict[str, int]:
    """The unit's stats and tokens by key, what the pure rules read."""
    return {c.key: c.value for c in (*unit.counters, *unit.tokens)}


async def place_tokens(step: Step, holder: Participant | Unit, key: str, count: int) -> bool:
    """The tracker's `/token add` hook: Corrode goes through `put_tokens`; others as usual."""
    unit = _unit(step, holder)
    if (key != "corrode" and key not in rules.INCAPACITATING) or unit is None:
        return False
    await put_tokens(step, unit, key, count)
    return True


async def drop_guard(step: Step, unit: Unit, note: str) -> None:
    """Take the unit's Guard token off (a melee attack on it, line 184; Incapacitated, line 135)."""
    guard = unit.token(rules.GUARD)
    if guard is None or (await step.tx.counter(guard.id)).value <= 0:
        return
    await step.set(unit, guard.id, rules.GUARD, 0)
    step.note(note, unit=unit.name)


async def heal(step: Step, holder: Participant | Unit, points: int) -> bool:
    """The tracker's `/heal` hook: Bleed first, Rage off, Finite Life blocks (`heal_unit`)."""
    unit = _unit(step, holder)
    if unit is None:
        return False
    await heal_unit(step, unit, points)
    return True


async def put_tokens(step: Step, unit: Unit, key: str, count: int) -> None:
    """Put `count` tokens `key` on the unit; Corrode beyond the armor is direct damage instead
    (seed 000 line 49), and so can destroy the unit in the same step."""
    cid = await step.ensure(unit, key, token=True)
    if key != "corrode":
        await step.adjust(unit, cid, key, count)
        if key in rules.INCAPACITATING and count > 0:
            await drop_guard(step, unit, "tracker.note.mw_guard_incapacitated")
        return
    held = (await step.tx.counter(cid)).value
    armor = unit.counter("armor")
    armor_value = (await step.tx.counter(armor.id)).value if armor is not None else 0
    split = rules.corrode_split(armor_value, held, count, incorporeal=unit.value("incorporeal") > 0)
    if split.tokens:
        await step.adjust(unit, cid, key, split.tokens)
    damage = unit.counter(step.tpl.damage)
    if split.damage and damage is not None:
        await step.adjust(unit, damage.id, damage.key, split.damage)
        step.note(
            "tracker.note.mw_corrode_damage" + ("" if armor_value else "_bare"),
            unit=unit.name,
            damage=split.damage,
            armor=armor_value,
            held=held + split.tokens,
        )


async def apply_healing(step: Step, unit: Unit, healing: rules.Healing, note: str = "") -> None:
    """Write what healing did (damage, Bleed and Rage off), or say Finite Life blocked it."""
    if healing.blocked:
        values = _values(unit)
        why = "finite_life" if values.get("finite_life", 0) > 0 else "nonliving"
        what = "regen" if note else "heal"  # Upkeep's Regenerate, or `/heal`
        step.note(f"tracker.note.mw_{why}_no_{what}", unit=unit.name)
        return
    damage = unit.counter(step.tpl.damage)
    held = (await step.tx.counter(damage.id)).value if damage is not None else 0
    if healing.damage and damage is not None:
        if note:  # said before the damage line it explains, as Burn is (English walk 6, MW-7)
            step.note(note, unit=unit.name, healed=healing.damage)
        with step.caused("healed", "regenerate") if note else nullcontext():  # in the log (M2)
            await step.adjust(unit, damage.id, damage.key, -healing.damage)
    for key, n in (("bleed", healing.bleed), ("rage", healing.rage)):
        token = unit.token(key)
        if n and token is not None:
            await step.adjust(unit, token.id, key, -n)
    if healing.bleed:
        # Playtest 14, M1: after an undo, the whole healing may go to damage instead; scout M1:
        # only when some damage is left that it could have healed
        all_damage = min(held, healing.damage + healing.bleed)
        left = held - healing.damage > 0
        key = "tracker.note.mw_bleed_healed" + ("" if left else ".all")
        step.note(key, unit=unit.name, count=healing.bleed, heal=all_damage)
    if healing.rage:
        step.note("tracker.note.mw_rage_off", unit=unit.name, count=healing.rage)


async def heal_unit(step: Step, unit: Unit, points: int) -> None:
    """`/heal` on a Mage Wars unit: Bleed first, Rage off, Finite Life blocks it (rules.heal)."""
    fresh = await step.fresh()
    now = fresh.unit(unit.id) or unit
    healing = rules.heal(
        points,
        now.value(step.tpl.damage),
        now.value("bleed"),
        now.value("rage"),
        finite_life=rules.finite_life(_values(now)),
    )
    await apply_healing(step, now, healing)


async def after_damage(step: Step, unit: Unit) -> None:
    """Seed 000 line 261: a sleeping creature that takes damage wakes dazed (Sleep → Daze).

    Called by the tracker whenever a unit's damage goes up (`/dmg`, attacks, upkeep)."""
    sleep = unit.token("sleep")
    if sleep is None or sleep.value <= 0:
        return  # the common case reads nothing more
    if (await step.tx.counter(sleep.id)).value <= 0:
        return  # already woken earlier in this step
    await step.set(unit, sleep.id, "sleep", 0)
    daze = await step.ensure(unit, "daze", token=True)
    await step.adjust(unit, daze, "daze", 1)
    step.note("tracker.note.mw_sleep_daze", unit=unit.name)


async def after_hit(
    step: Step,
    target: Unit,
    attacker: Unit | None,
    dealt: int,
    *,
    first: int | None = None,
    vampiric: bool = False,
    drain: int = 0,
    transfer: int = 0,
) -> None:
    """Rage, Vampiric, Mana Drain and Mana Transfer once the attack's damage `dealt` is written.

    `first`: what the first strike of several dealt; Vampiric (line 309) and Mana Drain and
    Transfer (lines 178, 180) count the first attack only."""
    if attacker is not None:
        await gain_rage(step, attacker)
    if dealt <= 0:
        return
    if attacker is None or attacker.owner_id != target.owner_id:  # damaged by an enemy
        await gain_rage(step, target)
    dealt = dealt if first is None else first
    if dealt <= 0:
        return
    if vampiric and attacker is not None:
        heal = rules.vampiric_heal(dealt, living=not rules.nonliving(_values(target)))
        if heal:
            step.note("tracker.note.mw_vampiric", unit=attacker.name, healed=heal)
            await heal_unit(step, attacker, heal)
    points = max(drain, transfer)
    mage = step.state.leader(target.owner_id) if target.owner_id is not None else None
    mana = mage.counter("mana") if mage is not None else None
    if not points or mage is None or mana is None:
        return
    lost = rules.mana_lost(dealt, points, (await step.tx.counter(mana.id)).value)
    if not lost:
        return
    await step.adjust(mage, mana.id, "mana", -lost)
    step.note("tracker.note.mw_mana_drain", unit=mage.name, lost=lost)
    gainer = (
        step.state.leader(attacker.owner_id)
        if transfer and attacker is not None and attacker.owner_id is not None
        else None
    )
    gained = gainer.counter("mana") if gainer is not None else None
    if gainer is not None and gained is not None:
        await step.adjust(gainer, gained.id, "mana", lost)
        step.note("tracker.note.mw_mana_transfer", unit=gainer.name, gained=lost)


async def gain_rage(step: Step, unit: Unit) -> None:
    """Rage +X (line 231): a Rage token, up to X."""
    rage_max = unit.value("rage_max")
    if rage_max <= 0:
        return
    cid = await step.ensure(unit, "rage", token=True)
    if rules.rage_gain(rage_max, (await step.tx.counter(cid)).value):
        await step.adjust(unit, cid, "rage", 1)
        step.note("tracker.note.mw_rage_gained", unit=unit.name)
