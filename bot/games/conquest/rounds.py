"""Conquest's round: a new round, the first-player token passes, the headquarters reminder."""

from __future__ import annotations

import random

from bot.games.conquest.rules import HQ_DRAW, HQ_RESOURCES
from bot.tracker.rounds import pass_turn
from bot.tracker.step import Step


async def next_round(step: Step, rng: random.Random) -> None:
    """New round; the first-player token passes. The headquarters phase that ended the round
    (published rules: each player draws 2 cards and gains 4 resources) is a reminder: the
    resources are entered by hand, since cards change them."""
    step.note("tracker.note.cq_headquarters", cards=HQ_DRAW, resources=HQ_RESOURCES)
    # Playtest 4 slip 21: a line each player can type as it stands, not «… ресурсы 4».
    for player in step.state.participants:
        step.note("tracker.note.cq_hq_add", name=player.name, resources=HQ_RESOURCES)
    # Published rules: the headquarters phase readies every exhausted card (a defeated Warlord
    # too; it stays in its HQ until it is deployed again, by hand).
    for unit in step.state.units:
        exhausted = unit.counter("exhausted")
        if exhausted is not None and exhausted.value and not unit.destroyed:
            await step.set(unit, exhausted.id, "exhausted", 0)
    await pass_turn(step, new_round=True)
