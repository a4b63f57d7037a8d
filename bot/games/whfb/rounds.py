"""WFB's next magic phase: both pools empty until the Winds of Magic are rolled."""

from __future__ import annotations

import random

from bot.tracker.rounds import pass_turn
from bot.tracker.step import Step


async def next_round(step: Step, rng: random.Random) -> None:
    """The next side's magic phase: both pools are emptied until the Winds of Magic are rolled."""
    player = await pass_turn(step, new_round=False)
    for p in step.state.participants:
        for key in ("power", "dispel"):
            c = p.counter(key)
            if c is not None and c.value:
                await step.set(p, c.id, key, 0)
    if player is not None:  # playtest 7, W5: the phase's first step, not a silent reset
        step.note("tracker.note.whfb_phase_start", name=player.name)
