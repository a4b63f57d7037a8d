"""Mage Wars' answers to the generic tracker (`bot/tracker/plugin.py`)."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import TYPE_CHECKING

from bot.games.mage_wars import GAME, effects, rounds, tracker, undo
from bot.tracker.model import Unit
from bot.tracker.plugin import GamePlugin, Holder, StatNote, UnitControl
from bot.tracker.records import StepRecord
from bot.tracker.templates import Template, template

if TYPE_CHECKING:
    from bot.tracker.ports import TrackerRepo
    from bot.tracker.step import Step


class MageWarsPlugin(GamePlugin):
    """Corrode beyond armor, Bleed and Finite Life on healing, Sleep → Daze, attack follow-ups."""

    async def next_round(self, step: Step, rng: random.Random) -> None:
        await rounds.next_round(step, rng)

    async def place_tokens(self, step: Step, holder: Holder, key: str, count: int) -> bool:
        return await tracker.place_tokens(step, holder, key, count)

    async def heal(self, step: Step, holder: Holder, points: int) -> bool:
        return await tracker.heal(step, holder, points)

    async def after_damage(self, step: Step, unit: Unit) -> None:
        await tracker.after_damage(step, unit)

    async def damaged_by_hand(self, step: Step, unit: Unit) -> None:
        # Seed 000:231 Rage: `/dmg` is read as an enemy's damage (docs/rules.md).
        await tracker.gain_rage(step, unit)

    def unit_controls(self) -> tuple[UnitControl, ...]:
        # Seed 000 lines 68, 271, 273: the end of the creature's action phase (`/mw act`).
        return (UnitControl("live.btn.mw_act", "mw.act"),)

    def read_trait(
        self, tpl: Template, key: str, number: int | None, rest: str, *, more: bool = False
    ) -> dict[str, int] | None:
        return effects.read_trait(tpl, key, number, rest, more=more)

    def board_hides(self, key: str) -> bool:
        return effects.is_fx(key)

    def echo_hides(self, key: str, value: int) -> bool:
        """Defense 0 is no defense (the attack says «защиты нет»), so «защита 0», read as 0+, is
        not echoed (playtest 13, M2)."""
        return key == "defense" and value == 0

    def stat_note(
        self, key: str, value: int, values: Mapping[str, int] | None = None
    ) -> StatNote | None:
        """A Counterstrike's or Damage Barrier's effect rows beside its dice; beside armor, the
        armor left after Corrode (seed 000:49: each token is Armor −1; playtest 9, M3)."""
        corrode = (values or {}).get("corrode", 0)
        if key == "armor" and corrode > 0:
            return StatNote("live.mw_corroded", {"armor": max(0, value - corrode)})
        trait = effects.NOTE_OF.get(key)
        if trait is None or not values or not effects.rows_of(values, trait):
            return None
        rows = effects.RowsText(values, trait, template(GAME.slug))
        return StatNote("live.mw_effects", {"rows": rows})

    def follows(self, step: StepRecord) -> int | None:
        value = step.params.get(undo.FOLLOWS)
        return value if isinstance(value, int) else None

    async def undo_span(self, repo: TrackerRepo, game_id: int, steps: int) -> int:
        return await undo.undo_span(repo, game_id, steps)

    async def redo_followups(
        self, repo: TrackerRepo, game_id: int, done: StepRecord
    ) -> list[StepRecord]:
        return await undo.redo_followups(repo, game_id, done)


PLUGIN = MageWarsPlugin()
