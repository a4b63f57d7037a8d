"""Warhammer Fantasy Battles' answers to the generic tracker (`bot/tracker/plugin.py`)."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from bot.games.whfb import rounds
from bot.tracker.model import Participant, Unit
from bot.tracker.plugin import GamePlugin

if TYPE_CHECKING:
    from bot.tracker.step import Step

WIZARDS = "wizards"


class WhfbPlugin(GamePlugin):
    """The next side's magic phase empties both pools; the wizards on the table are counted."""

    async def next_round(self, step: Step, rng: random.Random) -> None:
        await rounds.next_round(step, rng)

    async def unit_added(self, step: Step, unit: str, owner: Participant) -> None:
        """A wizard put on the table is one more of its side's wizards, whose dice the Winds of
        Magic roll (seed 002:47), so the board never lists a wizard beside «маги 0» (W2)."""
        counter = owner.counter(WIZARDS)
        if counter is not None:
            await step.adjust(owner, counter.id, WIZARDS, 1)

    async def leave_play(self, step: Step, unit: Unit) -> None:
        """A wizard off the table no longer adds to the winds (seed 002:49)."""
        owner = (await step.fresh()).participant(unit.owner_id)
        counter = owner.counter(WIZARDS) if owner is not None else None
        if owner is not None and counter is not None and counter.value > 0:
            await step.adjust(owner, counter.id, WIZARDS, -1)


PLUGIN = WhfbPlugin()
