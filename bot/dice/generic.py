"""Generic `/roll` expressions through the `d20` library, with hard limits checked before rolling.

Shorthands on top of d20's syntax: `Na` rolls N Mage Wars attack dice (at most as many as
`/mw attack dice` takes), a bare `d12` is named the effect die, and `NdS!` (exploding dice, common
in chat) becomes d20's `NdSeS`.
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from functools import lru_cache
from types import SimpleNamespace
from typing import Any

import d20
import d20.expression

from bot.dice import cost
from bot.dice.errors import ExprError as UserError  # pure: no registry
from bot.dice.faces import MAX_ATTACK_DICE, AttackFace, roll_attack_dice
from bot.tracker.names import md

MAX_CHARS = 100
MAX_DICE = 1000
MAX_SIDES = 1000
_DIVISIONS = cost.DIVISIONS

_ATTACK = re.compile(r"^\s*(\d{0,4})\s*[aа]\s*$", re.IGNORECASE)  # Latin or Cyrillic a
_EFFECT = re.compile(r"^\s*1?d12\s*$", re.IGNORECASE)
_EXPLODE = re.compile(r"(\d*)d(\d+)!", re.IGNORECASE)


@dataclass(frozen=True)
class RolledDie:
    """One die of a d20 expression as rolled: a rerolled or dropped value has `kept` False."""

    value: int
    sides: int
    kept: bool


@dataclass
class ExprResult:
    expr: str
    kind: str  # "dice" (d20), "attack" (Mage Wars attack dice) or "effect" (the d12)
    total: int
    text: str
    faces: list[AttackFace] = field(default_factory=list)
    rolls: list[RolledDie] = field(default_factory=list)  # d20 dice, in the expression's order

    @property
    def normal(self) -> int:
        return sum(f.value for f in self.faces if not f.critical)

    @property
    def critical(self) -> int:
        return sum(f.value for f in self.faces if f.critical)


@contextmanager
def _seeded(rng: random.Random) -> Iterator[None]:
    """d20 draws from the module-level `random`; point it at the injected RNG for one roll.

    Rolls are synchronous and the bot runs one event loop, so nothing else rolls meanwhile.
    """
    original = d20.expression.random
    d20.expression.random = SimpleNamespace(randrange=rng.randrange)
    try:
        yield
    finally:
        d20.expression.random = original


def _dice_nodes(node: Any) -> Iterator[Any]:
    if isinstance(node, d20.ast.Dice):
        yield node
    for child in node.children:
        yield from _dice_nodes(child)


def _nodes(node: Any) -> Iterator[Any]:
    yield node
    for child in node.children:
        yield from _nodes(child)


def _zero(node: Any) -> bool:
    """A dice-free divisor that is 0 (or divides by zero itself): known before any roll."""
    if any(_dice_nodes(node)):
        return False  # `1d6/(1d2-1)`: only the roll can tell; caught after it
    try:
        return bool(d20.Roller().roll(d20.ast.Expression(node)).expr.total == 0)
    except d20.RollError:
        return True


def _divides_by_zero(tree: Any) -> bool:
    return any(
        isinstance(n, d20.ast.BinOp) and n.op in _DIVISIONS and _zero(n.right) for n in _nodes(tree)
    )


def _is_division(exc: d20.RollError) -> bool:
    """d20 turns Python's ZeroDivisionError into a RollValueError, and keeps it as context."""
    return isinstance(exc, d20.RollValueError) and isinstance(exc.__context__, ZeroDivisionError)


_SELECTS = frozenset({"k", "p"})  # keep, drop
_ADDS_DICE = frozenset({"e", "ra"})  # explode, reroll-and-add: more dice than were asked for
_BOUNDS = frozenset({"mi", "ma"})  # minimum, maximum: a plain number only


def _fixed_size(node: Any) -> int | None:
    """How many items a keep/drop on `node` picks from, or None if explosions decide it.

    `(4d6)kh3` keeps from the four dice inside the parentheses, as d20 does; a sum in
    parentheses, `(1d6+2)`, is one item."""
    if isinstance(node, d20.ast.Dice):
        return int(node.num)
    if isinstance(node, d20.ast.NumberSet):
        return len(node.values)
    if isinstance(node, d20.ast.OperatedSet):
        if any(op.op in _ADDS_DICE for op in node.operations):
            return None
        return _fixed_size(node.value)
    if isinstance(node, d20.ast.Parenthetical | d20.ast.AnnotatedNumber):
        return _fixed_size(node.value)
    return 1


def _check_selects(tree: Any, expr: str) -> None:
    """Keep/drop the highest or lowest N (`kh3`, `pl1`) must pick from 1 to the dice rolled:
    d20 silently keeps everything for `2d6kh5` and nothing for `1d6kh0`. After an explosion
    the count is only known from the roll, so there only 0 is refused."""
    for node in _nodes(tree):
        if not isinstance(node, d20.ast.OperatedSet):
            continue
        size = _fixed_size(node.value)
        for op in node.operations:
            if op.op in _ADDS_DICE:
                size = None
            if op.op in _BOUNDS and any(sel.cat is not None for sel in op.sels):
                raise UserError("dice.expr.syntax", expr=expr)  # `mi2`, not `mih2`
            if op.op not in _SELECTS:
                continue
            for sel in op.sels:
                if sel.cat not in ("h", "l"):
                    continue
                if sel.num < 1:
                    raise UserError("dice.expr.select_zero", expr=expr.strip(), sel=f"{op.op}{sel}")
                if size is not None and sel.num > size:
                    raise UserError(
                        "dice.expr.select_too_many",
                        expr=expr.strip(),
                        sel=f"{op.op}{sel}",
                        max=size,
                    )


def _check_cost(tree: Any, expr: str) -> None:
    """Refuse, before rolling, what could hold the bot: endless loops and too much work."""
    endless = cost.never_stops(tree)
    if endless is not None:
        raise UserError(
            "dice.expr.never_stops", expr=expr.strip(), op=endless.op, sides=endless.sides
        )
    if cost.estimate(tree) > cost.BUDGET:
        raise UserError("dice.expr.too_costly", expr=expr.strip(), extra=cost.MAX_EXTRA_ROLLS)


@lru_cache(maxsize=512)
def _parse(text: str) -> Any:
    """d20's syntax tree, parsed once per distinct expression (the roll reuses it)."""
    return d20.parse(text)


def check_expression(expr: str) -> str:
    """The d20 expression to roll, or a UserError if it breaks a limit (nothing is rolled)."""
    if len(expr) > MAX_CHARS:
        raise UserError("dice.expr.too_long", max=MAX_CHARS)
    if not expr.strip():
        raise UserError("dice.expr.syntax", expr=expr)
    text = _EXPLODE.sub(lambda m: f"{m.group(1)}d{m.group(2)}e{m.group(2)}", expr.strip())
    try:
        tree = _parse(text)
    except d20.RollSyntaxError:
        raise UserError("dice.expr.syntax", expr=expr) from None
    count = 0
    for dice in _dice_nodes(tree):
        size = 100 if dice.size == "%" else int(dice.size)
        if size > MAX_SIDES:
            raise UserError("dice.expr.too_many_sides", max=MAX_SIDES)
        # `0d6`, `1d0`: read, but nothing to roll; say which number is wrong (playtest 9, G3)
        if int(dice.num) < 1:
            raise UserError("dice.expr.no_dice", expr=expr.strip())
        if size < 1:
            raise UserError("dice.expr.no_sides", expr=expr.strip())
        count += int(dice.num)
    if count > MAX_DICE:
        raise UserError("dice.expr.too_many_dice", max=MAX_DICE)
    if _divides_by_zero(tree):
        raise UserError("dice.expr.division_by_zero", expr=expr.strip())
    _check_selects(tree, expr)
    _check_cost(tree, expr)
    return text


def _escape_annotations(node: Any) -> None:
    """Annotations (`1d20[fire]`) are typed text d20 repeats inside its markdown: escape them."""
    if getattr(node, "annotation", None):
        node.annotation = md(node.annotation)
    for child in node.children:
        _escape_annotations(child)


def roll_expr(expr: str, rng: random.Random) -> ExprResult:
    if len(expr) > MAX_CHARS:
        raise UserError("dice.expr.too_long", max=MAX_CHARS)
    attack = _ATTACK.match(expr)
    if attack:
        n = int(attack.group(1) or 1)
        if n < 1:
            raise UserError("dice.expr.no_dice", expr=expr.strip())
        if n > MAX_ATTACK_DICE:  # the same cap as `/mw attack dice`
            raise UserError("dice.expr.too_many_attack_dice", max=MAX_ATTACK_DICE)
        faces = roll_attack_dice(n, rng)
        total = sum(f.value for f in faces)
        return ExprResult(expr.strip(), "attack", total, " ".join(f.label() for f in faces), faces)
    text = check_expression(expr)
    tree = _parse(text)
    limit = cost.max_rolls(tree)
    roller = d20.Roller(d20.RollContext(max_rolls=limit))
    try:
        with _seeded(rng):
            result = roller.roll(tree)
        _escape_annotations(result.expr)
        total, shown = int(result.total), result.result  # d20 evaluates arithmetic lazily
    except d20.TooManyRolls:
        # The dice asked for were counted above, so only explosions or rerolls get here. The RNG
        # has moved, but nothing is shown or logged: the roll did not happen for anyone.
        raise UserError("dice.expr.too_many_extra", max=cost.MAX_EXTRA_ROLLS) from None
    except d20.RollError as exc:
        if _is_division(exc):  # a divisor that only the roll made 0: `1d6/(1d2-1)`
            raise UserError("dice.expr.division_by_zero", expr=expr.strip()) from None
        raise UserError("dice.expr.syntax", expr=expr) from None
    kind = "effect" if _EFFECT.match(expr) else "dice"
    return ExprResult(expr.strip(), kind, total, shown, rolls=_rolled(result.expr))


def _rolled_groups(node: Any, kept: bool = True) -> Iterator[tuple[Any, bool]]:
    """Each rolled `NdS` group (its dice are not children) and whether its branch is kept."""
    kept = kept and bool(node.kept)
    if isinstance(node, d20.expression.Dice):
        yield node, kept
        return
    for child in node.children:
        yield from _rolled_groups(child, kept)


def _rolled(node: Any) -> list[RolledDie]:
    """Every die value of a rolled d20 tree (rerolls included, marked as not kept)."""
    out: list[RolledDie] = []
    for group, kept in _rolled_groups(node):
        sides = 100 if group.size == "%" else int(group.size)
        for die in group.values:
            out.extend(
                RolledDie(int(v.number), sides, bool(kept and die.kept and v.kept))
                for v in die.values
            )
    return out
