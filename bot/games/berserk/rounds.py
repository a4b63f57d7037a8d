"""Berserk's turn: the turn passes and the new active player opens their closed creatures."""

from __future__ import annotations

import random

from bot.games.berserk.tracker import reset_armor
from bot.tracker.rounds import pass_turn, turn_number
from bot.tracker.step import Step


async def next_round(step: Step, rng: random.Random) -> None:
    """The turn passes; Броня X counts afresh; the new active player opens their creatures, and
    the reply says so in one line (playtest 10, B3: seed 001:53 «Активный игрок откроет свои
    карты на Шаге открытия», 001:37 Броня Х counts «от начала хода»)."""
    ended = turn_number(step.state)
    player = await pass_turn(step, new_round=False)
    await reset_armor(step)
    if player is None:
        return
    step.note("tracker.note.turn_start_berserk", name=player.name, ended=ended)
    for unit in step.state.units_of(player.id):
        closed = unit.counter("closed")
        if closed is not None and closed.value:
            await step.set(unit, closed.id, "closed", 0)
