"""Exact Warhammer Fantasy magic odds: casting, dispelling and the Winds pools."""

from __future__ import annotations

import itertools

import pytest

from bot.context import Ctx, Services, UserRef, stable_id
from bot.games.whfb.dice import cast_succeeds
from bot.games.whfb.odds import cast_odds, dispel_odds, winds_odds
from bot.games.whfb.ui.view import whf_odds_reply
from bot.registry import load_handlers, run_command
from bot.reply import Kind


def test_irresistible_force_with_three_dice() -> None:
    # P(two or more sixes on 3d6) = (3 * 5 + 1) / 216 = 0.0741
    assert round(cast_odds(3, 1, 7).irresistible, 4) == 0.0741


def test_whf_cast_and_dispel() -> None:
    # One die never casts a value above 6 + level, and a natural 1 or 2 always fails.
    assert cast_odds(1, 4, 5).success == pytest.approx(4 / 6)
    assert cast_odds(1, 1, 8).success == 0
    assert cast_odds(2, 0, 13).success == pytest.approx(1 / 36)  # only double six (Irresistible)
    assert dispel_odds(1, 0, 3) == pytest.approx(4 / 6)


@pytest.mark.parametrize("dice", range(1, 7))
@pytest.mark.parametrize("level", [1, 4])
@pytest.mark.parametrize("value", [1, 5, 9, 13])
def test_whf_cast_odds_are_exact(dice: int, level: int, value: int) -> None:
    """QA: 6 dice at level 4 against 1 gave success 0.9999999999999999 and «Провал: <0.1%»."""
    odds = cast_odds(dice, level, value)
    rolls = list(itertools.product(range(1, 7), repeat=dice))
    cast = sum(cast_succeeds(sum(r), r.count(6), level, value, r.count(1)) for r in rolls)
    forced = sum(r.count(6) >= 2 for r in rolls)
    assert (odds.cast, odds.forced, odds.rolls) == (cast, forced, len(rolls))
    assert odds.success == cast / len(rolls) and odds.fail == (len(rolls) - cast) / len(rolls)
    assert odds.plain == (cast - forced) / len(rolls)


def test_impossible_cast_reads_0_and_failure_100() -> None:
    # WF-5: two or more 1s fail, so no cast is certain any more; the exact ends still read clean.
    odds = cast_odds(1, 0, 7)
    assert odds.success == 0.0 and odds.fail == 1.0
    reply = whf_odds_reply(lambda key, **kw: f"{key}{sorted(kw.items())}", 1, 0, 7, odds)
    assert "('success', '0%')" in reply.body and "('fail', '100%')" in reply.body


def test_winds_pools_are_capped() -> None:
    power, dispel = winds_odds(5, 5)
    assert sum(power) == pytest.approx(1) and sum(dispel) == pytest.approx(1)
    assert len(power) == 13 and power[12] > 1 / 36
    assert dispel[0] == 0 and power[1] == 0


@pytest.mark.parametrize(
    ("path", "values", "option"),
    [
        (("odds", "whf"), {"dice": 0, "level": 1, "value": 5}, "«кубики»"),
        (("odds", "whf"), {"dice": 7, "level": 1, "value": 5}, "«кубики»"),
        (("odds", "whf"), {"dice": -1, "level": 1, "value": 5}, "«кубики»"),
        (("odds", "whf"), {"dice": 3, "level": 9, "value": 5}, "«уровень»"),
        (("odds", "whf"), {"dice": 3, "level": 1, "value": 10**6}, "«сложность»"),
        (("odds", "winds"), {"wizards": 10**6}, "«маги»"),
        (("odds", "winds"), {"wizards": -1}, "«маги»"),
        (("odds", "winds"), {"enemy_wizards": 21}, "«маги_врага»"),
    ],
)
async def test_out_of_range_odds_are_refused_in_words(
    services: Services, path: tuple[str, ...], values: dict[str, int], option: str
) -> None:
    """Issue 18: values past the options' bounds (a forged interaction; Discord's client keeps
    to them) crashed `/odds whf` (ValueError) and `/odds winds` (OverflowError)."""
    command = load_handlers().commands[path]
    ctx = Ctx(services, UserRef.from_name("alice"), stable_id("#table"), 1)
    reply = await run_command(command, ctx, values)  # an internal error would raise here
    assert reply.kind is Kind.ERROR and reply.ephemeral
    assert "вне допустимых пределов" in reply.body and option in reply.body
