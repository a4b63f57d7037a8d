"""KeyForge's end of turn: the draw with the chain penalty, the turn passes, Check!."""

from __future__ import annotations

import random

from bot.games.keyforge.rules import HAND, KEY_COST, KEYS_TO_WIN, chain_penalty
from bot.tracker.rounds import pass_turn
from bot.tracker.step import Step

KF_HAND = HAND


async def next_round(step: Step, rng: random.Random) -> None:
    """End of turn: the draw (chains lower it, then one chain is shed), the turn passes, Check!

    The seed is silent on shedding; the tournament rule is that a player who draws with a chain
    penalty then sheds one chain. The tracker does not know the hand, so it assumes the draw.
    """
    state = step.state
    current = state.active_player
    if current is not None:
        chains = current.value("chains")
        penalty = chain_penalty(chains)
        step.note("tracker.note.hand", name=current.name, cards=KF_HAND - penalty, chains=chains)
        counter = current.counter("chains")
        if counter is not None and chains > 0:
            left = await step.adjust(current, counter.id, "chains", -1)
            step.note("tracker.note.chain_shed", name=current.name, chains=left)
    player = await pass_turn(step, new_round=False)
    if player is not None:
        cost = player.value("keycost", KEY_COST)
        if player.value("keys") < KEYS_TO_WIN and player.value("aember") >= cost:
            step.note("tracker.note.check", name=player.name)
