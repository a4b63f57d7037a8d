"""`/roll` through d20: shorthands, the injected RNG, and limits checked before rolling."""

from __future__ import annotations

import random

import pytest

from bot.dice.errors import ExprError
from bot.dice.generic import check_expression, roll_expr


def test_seeded_rolls_repeat() -> None:
    assert roll_expr("10d6+3", random.Random(3)).text == roll_expr("10d6+3", random.Random(3)).text


def test_keep_highest_and_lowest() -> None:
    for seed in range(30):
        r = roll_expr("4d6kh3", random.Random(seed))
        assert 3 <= r.total <= 18
        r = roll_expr("2d20kl1+5", random.Random(seed))
        assert 6 <= r.total <= 25


def test_exploding_shorthand_becomes_d20_syntax() -> None:
    assert check_expression("1d6!") == "1d6e6"
    assert check_expression("3d10!+2") == "3d10e10+2"
    totals = {roll_expr("1d6!", random.Random(s)).total for s in range(200)}
    assert max(totals) > 6  # a six explodes


def test_attack_dice_shorthand() -> None:
    r = roll_expr("5a", random.Random(1))
    assert r.kind == "attack" and len(r.faces) == 5
    assert r.total == r.normal + r.critical
    assert roll_expr("a", random.Random(1)).faces  # one die
    assert roll_expr("3а", random.Random(1)).kind == "attack"  # Cyrillic а


def test_d12_is_the_effect_die() -> None:
    r = roll_expr("d12", random.Random(1))
    assert r.kind == "effect" and 1 <= r.total <= 12


@pytest.mark.parametrize(
    ("expr", "key"),
    [
        ("x" * 101, "dice.expr.too_long"),
        ("1001d6", "dice.expr.too_many_dice"),
        ("600d6+401d4", "dice.expr.too_many_dice"),
        ("(500d6, 501d6)kh1", "dice.expr.too_many_dice"),
        ("1d1001", "dice.expr.too_many_sides"),
        ("1d1e1", "dice.expr.never_stops"),  # explodes on every face: refused before rolling
        ("100d1!", "dice.expr.never_stops"),
        ("1001a", "dice.expr.too_many_attack_dice"),
        ("41a", "dice.expr.too_many_attack_dice"),  # `/mw attack dice` caps at 40 too
        ("1d6/0", "dice.expr.division_by_zero"),
        ("1d6%0", "dice.expr.division_by_zero"),
        ("1d6//(3-3)", "dice.expr.division_by_zero"),
        ("(1d6/0, 2)kh1", "dice.expr.division_by_zero"),
        ("0a", "dice.expr.no_dice"),
        ("0d6", "dice.expr.no_dice"),  # playtest 9, G3: the wrong number is named
        ("d0", "dice.expr.no_sides"),
        ("2d6+1d0", "dice.expr.no_sides"),
        ("1000d1000*1000d1000", "dice.expr.too_many_dice"),
        ("(1d6)^(1d6)", "dice.expr.syntax"),
        ("1d6!" * 25, "dice.expr.syntax"),
        ("2d", "dice.expr.syntax"),
        ("", "dice.expr.syntax"),
    ],
)
def test_limits_and_syntax(expr: str, key: str) -> None:
    rng = random.Random(1)
    state = rng.getstate()
    with pytest.raises(ExprError) as err:
        roll_expr(expr, rng)
    assert err.value.key == key
    if key != "dice.expr.too_many_extra":
        assert rng.getstate() == state  # checked before rolling: no die was drawn


def test_a_divisor_only_the_roll_makes_zero_is_refused_too() -> None:
    """`1d1-1` is always 0, but only after rolling: the draw happened, no result is returned."""
    with pytest.raises(ExprError) as err:
        roll_expr("1d6/(1d1-1)", random.Random(1))
    assert err.value.key == "dice.expr.division_by_zero"
    assert err.value.params == {"expr": "1d6/(1d1-1)"}


@pytest.mark.parametrize(
    ("expr", "total"), [("7%3", 1), ("7//2", 3), ("6/0.5", 12), ("10/(1+1)", 5)]
)
def test_division_by_non_zero_still_rolls(expr: str, total: int) -> None:
    assert roll_expr(expr, random.Random(1)).total == total


def test_attack_shorthand_takes_as_many_dice_as_mw_attack() -> None:
    from bot.games.mage_wars.dice import ATTACK_LIMITS

    top = ATTACK_LIMITS["dice"][1]
    assert len(roll_expr(f"{top}a", random.Random(1)).faces) == top
    with pytest.raises(ExprError) as err:
        roll_expr(f"{top + 1}a", random.Random(1))
    assert err.value.key == "dice.expr.too_many_attack_dice" and err.value.params == {"max": top}


def test_d20_global_random_is_restored() -> None:
    import d20.expression

    before = d20.expression.random
    roll_expr("3d6", random.Random(1))
    assert d20.expression.random is before


def test_exploding_dice_within_the_limit_roll() -> None:
    for seed in range(50):
        r = roll_expr("10d6!", random.Random(seed))
        assert r.total >= 10 and "e6" in r.text


@pytest.mark.parametrize(
    ("expr", "key", "params"),
    [
        ("2d6kh5", "dice.expr.select_too_many", {"sel": "kh5", "max": 2}),
        ("4d6pl5+1", "dice.expr.select_too_many", {"sel": "pl5", "max": 4}),
        ("(1d6,2d6)kh3", "dice.expr.select_too_many", {"sel": "kh3", "max": 2}),
        ("1d6kh0", "dice.expr.select_zero", {"sel": "kh0"}),
        ("3d6!kl0", "dice.expr.select_zero", {"sel": "kl0"}),
    ],
)
def test_keep_or_drop_count_must_fit_the_dice(
    expr: str, key: str, params: dict[str, object]
) -> None:
    """QA: `2d6kh5` silently kept both dice and `1d6kh0` gave 0; both are refused unrolled."""
    rng = random.Random(5)
    state = rng.getstate()
    with pytest.raises(ExprError) as err:
        roll_expr(expr, rng)
    assert err.value.key == key and err.value.params == {"expr": expr, **params}
    assert rng.getstate() == state


@pytest.mark.parametrize("expr", ["2d6kh2", "4d6pl1", "2d20kl1+5", "2d6!kh5", "2d6k5"])
def test_keep_or_drop_within_the_dice_still_rolls(expr: str) -> None:
    """Up to all the dice is fine; after an explosion the count is unknown, and `k5` (keep the
    fives) selects by value, not by count."""
    roll_expr(expr, random.Random(1))
