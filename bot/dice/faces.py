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


MAX_ATTACK_DICE = 40  # the most attack dice one roll takes (`/mw attack dice`, `/roll 40a`)
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


FACE_INDEXES = range(len(ATTACK_FACES))


def roll_attack_indexes(n: int, rng: random.Random) -> list[int]:
    """n attack dice as indexes into ATTACK_FACES (each face equally likely, one call)."""
    return rng.choices(FACE_INDEXES, k=n)


def roll_attack_dice(n: int, rng: random.Random) -> list[AttackFace]:
    """n attack dice (the same draws as `roll_attack_indexes`)."""
    return [ATTACK_FACES[i] for i in roll_attack_indexes(n, rng)]


def roll_effect_die(rng: random.Random) -> int:
    """The d12 effect die (the same draw as `rng.randint(1, 12)`, without its call layers)."""
    return rng.randrange(EFFECT_SIDES) + 1


def roll_d6(rng: random.Random) -> int:
    """A d6 (the same draw as `rng.randint(1, 6)`)."""
    return rng.randrange(6) + 1
