"""The miscast table's row is said with its roll (playtest 2, M8): seed 002 names the miscast
(two sixes: the spell cannot be dispelled) but holds no table, so the rulebook's 2D6 bands."""

from __future__ import annotations

import random

import pytest

from bot.games.whfb.dice import roll_cast
from bot.games.whfb.rules import MISCAST_BANDS, miscast_row
from bot.games.whfb.ui.view import cast_reply
from bot.i18n import LANGUAGES, catalogue, t


def test_every_2d6_total_has_exactly_one_row() -> None:
    for total in range(2, 13):
        assert sum(low <= total <= high for low, high, _ in MISCAST_BANDS) == 1
    assert miscast_row(2) == miscast_row(4) == "dice.whf.miscast_row.2_4"
    assert miscast_row(7) == "dice.whf.miscast_row.7"
    assert miscast_row(12) == "dice.whf.miscast_row.10_12"
    with pytest.raises(ValueError):
        miscast_row(13)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_row_is_worded(lang: str) -> None:
    for _, _, band in MISCAST_BANDS:
        assert catalogue().lookup_exact(f"dice.whf.miscast_row.{band}", lang)


def test_an_irresistible_cast_says_what_the_miscast_does() -> None:
    rng = random.Random(0)
    result = next(r for r in (roll_cast(6, 1, 5, rng) for _ in range(200)) if r.irresistible)
    total = sum(result.miscast)
    reply = cast_reply(lambda key, **p: t(key, "ru", **p), result)
    row = t(miscast_row(total), "ru")
    a, b = result.miscast
    assert f"Магический сбой: 2D6 = {a} + {b} = **{total}** — {row}" in reply.body
    assert "маг получает магический сбой" in reply.body and "провал" not in reply.body  # W2
