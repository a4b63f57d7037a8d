"""SimCord fixtures: the real bot over in-memory services, in a simulated Discord.

Use in a test module under `tests/cogs/`:

    async def test_roll(table):
        result = await table.alice.slash(table.channel, "roll", expr="2d6")
        embed = result.response.embeds[0]

Fixtures:
- `services` (from `tests/conftest.py`): in-memory DB, `random.Random(1234)`, `FakeClock`.
- `simcord_bot`: the bot from `create_bot(services)`; `simcord_env`: SimCord's running env.
- `table`: a `Table` with a guild, a channel `#table`, members `alice` (Manage Messages) and
  `bob` (no extra rights), plus `restart()` for a fresh bot on the same services and world.

SimCord sends every interaction with locale en-US, so replies are in English; wrap actions in
`with lang_locale("ru"):` to get Russian replies.

Throwaway commands, actions, menus and chat listeners for one test:
`with temporary_registrations() as reg:` in a fixture that runs before the bot is built (see
`tests/cogs/test_core.py`, `throwaway`).
Useful SimCord calls: `await member.slash(channel, "game start", game="keyforge")` (groups are
space-separated), `await member.autocomplete(channel, "rule", "term", "эги")`,
`await member.click(message, label=...)`, `await member.select(message, ["value"])`,
`await table.restart()`, `table.env.errors` (read it when a test expects an error to be logged).
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

import discord
import pytest
import simcord
import simcord.interactions as sim_interactions

from bot.context import Services
from bot.discord.client import ArbiterBot, ShardedArbiterBot, create_bot
from bot.registry import Registry, load_handlers, registry


@pytest.fixture
def simcord_bot(services: Services) -> ArbiterBot | ShardedArbiterBot:
    return create_bot(services)


@dataclass
class Table:
    """A ready-made world: one guild, one channel, a moderator (alice) and a player (bob)."""

    env: simcord.Env
    services: Services
    guild: Any
    channel: Any
    alice: Any  # MemberActor with Manage Messages
    bob: Any  # MemberActor without it

    async def restart(self) -> None:
        """Restart the bot (a new process, same database and same virtual Discord)."""
        await self.env.restart_bot(create_bot(self.services))

    def embeds(self, result: Any) -> list[discord.Embed]:
        """All embeds of an interaction's response and its follow-ups, in order."""
        messages = ([result.response] if result.response is not None else []) + list(
            result.followups
        )
        return [e for m in messages for e in m.embeds]

    def text(self, result: Any) -> str:
        """Every title, description, field and footer of the result, joined (for `in` tests)."""
        parts: list[str] = []
        for e in self.embeds(result):
            parts += [e.title or "", e.description or ""]
            parts += [f"{f.name}\n{f.value}" for f in e.fields]
            parts.append(e.footer.text or "")
        return "\n".join(p for p in parts if p)


@pytest.fixture
def table(simcord_env: simcord.Env, services: Services) -> Table:
    guild = simcord_env.create_guild(name="Arbiter test")
    channel = guild.create_text_channel("table")
    mods = guild.create_role("Judges", permissions=discord.Permissions(manage_messages=True))
    alice = guild.add_member(simcord_env.create_user("alice"), roles=[mods])
    bob = guild.add_member(simcord_env.create_user("bob"))
    return Table(simcord_env, services, guild, channel, alice, bob)


@contextmanager
def lang_locale(locale: str) -> Iterator[None]:
    """Send interactions with this user locale (SimCord always says en-US otherwise)."""
    original = sim_interactions.base_payload

    def patched(*args: Any, **kwargs: Any) -> Any:
        record, payload = original(*args, **kwargs)
        payload["locale"] = locale
        if "guild_locale" in payload:
            payload["guild_locale"] = locale
        return record, payload

    sim_interactions.base_payload = patched
    try:
        yield
    finally:
        sim_interactions.base_payload = original


@contextmanager
def temporary_registrations() -> Iterator[Registry]:
    """Register throwaway commands/actions/menus for one test; they are removed afterwards.

    Register before the bot starts (i.e. in a fixture that `simcord_bot` depends on), since
    the cogs build the commands when the bot sets up.
    """
    load_handlers()  # real handlers first, so restoring the snapshot keeps them
    commands, actions, menus = (
        dict(registry.commands),
        dict(registry.actions),
        dict(registry.menus),
    )
    listeners = list(registry.chat_listeners)
    try:
        yield registry
    finally:
        for current, saved in (
            (registry.commands, commands),
            (registry.actions, actions),
            (registry.menus, menus),
        ):
            current.clear()
            current.update(saved)  # type: ignore[arg-type]
        registry.chat_listeners[:] = listeners
