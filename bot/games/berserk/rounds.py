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
    await _poison_reminders(step, player.id)


async def _poison_reminders(step: Step, owner_id: int) -> None:
    """Playtest 12, B5: a poisoned card of the new active player is named once at the start of
    its owner's turn (001:53: «в начале хода» comes right after the cards open), with the
    command that deals its wounds: the seed leaves how many to the card (001:289 only keeps the
    marker), so the bot reminds and does not deal them (docs/rules.md)."""
    for unit in step.state.units_of(owner_id):
        poison = unit.value("poison")
        if poison > 0 and not unit.destroyed:
            step.note("tracker.note.berserk_poisoned", unit=unit.name, n=poison)
