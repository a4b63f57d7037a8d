"""`/roll` as typed: Cyrillic `к`/`д`, the expression echoed as typed, long rolls summarized."""

from __future__ import annotations

import random

import pytest

from bot.console import Console
from bot.dice.generic import roll_expr
from bot.handlers.dice_text import as_typed, normalize_expr


@pytest.mark.parametrize(
    ("typed", "read"),
    [
        ("2к6", "2d6"),
        ("2д6+1", "2d6+1"),
        ("к20", "d20"),
        ("1К6!", "1d6!"),
        ("4а", "4a"),
        ("д%", "d%"),
        ("2d6", "2d6"),
        ("кубик", "кубик"),  # a word is not a die
    ],
)
def test_cyrillic_dice_letters_read_as_d(typed: str, read: str) -> None:
    assert normalize_expr(typed) == read


def test_a_cyrillic_roll_is_the_same_roll_echoed_as_typed() -> None:
    latin = roll_expr("2d6+1", random.Random(5))
    cyrillic = as_typed(roll_expr(normalize_expr("2д6+1"), random.Random(5)), "2д6+1")
    assert cyrillic.total == latin.total
    assert cyrillic.expr == "2д6+1" and cyrillic.text.startswith("2д6 (")
    assert cyrillic.text.replace("2д6", "2d6") == latin.text


async def test_roll_echoes_what_was_typed(console: Console) -> None:
    out = await console.execute("/roll 1d6!")
    assert "1d6!" in out and "e6" not in out
    out = await console.execute("/roll 2к6")
    assert out.startswith("Бросок 2к6: ") and "✖" not in out


async def test_a_long_roll_is_summarized_with_the_full_list_in_a_file(console: Console) -> None:
    """QA: `/roll 1000d6` printed 4.5 kB of dice."""
    out = await console.execute("/roll 1000d6")
    assert len(out) < 600
    assert "…) = `" in out and "roll.txt" in out
    short = await console.execute("/roll 3d6")
    assert "roll.txt" not in short
