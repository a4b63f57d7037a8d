"""KeyForge's own tracker command: `/kf forge`."""

from __future__ import annotations

from bot.context import Ctx, UserRef
from bot.games.keyforge import forge as forging
from bot.handlers.tracker import AREA, outcome_reply
from bot.handlers.tracker_ops import table
from bot.handlers.tracker_refusals import refusals
from bot.registry import Option, command
from bot.reply import Reply
from bot.tracker.step import Outcome


async def forge(ctx: Ctx, player: UserRef | None = None) -> Outcome:
    """Forge a key for `player` (default: whoever acts), refusals in the reader's words."""
    with refusals(ctx):
        return await forging.forge(table(ctx), player)


@command("kf", "forge", area=AREA, options=[Option("player", UserRef)])
async def kf_forge(ctx: Ctx, player: UserRef | None = None) -> Reply:
    return outcome_reply(ctx, await forge(ctx, player))
