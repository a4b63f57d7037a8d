"""The Mage Wars attack die and effect die, shared by the engines, the odds and `/roll`."""

from __future__ import annotations

import random
from dataclasses import dataclass


@dataclass(frozen=True)
class AttackFace:
    """One face of the attack die: blank, 1, 2, 1 critical or 2 critical."""

    value: int
    critical: bool = False

    @property
    def blank(self) -> bool:
        return self.value == 0

    def label(self) -> str:
        """Compact text: `·` for a blank, `2` for normal, `2*` for critical."""
        if self.blank:
            return "·"
        return f"{self.value}*" if self.critical else str(self.value)


BLANK = AttackFace(0)
# The six faces in order: blank, blank, 1, 2, 1 critical, 2 critical.
ATTACK_FACES: tuple[AttackFace, ...] = (
    BLANK,
    BLANK,
    AttackFace(1),
    AttackFace(2),
    AttackFace(1, critical=True),
    AttackFace(2, critical=True),
)
EFFECT_SIDES = 12


def roll_attack_die(rng: random.Random) -> AttackFace:
    return ATTACK_FACES[rng.randrange(6)]


def roll_attack_dice(n: int, rng: random.Random) -> list[AttackFace]:
    """n attack dice in one call (each face equally likely)."""
    return rng.choices(ATTACK_FACES, k=n)


def roll_effect_die(rng: random.Random) -> int:
    """The d12 effect die."""
    return rng.randint(1, EFFECT_SIDES)
