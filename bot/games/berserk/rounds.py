"""Berserk's turn: the turn passes and the new active player opens their closed creatures."""

from __future__ import annotations

import random
from dataclasses import dataclass

from bot.tracker.model import Unit
from bot.tracker.rounds import pass_turn, turn_number
from bot.tracker.step import Step


def _names(units: list[Unit]) -> str:
    return ", ".join(u.name for u in units)


@dataclass(frozen=True)
class ArmorBack:
    """The cards whose Броня X counts afresh, each with its own X in the reader's language:
    «Гном-воин (Броня 1)», not the title's placeholder «Броня Х» (playtest 13, B2; en-7, BK-3).
    The reply names it through `name(lang)`, as it names any such parameter."""

    cards: tuple[tuple[str, int], ...]
    stat: str  # the stat's name, "Броня" / "Armor", in each language
    stat_en: str

    def name(self, lang: str) -> str:
        word = self.stat if lang == "ru" else self.stat_en
        word = word[:1].upper() + word[1:]  # the ability's name, as the card writes it
        return ", ".join(f"{card} ({word} {x})" for card, x in self.cards)


async def next_round(step: Step, rng: random.Random) -> None:
    """The turn passes; Броня X counts afresh; the new active player opens their creatures, and
    the reply says so in one line (playtest 10, B3: seed 001:53 «Активный игрок откроет свои
    карты на Шаге открытия», 001:37 Броня Х counts «от начала хода»). The line names the cards
    still in play that open or get their Броня back, and no per-card line repeats it (English
    walk 6, BK-2): a destroyed card neither opens nor gets its armor back."""
    ended = turn_number(step.state)
    player = await pass_turn(step, new_round=False)
    armored = [u for u in step.state.units if u.value("armor_used") > 0 and not u.destroyed]
    opened = (
        [u for u in step.state.units_of(player.id) if u.value("closed") and not u.destroyed]
        if player is not None
        else []
    )
    if player is not None:
        key = "tracker.note.turn_start_berserk"
        key += ("_open" if opened else "") + ("_armor" if armored else "")
        armor = step.tpl.define("armor")
        back = ArmorBack(
            tuple((u.name, u.value("armor")) for u in armored), armor.name("ru"), armor.name("en")
        )
        step.note(key, name=player.name, ended=ended, opened=_names(opened), armored=back)
    since = len(step.changes)
    for unit in armored:
        used = unit.counter("armor_used")
        assert used is not None
        await step.set(unit, used.id, "armor_used", 0)
    for unit in opened:
        closed = unit.counter("closed")
        assert closed is not None
        await step.set(unit, closed.id, "closed", 0)
    if player is not None:
        step.cover(since)  # the line above names them: no «Knight: armor is restored» beside it
        await _poison_reminders(step, player.id)


async def _poison_reminders(step: Step, owner_id: int) -> None:
    """Playtest 12, B5: a poisoned card of the new active player is named once at the start of
    its owner's turn (001:53: «в начале хода» comes right after the cards open), with the
    command that deals its wounds: the seed leaves how many to the card (001:289 only keeps the
    marker), so the bot reminds and does not deal them (docs/rules.md)."""
    for unit in step.state.units_of(owner_id):
        poison = unit.value("poison")
        if poison > 0 and not unit.destroyed:
            step.note("tracker.note.berserk_poisoned", unit=unit.name, n=poison)
