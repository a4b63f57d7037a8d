"""Persistent buttons and selects: one `DynamicItem` matches every `arb:<action>:<payload>` id.

The item carries no state beyond its custom id, so a click works after a restart as soon as the
class is registered with `bot.add_dynamic_items(ActionItem)` (done in the client's setup hook).
"""

from __future__ import annotations

import re
from typing import Any

import discord

from bot.reply import CUSTOM_ID_PREFIX

TEMPLATE = CUSTOM_ID_PREFIX + r":(?P<action>[^:]+):(?P<payload>.*)"

ItemT = discord.ui.Button[discord.ui.View] | discord.ui.Select[discord.ui.View]


class ActionItem(discord.ui.DynamicItem[ItemT], template=TEMPLATE):
    """A button or select that runs the registry action named in its custom id."""

    def __init__(self, item: ItemT, action: str, payload: str) -> None:
        super().__init__(item)
        self.action = action
        self.payload = payload

    @classmethod
    async def from_custom_id(
        cls,
        interaction: discord.Interaction[Any],
        item: discord.ui.Item[Any],
        match: re.Match[str],
        /,
    ) -> ActionItem:
        if not isinstance(item, discord.ui.Button | discord.ui.Select):
            raise TypeError(f"unexpected component {type(item).__name__}")
        return cls(item, match["action"], match["payload"])

    def action_payload(self) -> str:
        """The payload handed to the action: a select adds `|<chosen value>`."""
        if isinstance(self.item, discord.ui.Select):
            values = self.item.values
            return f"{self.payload}|{values[0] if values else ''}"
        return self.payload

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        # Imported here: the dispatcher needs the renderer, which builds these items.
        from bot.discord.dispatch import run_component

        await run_component(interaction, self.action, self.action_payload())
