"""`/kf fight`: a creature fights an enemy creature, from what the tracker holds of both
(power and power tokens, armor, ward, Elusive, stun and enrage); one undoable step.

Published rules, in our words (the seed only points to «Бой», 004:57): each deals its power
to the other; armor and ward act on the damage as they do for `/dmg` (`tracker.before_damage`);
the first fight against an elusive creature each turn deals no damage either way, and
`elusive_used` marks it until the turn ends (like `armor_used`); a stunned creature used to
fight only removes its stun; an enraged creature's enrage comes off once it has fought. Either
way the creature is exhausted (`exhausted`) until the turn ends: a second fight in the turn is
still recorded, since a card may ready it, but the reply says the creature was already used.

Assault X (seed 004:51, playtest 18 K1): before the fight the attacker deals X damage to the
creature it attacks, through armor and ward as any damage; if that destroys it, the fight ends
and the attacker takes none. Elusive's first fight deals no damage at all, Assault's included
(docs/rules.md).
"""

from __future__ import annotations

from dataclasses import dataclass

from bot.games.keyforge import GAME
from bot.games.keyforge.rules import fight as resolve
from bot.games.keyforge.tracker import EXHAUSTED
from bot.tracker.access import game_of, require_player
from bot.tracker.errors import TrackerError
from bot.tracker.model import Unit
from bot.tracker.ports import Table
from bot.tracker.resolve import find_unit, require_standing
from bot.tracker.step import Outcome, Step, lethal, run_step

COMMAND = "/kf fight"
ELUSIVE_USED = "elusive_used"
ASSAULT = "assault"


@dataclass
class Dealt:
    """What a fight dealt, before armor and ward: the Assault before it (`assault_notes` is the
    span of the outcome's notes that tell what armor and ward did to it), then each side."""

    to_target: int = 0
    to_attacker: int = 0
    assault: int = 0
    assault_notes: tuple[int, int] = (0, 0)
    ended: bool = False  # the Assault destroyed the target: there was no fight


def power_of(unit: Unit) -> int:
    return unit.value("power") + unit.value("ptoken")


async def fight(table: Table, attacker: str, target: str) -> tuple[Outcome, Unit, Unit, Dealt]:
    """Resolve `attacker` fighting `target`: the outcome, the two units as found (their state
    after it is in the outcome) and the damage each side dealt (to the target, to the attacker,
    before armor); refused for a destroyed one, one fighting itself, two of one side, and an
    attacker of the player whose turn it is not (published rules: only the active player uses
    creatures, and a fight is a use)."""
    state = await game_of(table, GAME.slug, COMMAND)
    require_player(table.actor, state)
    a, t = find_unit(state, attacker), find_unit(state, target)
    require_standing(a)
    require_standing(t)
    if a.id == t.id:  # playtest 6 slip K4: one creature, not two of one side
        raise TrackerError("kf_fight_self", unit=a.name)
    if a.owner_id == t.owner_id:
        raise TrackerError("kf_fight_same_side", attacker=a.name, target=t.name)
    active = state.active_player
    if active is not None and a.owner_id is not None and a.owner_id != active.id:
        # Playtest 6 slip K2: only the active player uses creatures, so only theirs fight.
        owner = state.participant(a.owner_id)
        who = owner.name if owner is not None else "?"
        raise TrackerError("kf_fight_not_active", unit=a.name, active=active.name, owner=who)

    dealt = Dealt()

    async def body(step: Step) -> None:
        now = await step.fresh()
        me, foe = now.unit(a.id) or a, now.unit(t.id) or t
        # A fight (or the stun it removes) exhausts the creature, which is used once a turn
        # unless a card readies it: a second fight is recorded, with a remark (slip K4).
        was_exhausted = me.value(EXHAUSTED) > 0
        if was_exhausted:
            step.note("tracker.note.kf_fight_exhausted", unit=me.name)
        cid = await step.ensure(me, EXHAUSTED)
        with step.told():
            await step.set(me, cid, EXHAUSTED, 1)
        stun = me.token("stun")
        if stun is not None and stun.value > 0:
            await step.set(me, stun.id, "stun", 0)
            step.note("tracker.note.kf_fight_stunned", unit=me.name)
            return
        first = foe.value("elusive") > 0 and foe.value(ELUSIVE_USED) <= 0
        result = resolve(power_of(me), power_of(foe), elusive_first=first)
        if result.elusive:
            cid = await step.ensure(foe, ELUSIVE_USED)
            with step.told():  # the note tells it
                await step.set(foe, cid, ELUSIVE_USED, 1)
            step.note("tracker.note.kf_elusive", unit=foe.name)
        elif not (me.value(ASSAULT) > 0 and await _assault(step, me, foe, dealt)):
            # the fight itself, unless the Assault before it destroyed the target
            dealt.to_target, dealt.to_attacker = result.to_target, result.to_attacker
            for unit, amount in ((foe, result.to_target), (me, result.to_attacker)):
                c = unit.counter(step.tpl.damage)
                if amount and c is not None:
                    await step.adjust(unit, c.id, c.key, amount)
        enrage = me.token("enrage")
        if enrage is not None and enrage.value > 0:
            await step.set(me, enrage.id, "enrage", 0)
        # K3: the change line is covered, so the reply says it in words; a creature the fight
        # destroyed is not said to exhaust (playtest 11 K2: its death is the news).
        after = (await step.fresh()).unit(me.id) or me
        if not was_exhausted and not lethal(step.tpl, after):
            step.note("tracker.note.kf_fight_exhausts", unit=me.name)

    params = {"attacker": a.name, "target": t.name}
    outcome = await run_step(table, state, "kf_fight", body, params)
    return outcome, a, t, dealt


async def _assault(step: Step, me: Unit, foe: Unit, dealt: Dealt) -> bool:
    """Deal `me`'s Assault to `foe` before the fight; True when it destroyed `foe`, so the
    fight ends there (seed 004:51 «бой заканчивается»)."""
    dealt.assault = me.value(ASSAULT)
    start = len(step.notes)
    c = foe.counter(step.tpl.damage)
    if c is not None:
        await step.adjust(foe, c.id, c.key, dealt.assault)
    dealt.assault_notes = (start, len(step.notes))
    now = (await step.fresh()).unit(foe.id) or foe
    dealt.ended = lethal(step.tpl, now)
    return dealt.ended
