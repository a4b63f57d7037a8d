"""Warhammer Fantasy, magic phase: winds of magic, casting and dispelling."""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

from bot.registry import UserError

MAX_POOL = 12
MAX_CAST_DICE = 6
MAX_WIZARDS = 20
MAX_LEVEL = 4
MAX_VALUE = 60
IRRESISTIBLE_SIXES = 2
NATURAL_FAIL = 2  # a natural total of 1 or 2 always fails


def _check(name: str, value: int, lo: int, hi: int) -> None:
    if not lo <= value <= hi:
        raise UserError("error.out_of_range", name=name, value=value, min=lo, max=hi)


def _d6(n: int, rng: random.Random) -> list[int]:
    return [rng.randint(1, 6) for _ in range(n)]


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
    _check("wizards", wizards, 0, MAX_WIZARDS)
    _check("enemy_wizards", enemy_wizards, 0, MAX_WIZARDS)
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


def cast_succeeds(total: int, sixes: int, level: int, value: int) -> bool:
    """Irresistible Force always casts; else a natural 1–2 fails and total + level must reach CV."""
    if sixes >= IRRESISTIBLE_SIXES:
        return True
    return total > NATURAL_FAIL and total + level >= value


@dataclass
class CastResult:
    dice: list[int]
    level: int
    value: int
    success: bool
    irresistible: bool
    natural_fail: bool
    miscast: list[int] = field(default_factory=list)  # 2D6 for the miscast table

    @property
    def total(self) -> int:
        return sum(self.dice)

    @property
    def result(self) -> int:
        return self.total + self.level


def roll_cast(dice: int, level: int, value: int, rng: random.Random) -> CastResult:
    _check("dice", dice, 1, MAX_CAST_DICE)
    _check("level", level, 0, MAX_LEVEL)
    _check("value", value, 1, MAX_VALUE)
    rolled = _d6(dice, rng)
    sixes = rolled.count(6)
    irresistible = sixes >= IRRESISTIBLE_SIXES
    total = sum(rolled)
    result = CastResult(
        rolled,
        level,
        value,
        cast_succeeds(total, sixes, level, value),
        irresistible,
        total <= NATURAL_FAIL and not irresistible,
    )
    if irresistible:
        result.miscast = _d6(2, rng)
    return result


@dataclass
class DispelResult:
    dice: list[int]
    level: int
    against: int
    success: bool
    natural_fail: bool

    @property
    def total(self) -> int:
        return sum(self.dice)

    @property
    def result(self) -> int:
        return self.total + self.level


def roll_dispel(dice: int, level: int, against: int, rng: random.Random) -> DispelResult:
    """Same structure as casting: a natural 1–2 fails, total + level >= the casting result."""
    _check("dice", dice, 1, MAX_CAST_DICE)
    _check("level", level, 0, MAX_LEVEL)
    _check("against", against, 1, MAX_VALUE)
    rolled = _d6(dice, rng)
    total = sum(rolled)
    natural_fail = total <= NATURAL_FAIL
    success = not natural_fail and total + level >= against
    return DispelResult(rolled, level, against, success, natural_fail)


def winds_json(r: WindsResult) -> dict[str, Any]:
    return {
        "winds": r.winds,
        "wizard_rolls": r.wizard_rolls,
        "enemy_rolls": r.enemy_rolls,
        "power": r.power,
        "dispel": r.dispel,
        "power_lost": r.power_lost,
        "dispel_lost": r.dispel_lost,
    }


def cast_json(r: CastResult) -> dict[str, Any]:
    return {
        "dice": r.dice,
        "total": r.total,
        "level": r.level,
        "value": r.value,
        "result": r.result,
        "success": r.success,
        "irresistible": r.irresistible,
        "natural_fail": r.natural_fail,
        "miscast": r.miscast or None,
    }


def dispel_json(r: DispelResult) -> dict[str, Any]:
    return {
        "dice": r.dice,
        "total": r.total,
        "level": r.level,
        "against": r.against,
        "result": r.result,
        "success": r.success,
        "natural_fail": r.natural_fail,
    }
