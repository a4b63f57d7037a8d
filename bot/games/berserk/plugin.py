"""Berserk's answers to the generic tracker (`bot/tracker/plugin.py`)."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from bot.games.berserk import rounds, tracker
from bot.tracker.model import Unit
from bot.tracker.plugin import GamePlugin

if TYPE_CHECKING:
    from bot.tracker.step import Step


class BerserkPlugin(GamePlugin):
    """«Броня X» on wounds; the turn resets it."""

    async def next_round(self, step: Step, rng: random.Random) -> None:
        await rounds.next_round(step, rng)

    async def before_damage(self, step: Step, unit: Unit, amount: int) -> int:
        return await tracker.before_wounds(step, unit, amount)


PLUGIN = BerserkPlugin()
