"""KeyForge's end of turn: Check!, the draw with the chain penalty, the turn passes, armor
comes back, and the next player's key is forged at the start of their turn when they can pay."""

from __future__ import annotations

import random

from bot.games.keyforge.rules import FORGED, HAND, KEY_COST, can_forge, chain_penalty
from bot.games.keyforge.tracker import ready_cards, reset_armor
from bot.tracker.model import Participant
from bot.tracker.rounds import pass_turn
from bot.tracker.step import Step

KF_HAND = HAND


def _can_forge(p: Participant) -> bool:
    return can_forge(p.value("aember"), p.value("keys"), p.value("keycost", KEY_COST))


async def next_round(step: Step, rng: random.Random) -> None:
    """End of turn: Check! (rules v1.8: the player whose turn ends announces it if they can pay
    a key's cost then), the draw (chains lower it, then one chain is shed), the turn passes, and
    the next player forges a key at once if they can pay for it (playtest 6 slip K3).

    The seed is silent on shedding; the tournament rule is that a player who draws with a chain
    penalty then sheds one chain. The tracker does not know the hand, so it assumes the draw.
    """
    state = step.state
    current = state.active_player
    if current is not None:
        if _can_forge(current):
            step.note("tracker.note.check", name=current.name)
        await ready_cards(step, current)  # the ready step comes before the draw
        chains = current.value("chains")
        penalty = chain_penalty(chains)
        counter = current.counter("chains")
        if counter is not None and chains > 0:
            # Playtest 8 slip K3: one line tells the smaller draw and the shed chain; the
            # counter's own change line would repeat it.
            with step.told():
                left = await step.adjust(current, counter.id, "chains", -1)
            step.note(
                "tracker.note.kf_hand_chains",
                name=current.name,
                cards=KF_HAND - penalty,
                penalty=penalty,
                before=chains,
                after=left,
            )
        else:  # no chains: «(цепей: 0)» said nothing (playtest 8 slip K3)
            step.note("tracker.note.hand", name=current.name, cards=KF_HAND - penalty)
    player = await pass_turn(step, new_round=False)
    await reset_armor(step)
    if player is not None and _can_forge(player):
        await forge_at_start(step, player)


async def forge_at_start(step: Step, player: Participant) -> None:
    """Published rules («Ключи», step 1 of a turn): a player who has the key cost in Æmber must
    forge a key then; it is not a choice, so the turn's first step forges it (playtest 6 slip
    K3: a reminder let the turn pass without the key). The step records it under `forged`, so
    `/kf forge` keeps to one key a turn; a third key wins (the step's consequences)."""
    cost = player.value("keycost", KEY_COST)
    aember, keys = player.counter("aember"), player.counter("keys")
    if aember is None or keys is None:
        return
    with step.told():  # the note tells it
        await step.adjust(player, aember.id, "aember", -cost)
        after = await step.adjust(player, keys.id, "keys", 1)
    now = await step.fresh()
    step.tx.params[FORGED] = {
        "player": player.name,
        "turn": [now.round, now.game.active_seat],
        "keys": after,
    }
    step.note("tracker.note.kf_forged_at_start", name=player.name, cost=cost, keys=after)
