"""What a Mage Wars card's Counterstrike and Damage Barrier carry, read from `/unit add traits:`.

Seed 000:52 «Counterstrike (Ответный удар)» has no number: the creature strikes back with its
quick melee attack (line 53), so «Ответный удар» alone marks `counterstrike_melee` and the dice
are its `melee` stat («Ответный удар 3» still gives them outright). Pure: the tracker calls these
through the game's plugin (`read_trait`).
"""

from __future__ import annotations

from collections.abc import Mapping

from bot.tracker.templates import Template

COUNTERSTRIKE = "counterstrike"
BARRIER = "barrier"
MELEE_COUNTER = "counterstrike_melee"  # Counterstrike with no number: its quick melee attack


def read_trait(tpl: Template, key: str, number: int | None, rest: str) -> dict[str, int] | None:
    """The counters a Counterstrike typed with no number sets; None for every other reading."""
    if key == COUNTERSTRIKE and number is None and not rest:
        return {MELEE_COUNTER: 1}
    return None


def counterstrike_dice(values: Mapping[str, int]) -> tuple[int, bool]:
    """The dice a unit counterstrikes with, and whether it has Counterstrike at all: its own
    number, else (Counterstrike with no number) its melee attack's dice, 0 when not set."""
    dice = values.get(COUNTERSTRIKE, 0)
    if dice:
        return dice, True
    if values.get(MELEE_COUNTER, 0):
        return values.get("melee", 0), True
    return 0, False
