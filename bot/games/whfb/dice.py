"""Warhammer Fantasy, magic phase: winds of magic, casting and dispelling."""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from bot.dice.faces import roll_d6
from bot.dice.ranges import check_range

MAX_POOL = 12
MAX_CAST_DICE = 6
MAX_WIZARDS = 20
MAX_LEVEL = 4
MAX_VALUE = 60
IRRESISTIBLE_SIXES = 2
NATURAL_FAIL = 2  # a natural total of 1 or 2 always fails
DOUBLE_ONES = 2  # two or more 1s fail a cast or a dispel whatever the total (8th edition)


def _d6(n: int, rng: random.Random) -> list[int]:
    return [roll_d6(rng) for _ in range(n)]


@dataclass
class WindsResult:
    """2D6 winds: power = sum, dispel = higher die; each wizard's 6 adds a die; pools cap at 12."""

    winds: list[int]
    wizard_rolls: list[int]
    enemy_rolls: list[int]
    power: int
    dispel: int
    power_lost: int
    dispel_lost: int


def roll_winds(wizards: int, enemy_wizards: int, rng: random.Random) -> WindsResult:
    check_range("wizards", wizards, 0, MAX_WIZARDS)
    check_range("enemy_wizards", enemy_wizards, 0, MAX_WIZARDS)
    winds = _d6(2, rng)
    own = _d6(wizards, rng)
    enemy = _d6(enemy_wizards, rng)
    power = sum(winds) + own.count(6)
    dispel = max(winds) + enemy.count(6)
    return WindsResult(
        winds,
        own,
        enemy,
        min(power, MAX_POOL),
        min(dispel, MAX_POOL),
        max(0, power - MAX_POOL),
        max(0, dispel - MAX_POOL),
    )


def natural_fail(total: int, ones: int = 0) -> bool:
    """A natural total of 1 or 2, or two or more 1s, always fails, casting or dispelling:
    the 8th-edition rule, so 1-1-6 fails although 8 would reach the value (docs/rules.md)."""
    return total <= NATURAL_FAIL or ones >= DOUBLE_ONES


def cast_succeeds(total: int, sixes: int, level: int, value: int, ones: int = 0) -> bool:
    """Irresistible Force always casts (it outranks double 1s, docs/rules.md); else a natural
    fail fails and total + level must reach CV."""
    if sixes >= IRRESISTIBLE_SIXES:
        return True
    return not natural_fail(total, ones) and total + level >= value


def dispel_succeeds(total: int, level: int, against: int, ones: int = 0) -> bool:
    """The same structure as casting, without Irresistible Force: double 6 means nothing here."""
    return not natural_fail(total, ones) and total + level >= against


@dataclass
class MagicRoll:
    """The dice of a cast or a dispel and the wizard's level added to them."""

    dice: list[int]
    level: int

    @property
    def total(self) -> int:
        return sum(self.dice)

    @property
    def result(self) -> int:
        return self.total + self.level

    @property
    def natural_fail(self) -> bool:
        return natural_fail(self.total, self.dice.count(1))


@dataclass
class CastResult(MagicRoll):
    value: int
    success: bool
    irresistible: bool
    miscast: list[int] = field(default_factory=list)  # 2D6 for the miscast table

    @property
    def natural_fail(self) -> bool:
        return natural_fail(self.total, self.dice.count(1)) and not self.irresistible


def check_magic(dice: int, level: int, name: str, target: int) -> None:
    """`OutOfRange` for the first of a cast's or dispel's inputs out of range."""
    check_range("dice", dice, 1, MAX_CAST_DICE)
    check_range("level", level, 0, MAX_LEVEL)
    check_range(name, target, 1, MAX_VALUE)


def roll_cast(dice: int, level: int, value: int, rng: random.Random) -> CastResult:
    check_magic(dice, level, "value", value)
    rolled = _d6(dice, rng)
    sixes = rolled.count(6)
    irresistible = sixes >= IRRESISTIBLE_SIXES
    success = cast_succeeds(sum(rolled), sixes, level, value, rolled.count(1))
    result = CastResult(rolled, level, value, success, irresistible)
    if irresistible:
        result.miscast = _d6(2, rng)
    return result


@dataclass
class DispelResult(MagicRoll):
    against: int
    success: bool


def roll_dispel(dice: int, level: int, against: int, rng: random.Random) -> DispelResult:
    """Same structure as casting: a natural fail fails, total + level >= the casting result."""
    check_magic(dice, level, "against", against)
    rolled = _d6(dice, rng)
    success = dispel_succeeds(sum(rolled), level, against, rolled.count(1))
    return DispelResult(rolled, level, against, success)
