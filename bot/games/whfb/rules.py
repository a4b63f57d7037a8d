"""Warhammer Fantasy magic-phase rules said in replies (seed `002_cdb2c0adec56e4a4.txt`)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from bot.tracker.model import Unit
from bot.tracker.names import norm

NO_WIZARD = 0  # dispel level 0: no wizard on the field


def dispel_notes(success: bool, level: int, named: bool = False) -> list[str]:
    """What a dispel's reply must add, as catalogue keys.

    Line 17 («Разрушение»): with no wizard on the battlefield the player may still dispel, with
    the pool's dice and no level added. A failed dispel: that wizard cannot try to dispel again
    this phase (the issue's reading, the same as for a failed cast, line 13); with no wizard
    there is nobody to bar. A wizard named at level 0 is not «no wizard» (playtest 3 slip 23):
    the note names them and says only that no level is added.
    """
    notes: list[str] = []
    if level == NO_WIZARD:
        notes.append("dice.whf.dispel_level0_named" if named else "dice.whf.dispel_no_wizard")
    if not success and level != NO_WIZARD:
        notes.append("dice.whf.dispel_fail_named" if named else "dice.whf.dispel_fail_note")
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


def foreign_wizard(units: Sequence[Unit], wizard: str, side_id: int) -> Unit | None:
    """The tracked wizard named `wizard` when it is another side's, else None (playtest 6, W3).

    Line 79: any wizard of the casting player may cast; line 17: one of the other player's
    wizards tries to dispel. So a wizard cast or dispels only for its own side, from its own
    pool. A name that is no tracked unit (or is also one of `side_id`'s) is not checked."""
    named = [u for u in units if not u.destroyed and norm(u.name) == norm(wizard)]
    if not named or any(u.owner_id == side_id for u in named):
        return None
    return named[0]


def not_a_wizard(units: Sequence[Unit], wizard: str, side_id: int) -> Unit | None:
    """The tracked unit named `wizard` when it is no wizard (playtest 18, W1): line 79 lets
    «любой маг» cast, line 17 lets a wizard dispel; a unit that is not one does neither. The
    side's own unit by that name first, else anyone's: a non-wizard of the other side is said to
    be no wizard, not to be that side's wizard (playtest 19, W2)."""
    named = [u for u in units if not u.destroyed and norm(u.name) == norm(wizard)]
    pool = [u for u in named if u.owner_id == side_id] or named
    return pool[0] if pool and not any(u.value("wizard") for u in pool) else None


def unknown_wizard(units: Sequence[Unit], wizard: str, side_id: int) -> list[str] | None:
    """The side's tracked wizards when `wizard` names no tracked unit at all while the side has
    some (playtest 12, W3: «Некромант» with only Архимаг on the board must be said); None when
    the name is a unit, or the side tracks no wizard (then any name is taken on trust)."""
    live = [u for u in units if not u.destroyed]
    if any(norm(u.name) == norm(wizard) for u in live):
        return None
    own = [u.name for u in live if u.owner_id == side_id and u.value("wizard")]
    return own or None


# ── the miscast table (2D6) ────────────────────────────────────────────────────────────────────
# Seed 002 says a cast with two or more sixes cannot be dispelled and ends in a miscast, but it
# holds no miscast table; the bands below are the published 8th-edition rulebook's 2D6 table,
# said briefly in the catalogue's own words (`dice.whf.miscast_row.<band>`).

MISCAST_BANDS: tuple[tuple[int, int, str], ...] = (
    (2, 4, "2_4"),
    (5, 6, "5_6"),
    (7, 7, "7"),
    (8, 9, "8_9"),
    (10, 12, "10_12"),
)


# The rows whose result is hits: their Strength is the players' rulebook's (seed 002 gives
# none, and the editions differ), so the reply sends them to it (playtest 18, W3).
MISCAST_HITS = frozenset({"2_4", "5_6", "7", "8_9"})


def miscast_hits(total: int) -> bool:
    """Whether the row of a 2D6 `total` deals hits the players roll from their own book."""
    return miscast_row(total).rsplit(".", 1)[1] in MISCAST_HITS


def miscast_row(total: int) -> str:
    """The catalogue key of the miscast table's row for a 2D6 `total` (2–12)."""
    for low, high, band in MISCAST_BANDS:
        if low <= total <= high:
            return f"dice.whf.miscast_row.{band}"
    raise ValueError(f"a 2D6 total is 2–12, not {total}")


# ── which tracked units are wizards (playtest 7, W4) ──────────────────────────────────────────

# Word stems that name a wizard in a unit's name, as players write army lists: «Архимаг Тени»,
# «Маг огня», «Шаман гоблинов», «Некромант». A unit named otherwise («Мечники Хоэта») is a wizard
# only with `traits:маг`: only wizards add dice to the Winds of Magic (seed 002:47), so a judge
# counts a unit as one only when the player says so.
WIZARD_STEMS = (
    "маг",
    "архимаг",
    "волшебни",
    "колдун",
    "чароде",
    "шаман",
    "некромант",
    "ведьм",
    "пророк",
    "провидец",
    "wizard",
    "mage",
    "archmage",
    "sorcere",
    "shaman",
    "necromancer",
    "witch",
    "warlock",
    "seer",
    "prophet",
)


def named_wizard(name: str) -> bool:
    """A word of `name` is a wizard's («маг», «маги», «Архимаг», «шаманы»), not a part of
    another word («Магнус» is no wizard by name: give it `traits:маг`)."""
    for word in norm(name).replace("-", " ").split():
        for stem in WIZARD_STEMS:
            if word == stem or (word.startswith(stem) and len(word) - len(stem) <= 3):
                if stem == "маг" and word not in ("маг", "мага", "магу", "магом", "маги", "магов"):
                    continue
                return True
    return False
