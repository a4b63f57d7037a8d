"""Conquest's round: a new round, the first-player token passes."""

from __future__ import annotations

import random

from bot.tracker.rounds import pass_turn
from bot.tracker.step import Step


async def next_round(step: Step, rng: random.Random) -> None:
    """New round; the first-player token passes. Resources and cards are counted by hand."""
    await pass_turn(step, new_round=True)
