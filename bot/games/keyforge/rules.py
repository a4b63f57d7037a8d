"""KeyForge's numbers and rules: the key cost, three keys to win, the chain penalty on the draw,
and what the tracker applies by itself (issue 9): Check!, armor and ward, capture and steal.

Seed lines refer to `glossary/sources/004_724e96b4e70e55e6.txt`; "Check!" and ward are from the
published rules (v1.8), which the seed does not hold. The step glue is `tracker.py`."""

from __future__ import annotations

from dataclasses import dataclass

KEYS_TO_WIN = 3
KEY_COST = 6
HAND = 6
FORGED = "forged"  # a `/game next` step's record of the key forged as the turn began (K3)


def chain_penalty(chains: int) -> int:
    """Cards fewer drawn for `chains` chains: 1–6 → 1, 7–12 → 2, 13–18 → 3, 19–24 → 4."""
    if chains <= 0:
        return 0
    return min(4, (chains - 1) // 6 + 1)


MAX_KEYS = KEYS_TO_WIN
DEFAULT_KEY_COST = KEY_COST
# What a token on a creature means, shown when it is put on (the catalogue holds the words).
TOKEN_MEANINGS = {
    "stun": "tracker.note.kf_stun_meaning",
    "enrage": "tracker.note.kf_enrage_meaning",
    "ward": "tracker.note.kf_ward_meaning",
}


def can_forge(aember: int, keys: int, cost: int) -> bool:
    """A key can be forged: fewer than three keys and at least the key cost in Æmber."""
    return keys < MAX_KEYS and aember >= cost


def destroyed(power: int, power_tokens: int, damage: int) -> bool:
    """A creature with damage at or above its power (with +1 power tokens) is destroyed; so a
    creature with power 0 is destroyed as it comes into play."""
    return damage >= power + power_tokens


@dataclass(frozen=True)
class Hit:
    """Damage coming at a creature: what armor absorbed, whether ward cancelled the rest, and
    the damage left to deal."""

    absorbed: int
    warded: bool
    dealt: int


def hit(amount: int, armor: int, armor_used: int, ward: int) -> Hit:
    """Line 39 (Броня): armor prevents that much damage each turn, what it prevented this turn
    is spent. Ward (published rules): the next time the creature would be dealt damage, the ward
    token is removed instead. Armor comes first: damage it prevents is never dealt, so a ward
    is spent only on damage that gets through."""
    if amount <= 0:
        return Hit(0, False, 0)
    absorbed = min(amount, max(0, armor - armor_used))
    rest = amount - absorbed
    if rest and ward > 0:
        return Hit(absorbed, True, 0)
    return Hit(absorbed, False, rest)


def take(amount: int, available: int) -> int:
    """Capture or steal `amount` Æmber from a pool holding `available`: as much as there is."""
    return max(0, min(amount, available))


@dataclass(frozen=True)
class Fight:
    """A fight as the published rules resolve it: the damage each side deals the other (before
    the other's armor and ward), and whether Elusive stopped it."""

    to_target: int
    to_attacker: int
    elusive: bool


def fight(attacker_power: int, target_power: int, *, elusive_first: bool) -> Fight:
    """Published rules, in our words: a fighting creature and the enemy creature it fights each
    deal damage equal to their power to the other at the same time. Elusive: the first time an
    elusive creature is attacked in a turn, neither creature deals any damage."""
    if elusive_first:
        return Fight(0, 0, True)
    return Fight(max(0, attacker_power), max(0, target_power), False)
