"""Berserk CCG strikes: closed mode (one d6) and fight mode (both roll; a data table decides).

The fight table lives in `fight.toml` so a judge can correct it without code.
"""

from __future__ import annotations

import random
import re
import tomllib
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from bot.dice.errors import BadMode, BadStrikeKind, BadValues, FightSimpleOnly
from bot.dice.faces import roll_d6
from bot.dice.ranges import check_range

KINDS = ("miss", "weak", "medium", "strong")
STRIKE_KINDS = ("simple", "shot", "throw", "discharge", "magic")
MODES = ("auto", "closed", "fight")
MAX_VALUE = 20
MAX_MOD = 10
MAX_CLUMSINESS = 6
FIGHT_TABLE = Path(__file__).with_name("fight.toml")


@dataclass(frozen=True)
class Values:
    """Wounds of a weak, medium and strong strike (`X-Y-Z`)."""

    weak: int
    medium: int
    strong: int

    def wounds(self, kind: str) -> int:
        return 0 if kind == "miss" else int(getattr(self, kind))

    def text(self) -> str:
        return f"{self.weak}-{self.medium}-{self.strong}"

    def label(self) -> str:
        """`3` for «выстрел на 3» (X means X-X-X, seed 001:17), else `2-3-4`."""
        same = self.weak == self.medium == self.strong
        return str(self.weak) if same else self.text()


_VALUES = re.compile(r"^\s*(\d{1,3})(?:\s*[-/–]\s*(\d{1,3})\s*[-/–]\s*(\d{1,3}))?\s*$")


def parse_values(text: str, name: str = "values") -> Values:
    """`X-Y-Z` or one number X meaning X-X-X; anything else is `BadValues`."""
    m = _VALUES.match(text)
    if not m:
        raise BadValues(name, text)
    x = int(m.group(1))
    y = int(m.group(2)) if m.group(2) else x
    z = int(m.group(3)) if m.group(3) else x
    if max(x, y, z) > MAX_VALUE:
        raise BadValues(name, text)
    if not x <= y <= z:  # a printed strike never wounds less as it gets stronger (weak ≤ strong)
        raise BadValues(name, text, descending=True)
    return Values(x, y, z)


@dataclass(frozen=True)
class FightRow:
    attacker: str
    defender: str
    min: int | None = None
    max: int | None = None
    both_min: int | None = None
    both_max: int | None = None

    def matches(self, a: int, d: int) -> bool:
        diff = a - d
        return (
            (self.min is None or diff >= self.min)
            and (self.max is None or diff <= self.max)
            and (self.both_min is None or min(a, d) >= self.both_min)
            and (self.both_max is None or max(a, d) <= self.both_max)
        )


@cache
def fight_table(path: Path = FIGHT_TABLE) -> tuple[FightRow, ...]:
    """The rows of the fight table; a malformed file raises ValueError naming the problem."""
    data: dict[str, Any] = tomllib.loads(path.read_text("utf-8"))
    rows: list[FightRow] = []
    for i, raw in enumerate(data.get("row", [])):
        row = FightRow(**raw)
        if row.attacker not in KINDS or row.defender not in KINDS:
            raise ValueError(f"{path.name}: row {i + 1} has an unknown strike kind")
        rows.append(row)
    return tuple(rows)


def table_problems(rows: tuple[FightRow, ...], span: int = 20) -> list[str]:
    """Pairs of modified rolls (within ±span) matched by no row or by more than one."""
    problems: list[str] = []
    for a in range(-span, span + 1):
        for d in range(-span, span + 1):
            hits = sum(1 for r in rows if r.matches(a, d))
            if hits != 1:
                problems.append(f"rolls {a} vs {d}: {hits} matching rows")
    return problems


@cache
def fight_row(attacker_roll: int, defender_roll: int) -> FightRow:
    """The first row matching two modified rolls: its `both_*` bounds say when the rolls
    themselves, not only their difference, decided (playtest 14, B1)."""
    for row in fight_table():
        if row.matches(attacker_roll, defender_roll):
            return row
    raise ValueError(f"fight table has no row for {attacker_roll} vs {defender_roll}")


def fight_outcome(attacker_roll: int, defender_roll: int) -> tuple[str, str]:
    """`(attacker kind, defender kind)` for two modified rolls, from the first matching row."""
    row = fight_row(attacker_roll, defender_roll)
    return row.attacker, row.defender


@cache
def value_differences() -> tuple[int, ...]:
    """The differences at which the table also looks at the rolls' values (`both_*` rows)."""
    found = {
        r.min
        for r in fight_table()
        if (r.both_min is not None or r.both_max is not None) and r.min is not None
    }
    return tuple(sorted(found))


def closed_kind(total: int) -> str:
    """Closed mode: 3 or less weak, 4–5 medium, 6 or more strong."""
    if total <= 3:
        return "weak"
    return "medium" if total <= 5 else "strong"


@dataclass(frozen=True)
class BerserkStrike:
    values: Values
    kind: str = "simple"
    mode: str = "auto"
    mod: int = 0
    blessing: bool = False
    clumsiness: int = 0
    defender_values: Values | None = None
    defender_mod: int = 0
    defender_blessing: bool = False
    defender_clumsiness: int = 0

    def checked(self) -> BerserkStrike:
        if self.kind not in STRIKE_KINDS:
            raise BadStrikeKind(self.kind)
        if self.mode not in MODES:
            raise BadMode(self.mode)
        if self.mode == "fight" and self.kind != "simple":
            raise FightSimpleOnly()
        for name, lo, hi in (
            ("mod", -MAX_MOD, MAX_MOD),
            ("defender_mod", -MAX_MOD, MAX_MOD),
            ("clumsiness", 0, MAX_CLUMSINESS),
            ("defender_clumsiness", 0, MAX_CLUMSINESS),
        ):
            check_range(name, getattr(self, name), lo, hi)
        return self

    @property
    def fight(self) -> bool:
        """Fight mode: asked for, or by default for a simple strike (at an open card)."""
        return self.mode == "fight" or (self.mode == "auto" and self.kind == "simple")

    @property
    def defender_given(self) -> bool:
        """Any defender option set: worth saying it is unused when the strike is closed."""
        return (
            self.defender_values is not None
            or self.defender_mod != 0
            or self.defender_blessing
            or self.defender_clumsiness != 0
        )

    @property
    def attacker_mods(self) -> tuple[int, int, int]:
        """mod, +1 for Blessing (it does not stack), −X Clumsiness on simple strikes only; kept
        apart so the roll line shows each (`2 + 1 − 1 = 2`, English walk 6, BK-1)."""
        clumsy = self.clumsiness if self.kind == "simple" else 0
        return (self.mod, 1 if self.blessing else 0, -clumsy)

    @property
    def attacker_mod(self) -> int:
        return sum(self.attacker_mods)

    @property
    def defender_mods(self) -> tuple[int, int, int]:
        """The defender's mod, +1 Blessing, −X Clumsiness (only a simple strike is fought out,
        and the glossary's Clumsiness also hits the card that repels a simple strike)."""
        return (self.defender_mod, 1 if self.defender_blessing else 0, -self.defender_clumsiness)

    @property
    def defender_total_mod(self) -> int:
        return sum(self.defender_mods)


@dataclass
class BerserkResult:
    strike: BerserkStrike
    fight: bool
    attacker_roll: int
    attacker_total: int
    attacker_kind: str
    wounds: int
    defender_roll: int | None = None
    defender_total: int | None = None
    defender_kind: str = "miss"
    defender_wounds: int | None = None

    @property
    def difference(self) -> int | None:
        if self.defender_total is None:
            return None
        return self.attacker_total - self.defender_total


def strike_kinds(strike: BerserkStrike, a_roll: int, d_roll: int | None) -> tuple[str, str]:
    """`(attacker kind, defender kind)` for natural d6 rolls (`d_roll` None in closed mode).

    The one place the modifiers meet the tables: the roller and `/odds berserk` both call it.
    """
    if d_roll is None:
        return closed_kind(a_roll + strike.attacker_mod), "miss"
    return fight_outcome(a_roll + strike.attacker_mod, d_roll + strike.defender_total_mod)


def roll_strike(strike: BerserkStrike, rng: random.Random) -> BerserkResult:
    strike.checked()
    a_roll = roll_d6(rng)
    a_total = a_roll + strike.attacker_mod
    if not strike.fight:
        kind, _ = strike_kinds(strike, a_roll, None)
        return BerserkResult(strike, False, a_roll, a_total, kind, strike.values.wounds(kind))
    d_roll = roll_d6(rng)
    d_total = d_roll + strike.defender_total_mod
    a_kind, d_kind = strike_kinds(strike, a_roll, d_roll)
    back = strike.defender_values.wounds(d_kind) if strike.defender_values else None
    return BerserkResult(
        strike,
        True,
        a_roll,
        a_total,
        a_kind,
        strike.values.wounds(a_kind),
        d_roll,
        d_total,
        d_kind,
        back,
    )
