"""The tracker area on Discord: its commands come from the registry (`area="tracker"`).

The cog also owns the live message manager, so every game change reaches the channel's
scoreboard from the moment the extension loads (after a restart too: the message id is stored).
"""

from __future__ import annotations

from discord.ext import commands

from bot.discord.cog import AreaCog, add_area_cog
from bot.discord.live import LiveMessageManager


class TrackerCog(AreaCog):
    """The tracker commands plus the live scoreboard manager, installed and removed with them."""

    def __init__(self, bot: commands.Bot) -> None:
        super().__init__(bot, "tracker")
        self.live = LiveMessageManager(bot, self.services)

    async def cog_load(self) -> None:
        await super().cog_load()
        self.live.install()

    async def cog_unload(self) -> None:
        self.live.uninstall()
        await super().cog_unload()


async def setup(bot: commands.Bot) -> None:
    await add_area_cog(bot, "tracker", TrackerCog(bot))
