"""Mage Wars rolls that touch no tracked game: the escape roll and the push direction.

Kept apart from `commands.py` (the attack, effect and Burn rolls that may write to the game) so
each module stays small.
"""

from __future__ import annotations

from bot.context import Ctx
from bot.games.mage_wars.dice import roll_escape, roll_push
from bot.games.mage_wars.ui import view
from bot.handlers.dice import AREA, PRIVATE, finish, log_roll
from bot.registry import command
from bot.reply import Reply


@command("mw", "escape", area=AREA, options=[PRIVATE])
async def mw_escape(ctx: Ctx, private: bool = False) -> Reply:
    roll = roll_escape(ctx.services.rng)
    data = {"roll": roll.natural, "escaped": roll.success}
    outcome = "escaped" if roll.success else "stuck"
    summary = ("dice.summary.escape", {"value": roll.natural, "outcome": f"@{outcome}"})
    await log_roll(ctx, "mw escape", {}, data, summary, private)
    return finish(view.escape_reply(ctx.t, roll), private)


@command("mw", "push", area=AREA, options=[PRIVATE])
async def mw_push(ctx: Ctx, private: bool = False) -> Reply:
    roll, direction = roll_push(ctx.services.rng)
    data = {"roll": roll, "direction": direction}
    summary = ("dice.summary.push", {"direction": f"@direction.{direction}"})
    await log_roll(ctx, "mw push", {}, data, summary, private)
    return finish(view.push_reply(ctx.t, roll, direction), private)
