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
from bot.registry import UserError, new_error_id
from bot.reply import Reply
from bot.storage.errors import StorageFault

log = logging.getLogger("arbiter.discord")


def describe_error(error: BaseException, lang: str) -> tuple[str, bool]:
    """`(text, expected)`: the user-facing message for `error` in `lang`."""
    if isinstance(error, app_commands.CommandInvokeError):
        error = error.original
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
    lang = reply_language(interaction)
    text, expected = describe_error(error, lang)
    name = interaction.command.qualified_name if interaction.command else "component"
    if expected:
        log.info("%s: %s (%s)", name, type(error).__name__, error)
    else:
        error_id = new_error_id()
        original = getattr(error, "original", error)
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
    except discord.HTTPException:
        log.warning("could not deliver the error message for %s", name, exc_info=True)


class ArbiterTree(app_commands.CommandTree[Any]):
    """The command tree whose `on_error` is the global handler for every app command."""

    async def on_error(
        self, interaction: discord.Interaction[Any], error: app_commands.AppCommandError, /
    ) -> None:
        await report_error(interaction, error)
