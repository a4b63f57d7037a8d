"""KeyForge's answers to the generic tracker (`bot/tracker/plugin.py`)."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import TYPE_CHECKING

from bot.games.keyforge import rounds, tracker
from bot.games.keyforge.rules import chain_penalty
from bot.tracker.model import Unit
from bot.tracker.plugin import GamePlugin, Holder, StatNote

if TYPE_CHECKING:
    from bot.tracker.step import Step


class KeyForgePlugin(GamePlugin):
    """Armor and ward, power 0 destroys, captured Æmber goes back, chains on the board."""

    zero_toughness_destroys = True  # a creature with power 0 is destroyed (rules.destroyed)

    async def next_round(self, step: Step, rng: random.Random) -> None:
        await rounds.next_round(step, rng)

    async def before_damage(self, step: Step, unit: Unit, amount: int) -> int:
        return await tracker.before_damage(step, unit, amount)

    async def leave_play(self, step: Step, unit: Unit) -> None:
        await tracker.leave_play(step, unit)

    async def place_tokens(self, step: Step, holder: Holder, key: str, count: int) -> bool:
        return await tracker.place_tokens(step, holder, key, count)

    def stat_note(
        self, key: str, value: int, values: Mapping[str, int] | None = None
    ) -> StatNote | None:
        """The chains counter says how many cards it costs on the draw."""
        if key == "chains" and value:
            return StatNote("live.chains_penalty", {"n": chain_penalty(value)})
        return None


PLUGIN = KeyForgePlugin()
