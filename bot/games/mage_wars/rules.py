"""Mage Wars rules the tracker applies by itself, as pure functions of a unit's counters.

Each function names the seed line it implements (`glossary/sources/000_c24c5dd4a3038de3.txt`).
The tracker glue (`bot/games/mage_wars/tracker.py`) reads the counters, calls these and writes
the result as one step; nothing here reads or writes storage.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

# Line 57 (Cripple) and line 271 (Stuck): «Существо Restrained»; line 251: Restrained gets −2 to
# every defense roll.
RESTRAINING = ("cripple", "stuck")
# Line 68 (Daze) and line 273 (Stun): every such token is removed at the end of the creature's
# action phase: at its `/mw act` (issue 16), or at the end of the round for a creature that was
# not marked as having acted (its action phase went by untracked).
END_OF_ACTION_PHASE = ("daze", "stun")
# The conditions that end on an escape roll of 7+ at the end of each action phase: Stuck (line
# 271) and Cripple (line 57, «может бросить кубик спасения»; English walk 12, MW-8).
ESCAPES = ("stuck", "cripple")
# The unit's marker «действовал» for this round (seed 000 line 238, Ready Marker): set by
# `/mw act`, cleared by `/game next`.
ACTED = "acted"
# Line 135 (Incapacitated): Stun, Slam and Sleep; such a creature cannot Guard, and a Guard
# token on it is removed at once.
INCAPACITATING = ("stun", "slam", "sleep")
# Line 119 (Guarding) and line 184 (Melee Attack): a melee attack removes the target's Guard.
GUARD = "guard"
# Line 281: each Tainted token counts as 3 damage that cannot be healed (the template's
# `damage_tokens`).


def nonliving(values: Mapping[str, int]) -> bool:
    """Line 189: Nonliving (Неживое); line 138: every Incorporeal object is Nonliving too. A unit
    is Living otherwise (line 165)."""
    return values.get("nonliving", 0) > 0 or values.get("incorporeal", 0) > 0


def finite_life(values: Mapping[str, int]) -> bool:
    """Line 107 (Finite Life, «нельзя лечиться»): set on the unit, or by default on a Nonliving
    one (lines 107 and 190), so a golem typed only «Неживое» is not healed or regenerated."""
    return values.get("finite_life", 0) > 0 or nonliving(values)


def end_of_round_clears(acted: bool) -> tuple[str, ...]:
    """The tokens `/game next` takes off a unit: Daze and Stun from one whose action phase went
    by untracked; none from one that acted (a Stun put on it after acting is for its next
    activation, lines 68 and 273)."""
    return () if acted else END_OF_ACTION_PHASE


def escapes_at_round_end(acted: bool, stuck: int) -> bool:
    """Line 271 (Stuck): «В конце каждой фазы действий» the stuck creature rolls to escape. A
    unit marked as having acted rolled at its `/mw act`; one whose action phase went by untracked
    rolls when `/game next` ends the round, as its Daze and Stun go then (playtest 12, M1)."""
    return not acted and stuck > 0


def restraining(tokens: Mapping[str, int]) -> str:
    """The token that makes the creature Restrained (Cripple or Stuck), or ''."""
    return next((key for key in RESTRAINING if tokens.get(key, 0) > 0), "")


@dataclass(frozen=True)
class CorrodeSplit:
    """Corrode tokens added: how many stay as tokens, how many turn into direct damage."""

    tokens: int
    damage: int


def corrode_split(
    armor: int, corrode: int, adding: int, *, incorporeal: bool = False
) -> CorrodeSplit:
    """Line 49: armor never goes below 0; each token beyond the armor is 1 direct damage instead.

    `armor` is the unit's printed armor, `corrode` the tokens it already holds. Corrode has no
    effect on an Incorporeal object (same line), so nothing is placed or dealt then.
    """
    if incorporeal or adding <= 0:
        return CorrodeSplit(0, 0)
    room = max(0, armor - corrode)
    placed = min(adding, room)
    return CorrodeSplit(placed, adding - placed)


@dataclass(frozen=True)
class Healing:
    """What `points` of healing or Regenerate do to a unit (lines 19, 107, 231, 245)."""

    damage: int  # damage removed
    bleed: int  # Bleed tokens removed (one per point, instead of one damage)
    rage: int  # Rage tokens removed
    blocked: bool  # Finite Life: nothing is healed, regenerated or removed


def heal(points: int, damage: int, bleed: int, rage: int, *, finite_life: bool) -> Healing:
    """Healing `points` on a unit with `damage`, `bleed` and `rage` tokens.

    Line 19 (Bleed): each point of healing may remove one Bleed token; the tracker's reading is
    that the point goes to a Bleed token instead of a damage, Bleed first (left alone, every
    token would deal that damage again each upkeep). Line 107 and line 19: Finite Life prevents
    healing, regeneration and the removal of Bleed. Line 231 (Rage): healing removes one Rage
    token, and all of them when no damage is left.
    """
    if points <= 0:
        return Healing(0, 0, 0, False)
    if finite_life:
        return Healing(0, 0, 0, True)
    off_bleed = min(points, bleed)
    off_damage = min(points - off_bleed, damage)
    healed = off_bleed + off_damage > 0
    rage_off = 0
    if rage and healed:
        rage_off = rage if damage - off_damage == 0 else 1
    return Healing(off_damage, off_bleed, rage_off, False)


@dataclass(frozen=True)
class Upkeep:
    """One unit's Upkeep once Burn is rolled: the damage, and Regenerate before or after it."""

    dealt: int  # Burn + Bleed + Rot, dealt as direct damage
    regenerate_first: bool  # damage first would be lethal, so Regenerate goes first
    healing: Healing
    lethal: bool  # the unit is destroyed by this upkeep


def upkeep(
    *,
    damage: int,
    burn: int,
    bleed: int,
    rot: int,
    regenerate: int,
    life: int,
    tainted: int = 0,
    rage: int = 0,
    finite_life: bool = False,
) -> Upkeep:
    """Burn (line 25: the rolled damage), Bleed (line 19: 1 per token), Rot (line 257: 1 per
    token), then Regenerate X (line 245).

    The controller orders upkeep effects. The tracker's default is damage first, Regenerate
    healing what it left; but when that damage would destroy the unit, Regenerate goes first
    (and the reply says so): it heals, and any Bleed token it removes deals no damage.
    """

    def damage_first() -> tuple[int, int, Healing]:
        dealt = burn + bleed + rot
        hurt = damage + dealt
        if hurt + tainted >= life > 0:  # destroyed before it could regenerate
            return dealt, hurt, Healing(0, 0, 0, finite_life and regenerate > 0)
        h = heal(regenerate, hurt, bleed, rage, finite_life=finite_life)
        return dealt, hurt - h.damage, h

    def regenerate_first() -> tuple[int, int, Healing]:
        h = heal(regenerate, damage, bleed, rage, finite_life=finite_life)
        dealt = burn + (bleed - h.bleed) + rot
        return dealt, damage - h.damage + dealt, h

    dealt, total, healing = damage_first()
    lethal = total + tainted >= life > 0
    first = False
    if lethal and regenerate > 0 and not finite_life and burn + bleed + rot > 0:
        dealt, total, healing = regenerate_first()
        first = True
        lethal = total + tainted >= life > 0
    return Upkeep(dealt, first, healing, lethal)


# ── what a hit does beyond its damage (issue 16) ───────────────────────────────────────────────


def vampiric_heal(dealt: int, *, living: bool) -> int:
    """Line 309 (Vampiric): an attack that damages a Living creature heals the attacker half the
    damage, rounded up; a kill counts only the life that was left (the tracker never counts
    overkill, so `dealt` is that already)."""
    return (dealt + 1) // 2 if living and dealt > 0 else 0


def mana_lost(dealt: int, drain: int, mana: int) -> int:
    """Line 178 (Mana Drain +X): an attack that damages a creature makes its controller lose X
    mana, as much as there is. Line 180 (Mana Transfer +X): the attacker's controller gains it."""
    return min(drain, max(0, mana)) if dealt > 0 and drain > 0 else 0


def melee_bonus(rage: int, growth: int) -> int:
    """Line 231 (Rage): each Rage token gives Melee +1; line 117 (Growth): each Growth token
    gives Melee +1. Melee +X goes to the first attack of the action only (line 182)."""
    return max(0, rage) + max(0, growth)


def upkeep_paid(cost: int, mana: int) -> bool | None:
    """Line 305 (Upkeep +X): pay X mana each Upkeep phase, or the object is destroyed. None: no
    upkeep; True: paid; False: the mage cannot pay, so the object is destroyed. The tracker pays
    whenever it can (a controller who would rather let it go undoes and removes it)."""
    if cost <= 0:
        return None
    return mana >= cost


@dataclass(frozen=True)
class Extinguished:
    """An Extinguish attack against a burning defender: the dice and effect die it loses."""

    dice: int
    bonus: int
    effect_bonus: int
    burn: int  # the Burn tokens it puts out (all of them)


def extinguish(
    dice: int, bonus: int, effect_bonus: int, burn: int, *, effect_floor: int
) -> Extinguished:
    """Line 100 (Extinguish): X = the defender's Burn tokens; the attack rolls X dice fewer (at
    least 1) and X is taken off the effect die; then every Burn token is removed. The first
    strike's dice are `dice + bonus`: what `dice` cannot lose comes off `bonus`."""
    if burn <= 0:
        return Extinguished(dice, bonus, effect_bonus, 0)
    left = dice - burn
    if left < 1:
        bonus = max(0, bonus - (1 - left))
        left = 1
    return Extinguished(left, bonus, max(effect_floor, effect_bonus - burn), burn)


def rage_gain(rage_max: int, held: int) -> int:
    """Line 231 (Rage +X): one Rage token when the creature attacks or an enemy damages it, as
    long as it holds fewer than X."""
    return 1 if rage_max > 0 and held < rage_max else 0
