"""The cog an area extension adds: it owns the area's app commands, built from the registry.

`cogs/<area>.py` calls `add_area_cog(bot, "<area>")` in its `setup`; an area that needs more
(listeners, a live-message manager) subclasses `AreaCog` or adds to `setup` after that call.
"""

from __future__ import annotations

from discord import app_commands
from discord.ext import commands

from bot.context import Services
from bot.discord.build import AppCommand, build_area
from bot.discord.context import services_of
from bot.registry import load_handlers


class AreaCog(commands.Cog):
    """Adds the area's app commands to the tree on load and removes them on unload."""

    def __init__(self, bot: commands.Bot, area: str) -> None:
        self.bot = bot
        self.area = area
        self.__cog_name__ = f"area:{area}"
        self.app_items: list[AppCommand] = build_area(load_handlers(), area)

    @property
    def services(self) -> Services:
        return services_of(self.bot)

    async def cog_load(self) -> None:
        for item in self.app_items:
            self.bot.tree.add_command(item)

    async def cog_unload(self) -> None:
        for item in self.app_items:
            kind = item.type if isinstance(item, app_commands.ContextMenu) else None
            if kind is None:
                self.bot.tree.remove_command(item.name)
            else:
                self.bot.tree.remove_command(item.name, type=kind)


async def add_area_cog(bot: commands.Bot, area: str, cog: AreaCog | None = None) -> AreaCog:
    """Build and add the cog of `area` (or the given subclass instance)."""
    instance = cog if cog is not None else AreaCog(bot, area)
    await bot.add_cog(instance)
    return instance
