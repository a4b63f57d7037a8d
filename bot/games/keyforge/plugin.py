"""KeyForge's answers to the generic tracker (`bot/tracker/plugin.py`)."""

from __future__ import annotations

import random
from collections.abc import Collection, Mapping
from typing import TYPE_CHECKING

from bot.games.keyforge import rounds, tracker
from bot.games.keyforge.rules import chain_penalty
from bot.tracker.model import Unit
from bot.tracker.plugin import GamePlugin, Holder, StatNote

if TYPE_CHECKING:
    from bot.tracker.step import Step


SPENT = {"armor": "armor_used", "elusive": "elusive_used"}  # a stat → what this turn spent of it


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
        """The chains counter says how many cards it costs on the draw; armor and Elusive say
        in words what this turn has spent of them (playtest 6 slip K5: not «брони
        израсходовано 2» as a stat of its own)."""
        tokens = (values or {}).get("ptoken", 0)
        if key == "power" and tokens > 0:  # the board shows the sum; the note, what it is made of
            return StatNote("live.kf_power_tokens", {"power": value, "tokens": tokens})
        whole = (values or {}).get("power", 0) + tokens
        if key == "damage" and whole > value:  # what more it takes (en-9: no ❤ in KeyForge)
            return StatNote("live.kf_damage_left", {"n": whole - value})
        if key == "chains" and value:
            return StatNote("live.chains_penalty", {"n": chain_penalty(value)})
        used = (values or {}).get(SPENT.get(key, ""), 0)
        if key == "armor" and used > 0:
            if used >= value:
                return StatNote("live.kf_armor_spent", {})
            return StatNote("live.kf_armor_part", {"n": used})
        if key == "elusive" and used > 0:
            return StatNote("live.kf_elusive_spent", {})
        return None

    def untyped_notes(self, typed: Collection[str]) -> list[str]:
        """K1: a creature added without its power is recorded with power 1, and says so."""
        return [] if "power" in typed else ["tracker.note.kf_power_default"]

    def board_value(self, key: str, value: int, values: Mapping[str, int]) -> int:
        """Power with its power tokens, as players read a creature (9 + 3 tokens: power 12)."""
        return value + values.get("ptoken", 0) if key == "power" else value

    def board_hides(self, key: str) -> bool:
        """This turn's spent armor and Elusive are told in the note of the stat they spend;
        power tokens in the note of the power they add to."""
        return key in SPENT.values() or key == "ptoken"


PLUGIN = KeyForgePlugin()
