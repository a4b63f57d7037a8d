"""Berserk's turn: the turn passes and the new active player opens their closed creatures."""

from __future__ import annotations

import random

from bot.games.berserk.tracker import reset_armor
from bot.tracker.rounds import pass_turn
from bot.tracker.step import Step


async def next_round(step: Step, rng: random.Random) -> None:
    """The turn passes; Броня X counts afresh; the new active player opens their creatures."""
    player = await pass_turn(step, new_round=False)
    await reset_armor(step)
    if player is None:
        return
    for unit in step.state.units_of(player.id):
        closed = unit.counter("closed")
        if closed is not None and closed.value:
            await step.set(unit, closed.id, "closed", 0)
