"""Mage Wars' round: the end of the last round (Daze, Stun), new round and initiative,
Reset, Channeling, then Upkeep (the rules in `bot/games/mage_wars/rules.py`).

The published round order is Reset → Channeling → Upkeep (upkeep is paid with the mana just
channelled), so the new round's lines stand under the names of their phases (playtest 18, M1):
read without them, the Burn rolls after the mana looked misplaced."""

from __future__ import annotations

import random
from collections.abc import Iterator
from contextlib import contextmanager

from bot.games.mage_wars.dice import D12Roll, roll_burn, roll_escape
from bot.games.mage_wars.rules import (
    ACTED,
    ESCAPES,
    end_of_round_clears,
    escapes_at_round_end,
    finite_life,
    upkeep,
    upkeep_paid,
)
from bot.games.mage_wars.tracker import apply_healing
from bot.tracker.model import DESTROYED, Unit
from bot.tracker.rounds import pass_turn
from bot.tracker.step import Note, Step


async def next_round(step: Step, rng: random.Random) -> None:
    """Daze and Stun off; new round, initiative passes; Channeling; Upkeep: Burn, Bleed, Rot
    and Regenerate (first when the damage would be lethal); Slam waits for the activation."""
    await _end_of_action_phases(step, rng)
    await pass_turn(step, new_round=True)
    state = step.state
    labelled: list[str] = []
    with _phase(step, "reset", state.round + 1, labelled):
        for unit in state.units:
            acted = unit.counter(ACTED)
            if acted is not None and acted.value:
                await step.set(unit, acted.id, ACTED, 0)
    with _phase(step, "channeling", state.round + 1, labelled):
        for unit in state.units:
            if unit.destroyed or unit.kind != "mage":
                continue
            mana, channeling = unit.counter("mana"), unit.value("channeling")
            if mana is not None and channeling:
                await step.adjust(unit, mana.id, "mana", channeling)
    with _phase(step, "upkeep", state.round + 1, labelled):
        for unit in state.units:
            if not unit.destroyed and unit.value("upkeep") > 0:
                await _pay_upkeep(step, unit)
        for unit in (await step.fresh()).units:
            if not unit.destroyed and unit.counter("damage") is not None:
                await _upkeep(step, unit, rng)
    slammed = [u.name for u in state.units if not u.destroyed and u.value("slam") > 0]
    if slammed:
        step.note("tracker.note.mw_slam", units=", ".join(slammed))


@contextmanager
def _phase(step: Step, phase: str, round_: int, labelled: list[str]) -> Iterator[None]:
    """Put the phase's name above its lines («Прирост маны:»), if it has any to show; the
    first name shown says the round too («Раунд 2 · фаза обновления:»)."""
    changes, notes = len(step.changes), len(step.notes)
    yield
    if all(c.covered for c in step.changes[changes:]) and len(step.notes) == notes:
        return
    key = f"tracker.note.mw_phase_{phase}" + ("" if labelled else "_round")
    step.notes.insert(notes, Note(key, {"round": round_}, at=changes))
    labelled.append(phase)


async def _end_of_action_phases(step: Step, rng: random.Random) -> None:
    """Seed 000 lines 68 and 273: Daze and Stun go at the end of the creature's action phase;
    line 271: a Stuck creature rolls to escape then (7+ removes one Stuck token).

    A unit marked as having acted (`/mw act`) had its action phase, and lost them (and rolled)
    then: what it holds now came after and waits for its next activation. Every other unit's
    action phase went by untracked, so its Daze and Stun go now, in one line per unit naming only
    what it held, and a Stuck one rolls its escape now, in one line. The markers are reset.
    """
    for unit in step.state.units:
        acted = unit.counter(ACTED)  # turned back in the new round's Reset (`next_round`)
        if unit.destroyed:
            continue
        since = len(step.changes)
        cleared: dict[str, int] = {}  # what was really on it, so the note names only that
        for key in end_of_round_clears(acted is not None and acted.value > 0):
            token = unit.token(key)
            if token is not None and token.value > 0:
                await step.set(unit, token.id, key, 0)
                cleared[key] = token.value
        if cleared:  # «daze», «stun» or «daze_stun»; one line per unit (playtest 6, M8)
            step.note(
                f"tracker.note.mw_round_cleared_{'_'.join(cleared)}", unit=unit.name, **cleared
            )
            step.cover(since)  # the note says it: no «оглушение: 1 → 0» beside it
        for key in ESCAPES:
            held = unit.token(key)
            if held is not None and escapes_at_round_end(
                acted is not None and acted.value > 0, held.value
            ):
                # the game's seeded rng: a replay rolls the same
                await record_escape(step, unit, roll_escape(rng), "round", key)


async def record_escape(
    step: Step, unit: Unit, escape: D12Roll, when: str, key: str = "stuck"
) -> None:
    """Lines 271 and 57: an escape roll of 7+ takes one Stuck (or Cripple) token off; the note
    (`mw_act_…` at `/mw act`, `mw_round_…` when the round ends) says the roll, so no token line
    repeats it. Cripple's notes are the `.cripple` variants."""
    held = unit.token(key)
    assert held is not None
    with step.told():
        if escape.success:
            await step.adjust(unit, held.id, key, -1)
        outcome = "escaped" if escape.success else "stuck"
        note = f"tracker.note.mw_{when}_{outcome}" + ("" if key == "stuck" else f".{key}")
        step.note(note, unit=unit.name, roll=escape.natural)


async def _pay_upkeep(step: Step, unit: Unit) -> None:
    """Upkeep +X (seed 000 line 305): the owner's mage pays X mana, or the unit is destroyed."""
    cost = unit.value("upkeep")
    fresh = await step.fresh()
    mage = fresh.leader(unit.owner_id) if unit.owner_id is not None else None
    mana = mage.counter("mana") if mage is not None else None
    paid = upkeep_paid(cost, mana.value if mana is not None else 0)
    if paid is None:
        return
    if paid and mage is not None and mana is not None:
        await step.adjust(mage, mana.id, "mana", -cost)
        step.note("tracker.note.mw_upkeep_paid", unit=unit.name, cost=cost, mage=mage.name)
        return
    await step.tx.set_field("unit", unit.id, "state", DESTROYED)
    step.note("tracker.note.mw_upkeep_unpaid", unit=unit.name, cost=cost)


async def _upkeep(step: Step, unit: Unit, rng: random.Random) -> None:
    damage = unit.counter("damage")
    assert damage is not None
    burn_damage = 0
    burn = unit.token("burn")
    if burn is not None and burn.value > 0:
        result = roll_burn(burn.value, rng)
        burn_damage = result.damage
        with step.told():  # the note says how many are left: no «горение: 2 → 1» beside it
            await step.set(unit, burn.id, "burn", result.tokens_left)
        step.note(
            "tracker.note.burn" if result.tokens_left else "tracker.note.burn_out",
            unit=unit.name,
            rolls=result.faces(),
            damage=result.damage,
            left=result.tokens_left,
        )
    plan = upkeep(
        damage=damage.value,
        burn=burn_damage,
        bleed=unit.value("bleed"),
        rot=unit.value("rot"),
        regenerate=unit.value("regenerate"),
        life=step.tpl.toughness_of({c.key: c.value for c in (*unit.counters, *unit.tokens)}),
        tainted=step.tpl.token_damage({c.key: c.value for c in unit.tokens}),
        rage=unit.value("rage"),
        finite_life=finite_life({c.key: c.value for c in (*unit.counters, *unit.tokens)}),
    )
    if plan.regenerate_first:
        step.note("tracker.note.mw_regenerate_first", unit=unit.name)
        await apply_healing(step, unit, plan.healing, "tracker.note.regenerate")
    by = ["burn"] if burn_damage else []  # what dealt the damage, for the log (M2)
    for key in ("bleed", "rot"):
        tokens = unit.value(key) - (
            plan.healing.bleed if plan.regenerate_first and key == "bleed" else 0
        )
        if tokens > 0:
            step.note(f"tracker.note.{key}", unit=unit.name, damage=tokens)
            by.append(key)
    if plan.dealt:
        with step.caused("damage", *by):
            recorded = await step.adjust(unit, damage.id, "damage", plan.dealt) - damage.value
        if plan.lethal and 0 <= recorded < plan.dealt:  # playtest 12, M2: say what was recorded
            step.note("tracker.note.mw_upkeep_capped", unit=unit.name, recorded=recorded)
    if not plan.regenerate_first and not plan.lethal:
        await apply_healing(step, unit, plan.healing, "tracker.note.regenerate")
