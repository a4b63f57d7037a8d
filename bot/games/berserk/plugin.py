"""Berserk's answers to the generic tracker (`bot/tracker/plugin.py`)."""

from __future__ import annotations

import random
from collections.abc import Collection, Mapping
from typing import TYPE_CHECKING

from bot.games.berserk import rounds, tracker
from bot.tracker.model import Unit
from bot.tracker.plugin import GamePlugin, StatNote

if TYPE_CHECKING:
    from bot.tracker.step import Step


class BerserkPlugin(GamePlugin):
    """«Броня X» on wounds; the turn resets it."""

    async def next_round(self, step: Step, rng: random.Random) -> None:
        await rounds.next_round(step, rng)

    async def before_damage(self, step: Step, unit: Unit, amount: int) -> int:
        return await tracker.before_wounds(step, unit, amount)

    def stat_note(
        self, key: str, value: int, values: Mapping[str, int] | None = None
    ) -> StatNote | None:
        """What Броня X prevented this turn, beside the armor itself (seed 001:37): «armor 1
        (used this turn)», not «armor 1 · Armor 1 used this turn» (English walk 6, BK-3)."""
        used = (values or {}).get("armor_used", 0)
        if key != "armor" or used <= 0:
            return None
        if used >= value:
            return StatNote("live.berserk_armor_spent", {})
        return StatNote("live.berserk_armor_part", {"n": used})

    def untyped_notes(self, typed: Collection[str]) -> list[str]:
        """Playtest 20, B2: a card added without its lives gets 1, and the reply says so, or its
        first wound kills it unawares."""
        return [] if "life" in typed else ["tracker.note.berserk_life_default"]

    def board_hides(self, key: str) -> bool:
        """This turn's prevented wounds are told in the note of the armor that prevented them."""
        return key == "armor_used"


PLUGIN = BerserkPlugin()
