"""Warhammer Fantasy Battles' answers to the generic tracker (`bot/tracker/plugin.py`)."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from bot.games.whfb import rounds
from bot.tracker.plugin import GamePlugin

if TYPE_CHECKING:
    from bot.tracker.step import Step


class WhfbPlugin(GamePlugin):
    """The next side's magic phase empties both pools."""

    async def next_round(self, step: Step, rng: random.Random) -> None:
        await rounds.next_round(step, rng)


PLUGIN = WhfbPlugin()
