"""Wire-test fixtures: the real bot, built by `bot.discord.create_bot`, against a fake Discord.

Fixtures (use them in `tests/wire/test_<area>_wire.py`):

- `fake_discord` — a started `FakeDiscord` (see `tests/wire/fakediscord.py`) with discord.py's
  REST base and gateway URL pointed at it for this test; stopped at teardown. Handy members:
  `guild_id`, `channel_id`, `application_id`, the users `alice` (default actor), `bob`, `owner`,
  `requests` / `find(method, route)` / `wait_for_request(method, route, since=…)`,
  `commands` (synced payloads, key None = global), `messages` (id → message dict),
  `inject_rate_limit(method, route, times=…)`, `inject_error(method, route, code=30046)`.
- `wire_bot` — the bot from `create_bot(services)` logged in and READY against `fake_discord`,
  over the shared in-memory `services` fixture (seeded RNG, `FakeClock`). The guild with its
  text channel and members is in the cache when the fixture returns.
- `start_wire_bot` — a factory, `await start_wire_bot(services)`, for tests that need several
  starts (for example over one database file); every bot it starts is stopped at teardown.

Driving the bot (methods of `fake_discord`, all waiting at most a few seconds, never sleeping):

    sent, callback = await fake_discord.slash("help")                 # or "game start", {opts}
    sent, callback = await fake_discord.slash("mw attack", {"dice": 4}, locale="en-US")
    choices = await fake_discord.autocomplete("rule", "term", "эги")   # list of {name, value}
    sent, callback = await fake_discord.click("arb:area.action:payload")  # button on a stored
    sent, callback = await fake_discord.click(custom_id, values=["x"])    # message / a select
    fake_discord.original_message(sent)   # the reply as it stands after later edits

`callback.json` is the body discord.py POSTed (`{"type": 4, "data": {"embeds": [...]}}`);
`embed_problems(embeds)` lists every Discord embed limit the embeds break, `embed_text(embeds)`
joins their text for `in` checks. Options are typed from the synced command payload, so
`{"dice": 4}` is sent as an INTEGER; a user option takes a `FakeUser` (`fake_discord.bob`).
Keyword arguments `user=`, `locale=`, `guild_locale=` and `permissions=` (add
`fakediscord.MANAGE_MESSAGES` for a moderator) shape the interaction.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator, Awaitable, Callable

import discord
import discord.gateway
import discord.http
import pytest
from discord.ext import commands

from bot.context import Services
from tests.wire.fakediscord import FAKE_TOKEN, FakeDiscord

AnyBot = commands.Bot | commands.AutoShardedBot
StartBot = Callable[[Services], Awaitable[AnyBot]]


@pytest.fixture
async def fake_discord(monkeypatch: pytest.MonkeyPatch) -> AsyncIterator[FakeDiscord]:
    fake = FakeDiscord()
    await fake.start()
    monkeypatch.setattr(discord.http.Route, "BASE", fake.api_base)
    monkeypatch.setattr(discord.gateway.DiscordWebSocket, "DEFAULT_GATEWAY", fake.gateway_url)
    try:
        yield fake
    finally:
        await fake.close()


@pytest.fixture
async def start_wire_bot(fake_discord: FakeDiscord) -> AsyncIterator[StartBot]:
    from bot.discord.client import create_bot

    running: list[tuple[AnyBot, asyncio.Task[None]]] = []

    async def start(services: Services) -> AnyBot:
        bot = create_bot(services)
        # READY lists one unavailable guild; its GUILD_CREATE follows at once, so there is no
        # need to wait discord.py's default 2 s for more guilds before `on_ready`.
        bot._connection.guild_ready_timeout = 0.05
        await bot.login(fake_discord.token)
        task = asyncio.create_task(bot.connect(reconnect=False))
        running.append((bot, task))
        ready = asyncio.create_task(bot.wait_until_ready())
        done, _ = await asyncio.wait({ready, task}, timeout=10, return_when="FIRST_COMPLETED")
        if ready not in done:
            ready.cancel()
            if task in done:
                task.result()  # raises the connection error
            raise AssertionError("the bot did not become ready against the fake Discord")
        return bot

    try:
        yield start
    finally:
        for bot, task in reversed(running):
            await stop_bot(bot, task)


async def stop_bot(bot: AnyBot, task: asyncio.Task[None]) -> None:
    """Close the client and wait for its gateway loop to end (bounded)."""
    if not bot.is_closed():
        await bot.close()
    try:
        await asyncio.wait_for(task, timeout=5)
    except TimeoutError:
        task.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await task


@pytest.fixture
async def wire_bot(start_wire_bot: StartBot, services: Services) -> AnyBot:
    return await start_wire_bot(services)


__all__ = ["FAKE_TOKEN", "AnyBot", "FakeDiscord", "StartBot", "stop_bot"]
