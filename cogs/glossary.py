"""The glossary area on Discord: its commands come from the registry (`area="glossary"`).

It also answers `[[term]]` in chat when `ARBITER_INLINE_LOOKUP` is on (the only feature that
needs the message-content intent, which the client requests only then).
"""

from __future__ import annotations

import logging

import discord
from discord.ext import commands

from bot.context import Ctx
from bot.discord.cog import add_area_cog
from bot.discord.context import services_of, user_ref
from bot.discord.render import render_reply
from bot.handlers.glossary_browse import inline_reply
from bot.i18n import pick_language

log = logging.getLogger("arbiter.glossary")


class InlineLookup(commands.Cog):
    """Replies to chat messages holding `[[term]]` with the entries (at most three per message)."""

    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot

    @commands.Cog.listener()
    async def on_message(self, message: discord.Message) -> None:
        if message.author.bot or "[[" not in message.content:
            return
        services = services_of(self.bot)
        # A chat message carries no user locale: answer in the server's language.
        guild_locale = message.guild.preferred_locale.value if message.guild else None
        ctx = Ctx(
            services=services,
            user=user_ref(message.author),
            channel_id=message.channel.id,
            guild_id=message.guild.id if message.guild else None,
            lang=pick_language(guild_locale, default=services.settings.locale),
        )
        try:
            reply = await inline_reply(ctx, message.content)
        except Exception:  # a chat message must never surface a traceback
            log.exception("inline lookup failed in channel %s", message.channel.id)
            return
        if reply is None:
            return
        none = discord.AllowedMentions.none()
        for i, out in enumerate(render_reply(reply)):
            if i == 0:
                await message.reply(
                    embeds=out.embeds,
                    view=out.view or discord.utils.MISSING,
                    allowed_mentions=none,
                    mention_author=False,
                )
            else:
                await message.channel.send(
                    embeds=out.embeds, view=out.view or discord.utils.MISSING, allowed_mentions=none
                )


async def setup(bot: commands.Bot) -> None:
    await add_area_cog(bot, "glossary")
    if services_of(bot).settings.inline_lookup:
        await bot.add_cog(InlineLookup(bot))
