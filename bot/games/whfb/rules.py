"""Warhammer Fantasy magic-phase rules said in replies (seed `002_cdb2c0adec56e4a4.txt`)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from bot.tracker.names import norm

NO_WIZARD = 0  # dispel level 0: no wizard on the field


def dispel_notes(success: bool, level: int) -> list[str]:
    """What a dispel's reply must add, as catalogue keys.

    Line 17 («Разрушение»): with no wizard on the battlefield the player may still dispel, with
    the pool's dice and no level added. A failed dispel: that wizard cannot try to dispel again
    this phase (the issue's reading, the same as for a failed cast, line 13); with no wizard
    there is nobody to bar.
    """
    notes: list[str] = []
    if level == NO_WIZARD:
        notes.append("dice.whf.dispel_no_wizard")
    if not success and level != NO_WIZARD:
        notes.append("dice.whf.dispel_fail_note")
    return notes


# ── per-wizard state in a tracked game (seed 002 lines 13 and 79) ─────────────────────────────


@dataclass(frozen=True)
class MagicAttempt:
    """One cast or dispel made this phase by a named wizard of the player `user_id`."""

    user_id: int
    kind: str  # "cast" or "dispel"
    wizard: str
    spell: str
    success: bool


@dataclass(frozen=True)
class MagicRefusal:
    """Why a named wizard may not try: a catalogue key and its values."""

    key: str
    params: dict[str, str]


def wizard_refusal(
    attempts: Sequence[MagicAttempt], user_id: int, kind: str, wizard: str, spell: str = ""
) -> MagicRefusal | None:
    """Line 13 and line 79: a wizard who failed to cast uses no more magic this phase; each
    wizard casts each spell once per phase. A wizard who failed to dispel does not dispel again
    this phase (the issue's reading)."""
    mine = [a for a in attempts if a.user_id == user_id and norm(a.wizard) == norm(wizard)]
    if kind == "cast":
        if any(a.kind == "cast" and not a.success for a in mine):
            return MagicRefusal("dice.whf.wizard_failed_cast", {"wizard": wizard})
        if spell and any(a.kind == "cast" and norm(a.spell) == norm(spell) for a in mine):
            return MagicRefusal("dice.whf.spell_once", {"wizard": wizard, "spell": spell})
    if kind == "dispel" and any(a.kind == "dispel" and not a.success for a in mine):
        return MagicRefusal("dice.whf.wizard_failed_dispel", {"wizard": wizard})
    return None
