"""Conquest's round: a new round, the first-player token passes, the headquarters phase."""

from __future__ import annotations

import random

from bot.games.conquest.rules import HQ_DRAW, HQ_RESOURCES
from bot.games.conquest.tracker import clear_old_shields
from bot.tracker.rounds import pass_turn
from bot.tracker.step import Step


async def next_round(step: Step, rng: random.Random) -> None:
    """New round; the first-player token passes. The headquarters phase that ends the round
    (published rules: each player draws 2 cards and gains 4 resources) gives the resources
    here, one line a player (playtest 8 slip C3: the players typed them every round); the
    cards are not tracked, so the reply only says to draw them."""
    await clear_old_shields(step)  # a game saved before EN-8 CQ-2 (docs/rules.md)
    step.note("tracker.note.cq_headquarters", cards=HQ_DRAW, resources=HQ_RESOURCES)
    for player in step.state.participants:
        with step.told():  # the note tells it
            cid = await step.ensure(player, "resources")
            before = player.value("resources")
            after = await step.adjust(player, cid, "resources", HQ_RESOURCES)
        step.note("tracker.note.cq_hq_gain", name=player.name, before=before, after=after)
    # Published rules: the headquarters phase readies every exhausted card (a defeated Warlord
    # too; it stays in its HQ until it is deployed again, by hand).
    for unit in step.state.units:
        exhausted = unit.counter("exhausted")
        if exhausted is not None and exhausted.value and not unit.destroyed:
            await step.set(unit, exhausted.id, "exhausted", 0)
    await pass_turn(step, new_round=True)
