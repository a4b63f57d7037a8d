"""Warhammer Fantasy Battles' answers to the generic tracker (`bot/tracker/plugin.py`)."""

from __future__ import annotations

import random
from collections.abc import Collection, Mapping
from typing import TYPE_CHECKING

from bot.games.whfb import rounds
from bot.games.whfb.rules import named_wizard
from bot.tracker.model import Participant, Unit
from bot.tracker.plugin import GamePlugin

if TYPE_CHECKING:
    from bot.tracker.step import Step

WIZARDS = "wizards"
WIZARD = "wizard"  # a unit's own mark: it is a wizard (playtest 7, W4)


class WhfbPlugin(GamePlugin):
    """The next side's magic phase empties both pools; the wizards on the table are counted."""

    async def next_round(self, step: Step, rng: random.Random) -> None:
        await rounds.next_round(step, rng)

    def unit_values(self, name: str, values: dict[str, int]) -> dict[str, int]:
        """A unit whose name names a wizard («Архимаг Тени») is one without `traits:маг`."""
        if WIZARD in values and named_wizard(name):
            return {**values, WIZARD: 1}
        return values

    def unit_note(self, note: str, values: Mapping[str, int]) -> str:
        """«Новый маг» for a wizard, «Новое подразделение» for any other unit (W4)."""
        return "tracker.note.wizard_added" if values.get(WIZARD) else note

    def untyped_notes(self, typed: Collection[str]) -> list[str]:
        """EN-6 WF-2: a unit added without its Wounds is recorded with 1, and says so, so a
        wizard is not destroyed by its first wound unawares."""
        return [] if "wounds_max" in typed else ["tracker.note.whfb_wounds_default"]

    def note_says(self, note: str) -> frozenset[str]:
        """«Новый маг» already says the unit is a wizard: no «· маг» after it (playtest 8, W3)."""
        return frozenset({WIZARD}) if note == "tracker.note.wizard_added" else frozenset()

    def piece_kind(self, unit: Unit) -> str:
        """A wizard falls as «Маг «X»», any other unit as «Подразделение «X»» (W4)."""
        return WIZARD if unit.value(WIZARD) > 0 else unit.kind

    async def unit_added(self, step: Step, unit: str, owner: Participant) -> None:
        """A wizard put on the table is one more of its side's wizards, whose dice the Winds of
        Magic roll (seed 002:47), so the board never lists a wizard beside «маги 0» (W2); any
        other unit adds nothing (playtest 7, W4), and a side's first one says how wizards are
        marked (scout W1)."""
        fresh = await step.fresh()
        added = next((u for u in fresh.units if u.name == unit), None)
        counter = owner.counter(WIZARDS)
        if counter is not None and added is not None and added.value(WIZARD) > 0:
            await step.adjust(owner, counter.id, WIZARDS, 1)
        elif added is not None and len(fresh.units_of(owner.id)) == 1:
            # scout W1: how to mark a wizard, once: with a side's first unit, not a wizard
            step.note("tracker.note.whfb_wizard_hint")

    async def leave_play(self, step: Step, unit: Unit) -> None:
        """A wizard off the table no longer adds to the winds (seed 002:49); another unit
        never counted."""
        if unit.value(WIZARD) <= 0:
            return
        owner = (await step.fresh()).participant(unit.owner_id)
        counter = owner.counter(WIZARDS) if owner is not None else None
        if owner is not None and counter is not None and counter.value > 0:
            await step.adjust(owner, counter.id, WIZARDS, -1)


PLUGIN = WhfbPlugin()
