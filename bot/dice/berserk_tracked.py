"""`target:` for `/berserk strike`: a tracked card's closed flag picks the mode by itself."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from bot.context import Ctx
from bot.games.berserk.rules import tracked_mode
from bot.registry import Choice
from bot.tracker import service
from bot.tracker.model import Unit

BERSERK = "berserk"


@dataclass(frozen=True)
class Aimed:
    unit: Unit
    closed: bool
    options: dict[str, Any]


async def aim(ctx: Ctx, target: str, options: dict[str, Any]) -> Aimed:
    """The card in this channel's Berserk game, and the options with its mode filled in."""
    state = await service.require_state(ctx)
    if state.slug != BERSERK:
        raise service.wrong_game(ctx, "/berserk strike", state.slug)
    holder = service.find_target(state, target)
    if not isinstance(holder, Unit):
        raise service.refusal("tracker.error.not_a_unit", name=target)
    closed = holder.value("closed") > 0
    out = dict(options)
    mode = tracked_mode(options.get("mode"), closed)
    if mode is not None:
        out["mode"] = mode
    return Aimed(holder, closed, out)


async def ac_berserk_target(ctx: Ctx, current: str, values: dict[str, Any]) -> list[Choice]:
    from bot.handlers.tracker import ac_target

    state = await service.load_state(ctx.services.storage, ctx.channel_id)
    if state is None or state.slug != BERSERK:
        return []
    return await ac_target(ctx, current, values)
