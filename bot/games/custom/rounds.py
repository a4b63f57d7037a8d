"""A custom game's turn: it passes, a round is counted when it comes back to the first seat."""

from __future__ import annotations

import random

from bot.tracker.rounds import pass_turn
from bot.tracker.step import Step


async def next_round(step: Step, rng: random.Random) -> None:
    await pass_turn(step, new_round=False)
