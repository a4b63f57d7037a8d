"""Warhammer Fantasy magic-phase rules said in replies (seed `002_cdb2c0adec56e4a4.txt`)."""

from __future__ import annotations

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
