"""KeyForge glue for the tracker: apply `rules.py` inside an open step (no storage of its own)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from bot.games.keyforge.rules import TOKEN_MEANINGS, hit
from bot.tracker.model import GameState, Participant, Unit

if TYPE_CHECKING:
    from bot.tracker.step import Step


def opponent(state: GameState, owner_id: int | None) -> Participant | None:
    """The other player of a two-player game (None when there is not exactly one)."""
    others = [p for p in state.participants if p.id != owner_id]
    return others[0] if len(others) == 1 else None


async def before_damage(step: Step, unit: Unit, amount: int) -> int:
    """Armor absorbs first (spent for the turn), then a ward cancels what is left and goes."""
    fresh = await step.fresh()
    now = fresh.unit(unit.id) or unit
    armor, used, ward = now.value("armor"), now.value("armor_used"), now.value("ward")
    result = hit(amount, armor, used, ward)
    if result.absorbed:
        cid = await step.ensure(now, "armor_used")
        with step.told():  # the note says the armor is spent; the counter is bookkeeping
            await step.adjust(now, cid, "armor_used", result.absorbed)
        left = armor - used - result.absorbed  # KF-4: «used up» only when nothing is left
        key = "tracker.note.kf_armor_left" if left else "tracker.note.kf_armor"
        step.note(key, unit=now.name, absorbed=result.absorbed, armor=armor, left=left)
    if result.warded:
        token = now.token("ward")
        assert token is not None
        rest = amount - result.absorbed
        # KF-4: the reason before the state, which the note carries («ward 1 → 0»)
        key = "tracker.note.kf_ward_rest" if result.absorbed else "tracker.note.kf_ward"
        step.note(key, unit=now.name, rest=rest, ward=token.value, ward_after=token.value - 1)
        with step.told():
            await step.adjust(now, token.id, "ward", -1)
    return result.dealt


async def leave_play(step: Step, unit: Unit) -> None:
    """Line 75: Æmber captured on a creature that leaves play goes to the opponent's pool."""
    fresh = await step.fresh()
    now = fresh.unit(unit.id) or unit
    captured = now.token("captured")
    if captured is None or captured.value <= 0:
        return
    other = opponent(fresh, now.owner_id)
    if other is None:
        step.note("tracker.note.kf_captured_unclaimed", unit=now.name, count=captured.value)
        return
    pool = other.counter("aember")
    assert pool is not None
    await step.adjust(now, captured.id, "captured", -captured.value)
    await step.adjust(other, pool.id, "aember", captured.value)
    step.note("tracker.note.kf_captured_back", unit=now.name, count=captured.value, name=other.name)


async def place_tokens(step: Step, holder: Participant | Unit, key: str, count: int) -> bool:
    """The `/token add` hook: the tokens go on, and stun, enrage and ward say what they do."""
    if not isinstance(holder, Unit):
        return False
    cid = await step.ensure(holder, key, token=True)
    await step.adjust(holder, cid, key, count)
    token_meaning(step, key)
    return True


def token_meaning(step: Step, key: str) -> None:
    """Say what stun, enrage and ward do when one is put on a creature."""
    note = TOKEN_MEANINGS.get(key)
    if note:
        step.note(note)


EXHAUSTED = "exhausted"  # `/kf fight` used the creature this turn (published: it exhausts)


async def reset_armor(step: Step) -> None:
    """A new turn: every creature's armor protects again in full, and an elusive creature's
    first fight of the turn is again the one that deals no damage (`fight.py`)."""
    for unit in step.state.units:
        for key in ("armor_used", "elusive_used"):
            used = unit.counter(key)
            if used is not None and used.value and not unit.destroyed:
                await step.set(unit, used.id, key, 0)


async def ready_cards(step: Step, player: Participant | None) -> None:
    """The ending turn's «ready cards» step, before the draw: exhausted creatures are ready
    again, told in one line of the player's only when one was exhausted (en-10 KF-2), not a
    change line per creature (playtest 5 slip K4). A destroyed creature is out of play and is
    not readied (playtest 11 K2). Only that player's own creatures: the opponent's stay
    exhausted until the end of their own turn (playtest 20, K1)."""
    since = len(step.changes)
    names: list[str] = []
    for unit in step.state.units:
        if player is not None and unit.owner_id not in (None, player.id):
            continue
        used = unit.counter(EXHAUSTED)
        if used is not None and used.value and not unit.destroyed:
            await step.set(unit, used.id, EXHAUSTED, 0)
            names.append(unit.name)
    step.cover(since)
    if names and player is not None:
        step.note("tracker.note.kf_ready", name=player.name, names=", ".join(names))
