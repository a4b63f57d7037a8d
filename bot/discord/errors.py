"""One place that answers every failure: expected ones with their own message, the rest with an id.

A user never sees a traceback. Unexpected errors get a short apology carrying an 8-hex-digit id;
the same id is logged with the traceback so an operator can find it.
"""

from __future__ import annotations

import logging
import math
from typing import Any

import discord
from discord import app_commands

from bot.discord.context import reply_language
from bot.discord.respond import send_reply
from bot.i18n import t
from bot.metrics import count_error, count_fault
from bot.registry import UserError, new_error_id
from bot.reply import Reply
from bot.storage.dedupe import DuplicateInteraction
from bot.storage.errors import StorageFault

log = logging.getLogger("arbiter.discord")

# Discord's "Missing Permissions" and "Missing Access": the bot may not do this in the channel.
PERMISSION_CODES = frozenset({50013, 50001})
# "Request entity too large": a file over the attachment limit (a second guard behind export's).
TOO_LARGE = 40005
# What the bot needs in a channel to answer and keep a live board, in the order they are named.
CHANNEL_PERMISSIONS = (
    "view_channel",
    "send_messages",
    "embed_links",
    "attach_files",
    "read_message_history",
)


def missing_permissions(granted: discord.Permissions | None) -> list[str]:
    """The channel permissions the bot needs but lacks (all of them if Discord sent none)."""
    if granted is None:
        return list(CHANNEL_PERMISSIONS)
    return [name for name in CHANNEL_PERMISSIONS if not getattr(granted, name)]


def permission_message(granted: discord.Permissions | None, code: int, lang: str) -> str:
    """What the user is told when Discord answers 50013/50001: which permissions are missing."""
    missing = missing_permissions(granted)
    if not missing:  # Discord refused something the interaction did not show as missing
        return t("discord.error.forbidden", lang, code=code)
    names = ", ".join(t(f"discord.perm.{name}", lang) for name in missing)
    return t("discord.error.missing_permissions", lang, permissions=names, code=code)


def describe_error(
    error: BaseException, lang: str, granted: discord.Permissions | None = None
) -> tuple[str, bool]:
    """`(text, expected)`: the user-facing message for `error` in `lang`.

    `granted` is what the interaction says the bot may do in the channel (`app_permissions`).
    """
    if isinstance(error, app_commands.CommandInvokeError):
        error = error.original
    if isinstance(error, discord.HTTPException) and error.code in PERMISSION_CODES:
        return permission_message(granted, error.code, lang), True
    if isinstance(error, discord.HTTPException) and error.code == TOO_LARGE:
        return t("discord.error.too_large", lang, code=error.code), True
    if isinstance(error, discord.HTTPException) and error.status >= 500:  # Discord's own fault
        return t("discord.error.http", lang, status=error.status, code=error.code), True
    if isinstance(error, UserError):
        return t(error.key, lang, **error.params), True
    if isinstance(error, StorageFault):  # a database fault: what is wrong, nothing was changed
        return t(error.key, lang), True
    if isinstance(error, app_commands.TransformerError):
        return t("discord.error.bad_value", lang, value=str(error.value)[:100]), True
    if isinstance(error, app_commands.CommandOnCooldown):
        return t("error.cooldown", lang, seconds=math.ceil(error.retry_after)), True
    if isinstance(error, app_commands.BotMissingPermissions):
        return t("discord.error.bot_missing_permissions", lang), True
    if isinstance(
        error,
        app_commands.MissingPermissions | app_commands.MissingAnyRole | app_commands.MissingRole,
    ):
        return t("error.no_permission", lang), True
    if isinstance(error, app_commands.NoPrivateMessage):
        return t("discord.error.guild_only", lang), True
    if isinstance(error, app_commands.CheckFailure):
        return t("discord.error.check_failed", lang), True
    if isinstance(error, app_commands.CommandNotFound | app_commands.CommandSignatureMismatch):
        return t("discord.error.out_of_date", lang), True
    return "", False


async def report_error(interaction: discord.Interaction[Any], error: BaseException) -> None:
    """Answer `interaction` ephemerally about `error`, logging unexpected ones with an id."""
    if isinstance(getattr(error, "original", error), DuplicateInteraction):
        log.info("interaction %s was applied already; this delivery is ignored", error)
        return  # the delivery that applied it answers; Discord takes one answer
    lang = reply_language(interaction)
    granted = getattr(interaction, "app_permissions", None)
    text, expected = describe_error(error, lang, granted)
    name = interaction.command.qualified_name if interaction.command else "component"
    original = getattr(error, "original", error)
    if expected and isinstance(original, discord.HTTPException):
        log.warning(  # one line: what Discord refused, with its status and code
            "%s: Discord answered HTTP %s (code %s): %s",
            name,
            original.status,
            original.code,
            original.text or "no message",
        )
    elif expected:
        if isinstance(original, StorageFault):  # one not met inside a handler's guard
            count_fault(original)
        log.info("%s: %s (%s)", name, type(error).__name__, error)
    else:
        count_error(name)
        error_id = new_error_id()
        log.error(
            "error %s in %s",
            error_id,
            name,
            exc_info=(type(original), original, original.__traceback__),
        )
        text = t("error.unexpected", lang, error_id=error_id)
    if interaction.type is discord.InteractionType.autocomplete:
        return  # an autocomplete cannot carry a message; the log has it
    try:
        await send_reply(interaction, Reply.error(text))
    except discord.HTTPException as exc:
        log.warning(
            "could not deliver the error message for %s: HTTP %s (code %s)",
            name,
            exc.status,
            exc.code,
        )


class ArbiterTree(app_commands.CommandTree[Any]):
    """The command tree whose `on_error` is the global handler for every app command."""

    async def on_error(
        self, interaction: discord.Interaction[Any], error: app_commands.AppCommandError, /
    ) -> None:
        await report_error(interaction, error)
