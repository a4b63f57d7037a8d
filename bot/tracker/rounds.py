"""`/game next`: each template's round procedure, run inside one undoable step.

Round-based games (Mage Wars, Conquest) start a new round and pass the initiative / first-player
token on every `/game next`; turn-based games (KeyForge, Berserk, WHFB, custom) pass the turn and
count a new round when it comes back to the first seat. The order of effects is in docs/tracker.md.
"""

from __future__ import annotations

import random
from collections.abc import Awaitable, Callable

from bot.dice.mage_wars import roll_burn
from bot.tracker.model import GameState, Participant, keyforge_chain_penalty
from bot.tracker.service import Step

KF_HAND = 6


def next_seat(state: GameState) -> tuple[Participant | None, bool]:
    """The participant after the active one, and whether the turn wrapped to the first seat.

    Players whose mage or warlord has fallen are out of the game and are skipped.
    """
    current = state.active_player
    seated = sorted(
        (p for p in state.participants if not _eliminated(state, p)), key=lambda p: p.seat
    )
    if not seated or current is None:
        return None, False
    later = [p for p in seated if p.seat > current.seat]
    return (later[0], False) if later else (seated[0], True)


def _eliminated(state: GameState, p: Participant) -> bool:
    leader = state.leader(p.id)
    return leader is not None and leader.destroyed


async def _pass(step: Step, *, new_round: bool) -> Participant | None:
    """Move the active seat on; count a round when `new_round` or when the turn wrapped."""
    state = step.state
    player, wrapped = next_seat(state)
    if player is not None:
        await step.tx.set_field("game", state.game.id, "active_seat", player.seat)
    if new_round or wrapped:
        await step.tx.set_field("game", state.game.id, "round", state.round + 1)
        step.note("tracker.note.round", round=state.round + 1)
    if player is not None:
        step.note("tracker.note.turn", name=player.name)
    return player


async def mage_wars(step: Step, rng: random.Random) -> None:
    """New round, initiative passes; Channeling; Upkeep: Burn, Bleed, Rot, then Regenerate."""
    await _pass(step, new_round=True)
    state = step.state
    for unit in state.units:
        if unit.destroyed or unit.kind != "mage":
            continue
        mana, channeling = unit.counter("mana"), unit.value("channeling")
        if mana is not None and channeling:
            await step.adjust(unit, mana.id, "mana", channeling)
    for unit in state.units:
        if unit.destroyed:
            continue
        damage = unit.counter("damage")
        if damage is None:
            continue
        dealt = 0
        burn = unit.token("burn")
        if burn is not None and burn.value > 0:
            result = roll_burn(burn.value, rng)
            dealt += result.damage
            await step.set(unit, burn.id, "burn", result.tokens_left)
            step.note(
                "tracker.note.burn",
                unit=unit.name,
                rolls=" ".join(face.label() for face in result.rolls),
                damage=result.damage,
                left=result.tokens_left,
            )
        for key in ("bleed", "rot"):
            tokens = unit.value(key)
            if tokens > 0:
                dealt += tokens
                step.note(f"tracker.note.{key}", unit=unit.name, damage=tokens)
        current = await step.adjust(unit, damage.id, "damage", dealt) if dealt else damage.value
        regen = unit.value("regenerate")
        if regen > 0:
            tainted = step.tpl.token_damage({c.key: c.value for c in unit.tokens})
            if current + tainted >= unit.value("life") > 0:
                continue  # destroyed by this upkeep before it could regenerate
            healed = min(regen, current)
            if healed:
                await step.adjust(unit, damage.id, "damage", -healed)
                step.note("tracker.note.regenerate", unit=unit.name, healed=healed)


async def keyforge(step: Step, rng: random.Random) -> None:
    """End of turn: the draw (chains lower it, then one chain is shed), the turn passes, Check!

    The seed is silent on shedding; the tournament rule is that a player who draws with a chain
    penalty then sheds one chain. The tracker does not know the hand, so it assumes the draw.
    """
    state = step.state
    current = state.active_player
    if current is not None:
        chains = current.value("chains")
        penalty = keyforge_chain_penalty(chains)
        step.note("tracker.note.hand", name=current.name, cards=KF_HAND - penalty, chains=chains)
        counter = current.counter("chains")
        if counter is not None and chains > 0:
            left = await step.adjust(current, counter.id, "chains", -1)
            step.note("tracker.note.chain_shed", name=current.name, chains=left)
    player = await _pass(step, new_round=False)
    if player is not None:
        cost = player.value("keycost", 6)
        if player.value("keys") < 3 and player.value("aember") >= cost:
            step.note("tracker.note.check", name=player.name)


async def conquest(step: Step, rng: random.Random) -> None:
    """New round; the first-player token passes. Resources and cards are counted by hand."""
    await _pass(step, new_round=True)


async def berserk(step: Step, rng: random.Random) -> None:
    """The turn passes; the new active player opens their closed creatures."""
    player = await _pass(step, new_round=False)
    if player is None:
        return
    for unit in step.state.units_of(player.id):
        closed = unit.counter("closed")
        if closed is not None and closed.value:
            await step.set(unit, closed.id, "closed", 0)


async def whfb(step: Step, rng: random.Random) -> None:
    """The next side's magic phase: both pools are emptied until the Winds of Magic are rolled."""
    await _pass(step, new_round=False)
    for p in step.state.participants:
        for key in ("power", "dispel"):
            c = p.counter(key)
            if c is not None and c.value:
                await step.set(p, c.id, key, 0)


async def custom(step: Step, rng: random.Random) -> None:
    await _pass(step, new_round=False)


PROCEDURES: dict[str, Callable[[Step, random.Random], Awaitable[None]]] = {
    "mage-wars": mage_wars,
    "keyforge": keyforge,
    "conquest": conquest,
    "berserk": berserk,
    "whfb": whfb,
    "custom": custom,
}


async def run_procedure(step: Step, rng: random.Random) -> None:
    """Run the template's procedure on the state as this transaction sees it."""
    step.state = await step.fresh()
    await PROCEDURES[step.tpl.procedure](step, rng)
