"""Conquest's answers to the generic tracker (`bot/tracker/plugin.py`)."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import TYPE_CHECKING

from bot.games.conquest import rounds, rules, tracker
from bot.tracker.model import Participant, Unit
from bot.tracker.plugin import GamePlugin, StatNote

if TYPE_CHECKING:
    from bot.tracker.step import Step
    from bot.tracker.templates import Template


class ConquestPlugin(GamePlugin):
    """The Warlord's two sides, shields, and the planets' icons."""

    async def next_round(self, step: Step, rng: random.Random) -> None:
        await rounds.next_round(step, rng)

    async def before_damage(self, step: Step, unit: Unit, amount: int) -> int:
        return await tracker.before_damage(step, unit, amount)

    def token_retired(self, key: str) -> bool:
        """The shield mark of a game saved before EN-8 CQ-2: shown, removable, never put on."""
        return key == rules.OLD_SHIELD

    def item_keys(self, tpl: Template, text: str) -> list[str]:
        return tracker.icon_keys(tpl, text)

    async def item_added(
        self, step: Step, player: Participant, list_name: str, keys: list[str], item: str = ""
    ) -> bool:
        return await tracker.item_added(step, player, list_name, keys, item)

    def damage_cap(self, kind: str, values: Mapping[str, int], default: int | None) -> int | None:
        return rules.damage_cap(kind, values, default)

    async def unit_hurt(self, step: Step, unit: Unit) -> bool | None:
        return await rules.unit_hurt(step, unit)

    def board_hides(self, key: str) -> bool:
        """The planet icons are told beside the planets (playtest 8 slip C5)."""
        return key in rules.ICONS

    def list_notes(self, list_name: str, values: Mapping[str, int]) -> list[StatNote]:
        """Beside the planets: each icon held, out of the three that win («материалы 2/3»)."""
        if list_name != "planets":
            return []
        return [
            StatNote(f"live.cq_icons.{icon}", {"n": values[icon], "win": rules.PLANETS_TO_WIN})
            for icon in rules.ICONS
            if values.get(icon, 0) > 0
        ]


PLUGIN = ConquestPlugin()
