"""The custom game's answers to the generic tracker (`bot/tracker/plugin.py`)."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from bot.games.custom import rounds
from bot.tracker.plugin import GamePlugin

if TYPE_CHECKING:
    from bot.tracker.step import Step


class CustomPlugin(GamePlugin):
    """Only the turn passing of `rounds.py`."""

    async def next_round(self, step: Step, rng: random.Random) -> None:
        await rounds.next_round(step, rng)


PLUGIN = CustomPlugin()
