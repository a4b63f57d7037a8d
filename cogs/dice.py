"""The dice area on Discord: its commands come from the registry (`area="dice"`)."""

from __future__ import annotations

from discord.ext import commands

from bot.discord.cog import add_area_cog


async def setup(bot: commands.Bot) -> None:
    await add_area_cog(bot, "dice")
