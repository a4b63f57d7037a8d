"""Conquest's own tracker command: `/planet` (a planet won goes on the player's list)."""

from __future__ import annotations

from bot.context import Ctx, UserRef
from bot.handlers.tracker import AREA, name_option
from bot.handlers.tracker_ops import table
from bot.handlers.tracker_quiet import change_reply
from bot.handlers.tracker_refusals import refusals
from bot.registry import Option, command
from bot.reply import Reply
from bot.tracker.step import Outcome
from bot.tracker.units import add_item

PLANETS = "planets"  # the template's list
COMMAND = "/planet"


async def add_planet(
    ctx: Ctx, name: str, player: UserRef | None = None, icons: str = ""
) -> Outcome:
    """Put a won planet on `player`'s list (default: whoever acts); a planet is won once.

    `icons`: the planet's icons; three planets sharing one win the game (issue 9)."""
    with refusals(ctx):
        return await add_item(table(ctx), PLANETS, name, player, command=COMMAND, icons=icons)


@command(
    "planet",
    area=AREA,
    options=[
        name_option(),
        Option("player", UserRef),
        Option("icons", str, max_length=100),
    ],
)
async def planet(
    ctx: Ctx, name: str, player: UserRef | None = None, icons: str | None = None
) -> Reply:
    return change_reply(ctx, await add_planet(ctx, name, player, icons or ""))
