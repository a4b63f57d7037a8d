"""Run registry handlers for interactions: slash commands, autocomplete, menus and components."""

from __future__ import annotations

import logging
from typing import Any

import discord
from discord import app_commands

from bot import limits
from bot.discord.context import make_ctx, services_of, user_ref
from bot.discord.drain import drain_of, refuse_if_stopping
from bot.discord.errors import report_error
from bot.discord.respond import send_reply, within_deadline
from bot.metrics import measured
from bot.registry import (
    Command,
    MessageMenu,
    guarded,
    load_handlers,
    new_error_id,
    run_action,
    run_command,
)
from bot.reply import clip
from bot.storage.dedupe import delivering

log = logging.getLogger("arbiter.discord")

AUTOCOMPLETE_MAX = limits.CHOICES
CHOICE_NAME_MAX = limits.CHOICE_NAME
CHOICE_VALUE_MAX = limits.CHOICE_VALUE


def to_handler_value(value: Any) -> Any:
    """Discord objects handlers cannot see become neutral ones (a member becomes a `UserRef`)."""
    if isinstance(value, discord.abc.User):
        return user_ref(value)
    return value


async def run_slash(
    interaction: discord.Interaction[Any], cmd: Command, values: dict[str, Any]
) -> None:
    """Run the handler behind a slash command and send its reply.

    Unexpected exceptions propagate to the tree's `on_error` (the global handler).
    """
    if await refuse_if_stopping(interaction):
        return
    with drain_of(interaction.client).track(), measured(cmd.qualified_name) as outcome:
        delivering(interaction.id)
        ctx = make_ctx(services_of(interaction.client), interaction)
        clean = {k: to_handler_value(v) for k, v in values.items() if v is not None}
        private = cmd.private or clean.get("private") is True
        reply = await within_deadline(interaction, run_command(cmd, ctx, clean), private=private)
        await send_reply(interaction, reply)
        outcome.reply(reply)


async def run_menu(interaction: discord.Interaction[Any], menu: MessageMenu, text: str) -> None:
    if await refuse_if_stopping(interaction):
        return
    with drain_of(interaction.client).track(), measured(f"menu:{menu.key}") as outcome:
        delivering(interaction.id)
        ctx = make_ctx(services_of(interaction.client), interaction)
        reply = await within_deadline(interaction, guarded(ctx, menu.handler(ctx, text)))
        await send_reply(interaction, reply)
        outcome.reply(reply)


async def run_component(interaction: discord.Interaction[Any], action: str, payload: str) -> None:
    """A click or a selection: run the action, edit the origin or answer anew."""
    if await refuse_if_stopping(interaction):
        return
    known = action if action in load_handlers().actions else "unknown"  # labels: ours only
    with drain_of(interaction.client).track(), measured(f"action:{known}") as outcome:
        try:
            delivering(interaction.id)
            ctx = make_ctx(services_of(interaction.client), interaction)
            work = run_action(ctx, action, payload)
            reply = await within_deadline(interaction, work, component=True)
            await send_reply(interaction, reply, edit_origin=reply.edit_origin)
            outcome.reply(reply)
        except Exception as exc:  # the global handler answers; a component has no tree on_error
            await report_error(interaction, exc)


def coerce(option_type: type, value: str) -> str | int | float:
    """A registry choice value (always text) as the option's Discord type."""
    if option_type is int:
        return int(value)
    if option_type is float:
        return float(value)
    return value


async def run_autocomplete(
    interaction: discord.Interaction[Any], cmd: Command, option: str, current: str
) -> list[app_commands.Choice[Any]]:
    """Suggestions from the registry function, at most 25, names cut to Discord's 100."""
    opt = cmd.option(option)
    if opt is None or opt.autocomplete is None or drain_of(interaction.client).stopping:
        return []
    try:
        ctx = make_ctx(services_of(interaction.client), interaction)
        values = {
            o.name: to_handler_value(getattr(interaction.namespace, o.name, None))
            for o in cmd.options
        }
        values = {k: v for k, v in values.items() if v is not None}
        choices = await opt.autocomplete(ctx, current, values)
    except Exception:
        log.exception("error %s in autocomplete of %s", new_error_id(), cmd.qualified_name)
        return []
    out: list[app_commands.Choice[Any]] = []
    for choice in choices:
        if len(choice.value) > CHOICE_VALUE_MAX:
            continue  # a value Discord would refuse; the name alone cannot stand for it
        name = clip(choice.name, CHOICE_NAME_MAX)
        try:
            value = coerce(opt.type, choice.value)
        except ValueError:
            continue
        out.append(app_commands.Choice(name=name or choice.value, value=value))
        if len(out) == AUTOCOMPLETE_MAX:
            break
    return out
