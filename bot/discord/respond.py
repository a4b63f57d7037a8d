"""Answer an interaction with a rendered reply, with follow-ups for what does not fit.

Discord wants an answer within 3 seconds. A handler still busy after `DEFER_AFTER` seconds gets
the interaction deferred (a "thinking…" state, or a silent acknowledgement for a component);
`send_reply` then fills in the deferred answer.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable
from typing import Any

import discord
from discord import InteractionResponseType as Kind

from bot.discord.context import reply_language
from bot.discord.mentions import discord_reply
from bot.discord.render import OutMessage, render_reply
from bot.i18n import t
from bot.reply import Reply

DEFER_AFTER = 2.0
PRIVATE_DEFER = "arbiter.private_defer"  # `Interaction.extras` key: deferred as ephemeral


async def within_deadline(
    interaction: discord.Interaction[Any],
    work: Awaitable[Reply],
    *,
    component: bool = False,
    private: bool = False,
) -> Reply:
    """Await `work`, deferring the interaction if it takes longer than `DEFER_AFTER`.

    A side task sleeps, then defers; the handler itself is awaited directly (no wrapper
    future), so cancellation and test harnesses see the real wait. A command whose answer
    will be private (`private`) is deferred privately: no «Arbiter думает…» in the channel.
    """
    started = asyncio.Event()

    async def defer_later() -> None:
        await asyncio.sleep(DEFER_AFTER)
        started.set()
        if not interaction.response.is_done():
            if private and not component:
                interaction.extras[PRIVATE_DEFER] = True
            await interaction.response.defer(thinking=not component, ephemeral=private)

    timer = asyncio.create_task(defer_later())
    try:
        return await work
    finally:
        if started.is_set():
            await asyncio.gather(timer, return_exceptions=True)  # let a started defer finish
        else:
            timer.cancel()


async def send_reply(
    interaction: discord.Interaction[Any], reply: Reply, *, edit_origin: bool = False
) -> None:
    """Answer `interaction` with `reply`.

    With `edit_origin` (component clicks whose reply asks for it) the message holding the
    component is replaced; otherwise a new message is sent, ephemeral when the reply says so.
    Works whether the interaction is unanswered, deferred or already answered (then the reply
    goes out as follow-ups).
    """
    response = interaction.response
    if reply.silent and interaction.type is discord.InteractionType.component:
        if not response.is_done():
            await response.defer()  # a component's defer is the silent "message update" ack
        return
    ids: dict[str, int] = getattr(interaction.client, "command_ids", {}) or {}
    messages = render_reply(discord_reply(reply, ids, reply_language(interaction)))
    first, rest = messages[0], messages[1:]
    kind = response.type
    if not response.is_done():
        if edit_origin and interaction.message is not None:
            await response.edit_message(**_edit_kwargs(first))
        else:
            await response.send_message(**_kwargs(first), ephemeral=reply.ephemeral)
    elif kind is Kind.deferred_channel_message and interaction.extras.get(PRIVATE_DEFER):
        if reply.ephemeral:  # the private "thinking…" becomes the private answer
            await interaction.edit_original_response(**_edit_kwargs(first))
        else:  # guessed wrong: settle the private note, then answer the channel
            note = t("discord.answered_publicly", reply_language(interaction))
            await interaction.edit_original_response(content=note)
            await interaction.followup.send(**_kwargs(first))
    elif kind is Kind.deferred_channel_message and reply.ephemeral:
        # The "thinking…" message is public and the first follow-up would only fill it in.
        # So: settle it with a neutral note, answer privately, then remove the note.
        note = t("discord.answered_privately", reply_language(interaction))
        await interaction.edit_original_response(content=note)
        await interaction.followup.send(**_kwargs(first), ephemeral=True)
        await interaction.delete_original_response()
    elif kind is Kind.deferred_channel_message or (
        kind is Kind.deferred_message_update and edit_origin
    ):
        await interaction.edit_original_response(**_edit_kwargs(first))
    else:
        await interaction.followup.send(**_kwargs(first), ephemeral=reply.ephemeral)
    for message in rest:
        await interaction.followup.send(**_kwargs(message), ephemeral=reply.ephemeral)


def _kwargs(message: OutMessage) -> dict[str, Any]:
    kwargs: dict[str, Any] = {"embeds": message.embeds}
    if message.attachments:
        kwargs["files"] = message.files()
    if message.view is not None:
        kwargs["view"] = message.view
    return kwargs


def _edit_kwargs(message: OutMessage) -> dict[str, Any]:
    """An edit replaces everything: embeds, attachments and components."""
    return {"embeds": message.embeds, "attachments": message.files(), "view": message.view}
