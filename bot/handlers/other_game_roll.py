"""Playtest 7, G1: a game's own roll (`/мв атака`, `/берсерк удар`, `/вфб ветры`) typed in a
channel that plays another game still rolls, but says the roll is not the running game's: else a
player who typed the wrong game's command reads a plausible result as part of the game."""

from __future__ import annotations

from bot.context import Ctx
from bot.games import find_game
from bot.handlers.tracker_ops import load_state
from bot.i18n import game_name
from bot.registry import Command, after_reply
from bot.reply import Reply


@after_reply
async def other_game_note(cmd: Command, ctx: Ctx, reply: Reply) -> Reply:
    """The reply of a command of game X, with a note when the channel's active game is not X."""
    owner = find_game(cmd.path[0]) if len(cmd.path) > 1 else None
    if owner is None:
        return reply
    state = await load_state(ctx.services.storage, ctx.channel_id)
    if state is None or not state.game.active or state.slug == owner:
        return reply
    note = ctx.t("dice.note.other_game", game=game_name(state.slug, ctx.lang))
    reply.body = f"{reply.body}\n{note}" if reply.body else note
    return reply
