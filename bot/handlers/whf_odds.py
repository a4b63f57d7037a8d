"""`/odds dispel` and `/odds winds`: the exact WFB odds the engine already computes (issue 9).

`/odds whf` keeps its contract (casting); these two show the other magic-phase rolls.
"""

from __future__ import annotations

from bot.context import Ctx
from bot.dice.chart import chart, percent
from bot.dice.odds import dispel_odds, winds_odds
from bot.dice.options import named
from bot.games.whfb.dice import MAX_CAST_DICE, MAX_LEVEL, MAX_VALUE, MAX_WIZARDS, check_magic
from bot.games.whfb.rules import dispel_notes
from bot.registry import command
from bot.reply import Field, Reply

AREA = "dice"


@command(
    "odds",
    "dispel",
    area=AREA,
    options=[
        named("dice", int, required=True, min_value=1, max_value=MAX_CAST_DICE),
        named("level", int, required=True, min_value=0, max_value=MAX_LEVEL),
        named("against", int, required=True, min_value=1, max_value=MAX_VALUE),
    ],
)
async def odds_dispel(ctx: Ctx, dice: int, level: int, against: int) -> Reply:
    """P(a dispel reaches the casting result), exact over the 6^dice rolls."""
    check_magic(dice, level, "against", against)
    p = dispel_odds(dice, level, against)
    lines = [ctx.t("dice.odds.dispel_body", success=percent(p), fail=percent(1 - p))]
    lines += [ctx.t(key) for key in dispel_notes(True, level)]
    return Reply(
        title=ctx.t("dice.odds.dispel_title", dice=dice, level=level, against=against),
        body="\n".join(lines),
    )


@command(
    "odds",
    "winds",
    area=AREA,
    options=[
        named("wizards", int, min_value=0, max_value=MAX_WIZARDS),
        named("enemy_wizards", int, min_value=0, max_value=MAX_WIZARDS),
    ],
)
async def odds_winds(ctx: Ctx, wizards: int = 0, enemy_wizards: int = 0) -> Reply:
    """The exact power and dispel pool sizes after the Winds of Magic (seed 002 lines 41–71)."""
    power, dispel = winds_odds(wizards, enemy_wizards)

    def rows(dist: list[float]) -> list[tuple[str, float]]:
        return [(str(n), p) for n, p in enumerate(dist) if p > 0]

    def mean(dist: list[float]) -> str:
        return f"{sum(n * p for n, p in enumerate(dist)):.2f}"

    return Reply(
        title=ctx.t("dice.odds.winds_title", wizards=wizards, enemy_wizards=enemy_wizards),
        body=ctx.t("dice.odds.winds_body", power=mean(power), dispel=mean(dispel)),
        fields=[
            Field(ctx.t("dice.odds.winds_power"), chart(rows(power))),
            Field(ctx.t("dice.odds.winds_dispel"), chart(rows(dispel))),
        ],
    )
