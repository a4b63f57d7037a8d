"""The worst-case work of a parsed d20 expression, known before anything is rolled.

d20 re-scans a whole dice set for every selector on every pass of an explosion or reroll loop,
and its keep (`k`) runs one selection per kept die, so a 15-character expression can hold the
event loop for seconds. `estimate(tree)` bounds that work from the syntax tree alone, counting
*units*: one die rolled is `ROLL_UNITS`, one die visited by a selector is 1. Rolls are capped
by the caller at the dice asked for plus `MAX_EXTRA_ROLLS` (d20's `RollContext`), which is what
makes the bound hold however the dice fall. `never_stops(tree)` finds the loops that would only
end at that cap: an explosion or reroll whose selectors match every face of the die.

Pure: imports d20's syntax tree and nothing from the bot.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import d20

MAX_EXTRA_ROLLS = 100  # dice rolled by explosions and rerolls beyond those asked for
BUDGET = 50_000  # units; bench/dice.py shows the slowest accepted expression's time
ROLL_UNITS = 10  # rolling (and showing) one die costs about ten selector visits

DIVISIONS = frozenset({"/", "//", "%"})  # operators whose divisor `/roll` checks for 0
_LOOPS = frozenset({"e", "rr"})  # repeat until no die matches
_GROWS = frozenset({"e", "ra"})  # add dice to the set


@dataclass(frozen=True)
class Endless:
    """A loop that only the roll cap would end: `op` (e.g. "e1e2") on a die of `sides`."""

    op: str
    sides: str


def _faces(size: int | str) -> list[int]:
    """What one die of `size` can show: d20 rolls `d%` as 0, 10, …, 90."""
    if size == "%":
        return list(range(0, 100, 10))
    return list(range(1, int(size) + 1))


def _matches(sel: Any, face: int) -> bool:
    if sel.cat is None:
        return bool(face == sel.num)
    if sel.cat == "<":
        return bool(face < sel.num)
    if sel.cat == ">":
        return bool(face > sel.num)
    return False  # highest/lowest N: depends on the other dice


def _op_text(op: Any) -> str:
    return "".join(f"{op.op}{sel}" for sel in op.sels)


def nodes(node: Any) -> Iterator[Any]:
    """Every node of the tree, the root first."""
    yield node
    for child in node.children:
        yield from nodes(child)


def never_stops(tree: Any) -> Endless | None:
    """The first explosion or reroll that matches whatever the die shows, if any.

    `e` over every face explodes forever; `rr` over every face, or `rr` on the highest or
    lowest N (there always is one), rerolls forever.
    """
    for node in nodes(tree):
        if not isinstance(node, d20.ast.OperatedDice) or not isinstance(node.value, d20.ast.Dice):
            continue
        faces = _faces(node.value.size)
        for op in node.operations:
            if op.op not in _LOOPS:
                continue
            if op.op == "rr" and any(s.cat in ("h", "l") and s.num >= 1 for s in op.sels):
                return Endless(_op_text(op), str(node.value.size))
            if all(any(_matches(s, f) for s in op.sels) for f in faces):
                return Endless(_op_text(op), str(node.value.size))
    return None


def set_size(node: Any) -> int:
    """The most items an operator on `node` can see (its `set` in d20's terms)."""
    if isinstance(node, d20.ast.Dice):
        return int(node.num)
    if isinstance(node, d20.ast.OperatedSet):  # also OperatedDice
        grows = sum(
            MAX_EXTRA_ROLLS if op.op == "e" else 1 for op in node.operations if op.op in _GROWS
        )
        return set_size(node.value) + min(grows, MAX_EXTRA_ROLLS)
    if isinstance(node, d20.ast.NumberSet):
        return len(node.values)
    if isinstance(node, d20.ast.Parenthetical | d20.ast.AnnotatedNumber | d20.ast.Expression):
        return set_size(node.children[0])
    return 1  # a literal or an operation is one number


def _select_cost(op: Any, size: int) -> int:
    """One selection: every selector scans the set; highest/lowest also sort it."""
    return sum(size * (2 if sel.cat in ("h", "l") else 1) for sel in op.sels)


def _op_cost(op: Any, size: int) -> int:
    select = _select_cost(op, size)
    if op.op == "k":  # d20 selects again for every kept item
        return size * select + size
    if op.op in _LOOPS:  # each pass rolls at least one die, and rolls are capped
        passes = MAX_EXTRA_ROLLS + 1
        return passes * select + passes * ROLL_UNITS  # the last roll is the one refused
    if op.op == "ro":
        return select + size * ROLL_UNITS
    if op.op == "ra":
        return select + ROLL_UNITS
    return select + size  # p, mi, ma


def estimate(tree: Any) -> int:
    """Units of work the roll can take at most, with rolls capped as the module says."""
    total = 0
    for node in nodes(tree):
        if isinstance(node, d20.ast.Dice):
            total += int(node.num) * ROLL_UNITS
        elif isinstance(node, d20.ast.OperatedSet):
            size = set_size(node)
            total += sum(_op_cost(op, size) for op in node.operations)
        elif _checked_divisor(node):  # the zero check evaluates it once before the roll
            total += 1 + estimate(node.right)
        else:
            total += 1
    return total


def _checked_divisor(node: Any) -> bool:
    """A division whose divisor holds no dice: `/roll` evaluates that divisor up front, to
    refuse a division by zero before rolling, so its work is done twice."""
    return (
        isinstance(node, d20.ast.BinOp)
        and node.op in DIVISIONS
        and not any(isinstance(n, d20.ast.Dice) for n in nodes(node.right))
    )


def max_rolls(tree: Any) -> int:
    """The roll cap for d20's `RollContext`: the dice asked for plus the extra allowance, and
    without loops also the rerolls known in advance.

    A reroll-once (`ro`) rolls each die of its set again at most once, and a reroll-and-add
    (`ra`) one die: a known number, already priced by `estimate`, so `1000d6ro1` rolls instead
    of hitting a cap that only explosions and `rr` need. With an `e` or `rr` in the expression
    the cap stays as it was: the loops would spend any extra allowance, beyond what `estimate`
    prices them at.
    """
    asked = sum(int(n.num) for n in nodes(tree) if isinstance(n, d20.ast.Dice))
    operations = [
        (node, op)
        for node in nodes(tree)
        if isinstance(node, d20.ast.OperatedSet)
        for op in node.operations
    ]
    if any(op.op in _LOOPS for _, op in operations):
        return asked + MAX_EXTRA_ROLLS
    bounded = sum(  # on dice only: a reroll of a set's item (`(4d6)ro1`) rolls all its dice
        set_size(node) if op.op == "ro" else 1
        for node, op in operations
        if op.op in ("ro", "ra") and isinstance(node.value, d20.ast.Dice)
    )
    return asked + bounded + MAX_EXTRA_ROLLS
