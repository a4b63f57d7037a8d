"""Interaction to `Ctx` handlers take: who, where, which language, which rights."""

from __future__ import annotations

from typing import Any

import discord

from bot.context import Ctx, Services, UserRef
from bot.i18n import DEFAULT_LANGUAGE, pick_language

SERVICES_ATTR = "arbiter_services"


def services_of(client: Any) -> Services:
    """The services attached to a bot by `create_bot` (or by a test harness)."""
    services = getattr(client, SERVICES_ATTR, None)
    if not isinstance(services, Services):
        raise RuntimeError("this client has no Arbiter services attached")
    return services


def attach_services(client: discord.Client, services: Services) -> None:
    setattr(client, SERVICES_ATTR, services)


def language_of(interaction: discord.Interaction[Any], default: str) -> str:
    """The user's locale if Russian or English, else the guild's, else the configured default."""
    guild_locale = interaction.guild_locale.value if interaction.guild_locale else None
    return pick_language(interaction.locale.value, guild_locale, default=default)


def reply_language(interaction: discord.Interaction[Any]) -> str:
    """The language for texts the Discord layer adds itself (errors, notes), even without
    services attached (then the catalogue's default stands in for `ARBITER_LOCALE`)."""
    try:
        default = services_of(interaction.client).settings.locale
    except RuntimeError:
        default = DEFAULT_LANGUAGE
    return language_of(interaction, default)


def user_ref(user: discord.abc.User) -> UserRef:
    return UserRef(id=user.id, name=user.display_name)


def make_ctx(services: Services, interaction: discord.Interaction[Any]) -> Ctx:
    """The handler context for an interaction; `can_manage` is Manage Messages in this channel,
    `can_moderate` Manage Server or Manage Channels."""
    return Ctx(
        services=services,
        user=user_ref(interaction.user),
        channel_id=interaction.channel_id or 0,
        guild_id=interaction.guild_id,
        lang=language_of(interaction, services.settings.locale),
        can_manage=bool(interaction.guild_id and interaction.permissions.manage_messages),
        can_moderate=bool(interaction.guild_id and _moderates(interaction.permissions)),
    )


def _moderates(permissions: discord.Permissions) -> bool:
    """Server managers: Manage Server or Manage Channels (they may undo anyone's steps)."""
    return bool(permissions.manage_guild or permissions.manage_channels)
