"""Wire-test fixtures: the real bot from `create_bot(services)`, connected to a fake Discord.

Fixtures (use them in `tests/wire/test_<area>_wire.py`):

- `fake_discord`: a started `FakeDiscord` (`tests/wire/fakediscord.py`). For this test,
  discord.py's REST base, gateway URL and interaction webhook adapter point at it. It is stopped
  at teardown. Its useful attributes are `guild_id`, `channel_id` and `application_id`, the
  users `alice` (the default actor), `bob` and `owner`, `requests` (every REST call as a
  `RecordedRequest`: method, path without `/api/v10`, query, json, files, status), `commands`
  (the synced payloads; key `None` is global) and `messages` (id to message dict).
- `wire_bot`: the bot, logged in and READY against `fake_discord`, over the shared in-memory
  `services` fixture (seeded RNG, `FakeClock`). When it returns, the guild and its `#table`
  text channel are in the cache and the commands have been synced.
- `start_wire_bot`: a factory, `bot = await start_wire_bot(services)`. Use it when a test
  patches the registry before the tree is built, or needs several starts over one database
  file. Every bot it starts is stopped at teardown.

Driving the bot. These are methods of `fake_discord`. Each waits up to 5 s for the answer and
never sleeps:

    sent, callback = await fake_discord.slash("help")
    sent, callback = await fake_discord.slash("mw attack", {"dice": 4}, locale="en-US")
    choices = await fake_discord.autocomplete("rule", "term", "эги")  # [{"name", "value"}]
    sent, callback = await fake_discord.click("arb:rule.pick:123")     # a button on a message
    sent, callback = await fake_discord.click(select_id, values=["x"])  # a string select
    fake_discord.original_message(sent)   # the reply as it stands after later edits/follow-ups
    fake_discord.add_message(components=[button_row("arb:a:1")])  # a message to click on
    await fake_discord.user_message("[[эгида]]")  # MESSAGE_CREATE (text only with the intent)
    req = await fake_discord.wait_for_request("PATCH", "/channels/{c}/messages/{m}", since=n)
    fake_discord.find("POST", "/webhooks/{app}/{token}")    # the follow-ups so far

`callback` is the answered `POST /interactions/{id}/{token}/callback` (a retried 429 is
skipped). `callback.json` is the body discord.py sent, for example
`{"type": 4, "data": {"embeds": [...], "components": [...], "flags": 64}}`. In the helpers, a
route like `/channels/{c}/messages` matches one path segment per `{name}`. Options are typed
from the synced command payload, so `{"dice": 4}` is sent as an INTEGER, and a user option takes
a `FakeUser` (`fake_discord.bob`). The keyword arguments `user=`, `locale=`, `guild_locale=` and
`permissions=` shape the interaction (add `fakediscord.MANAGE_MESSAGES` for a moderator).

Module helpers in `tests.wire.fakediscord`: `embed_problems(embeds)` lists every Discord embed
limit the embeds break, and `embed_text(embeds)` joins their text for `in` checks.
`button_row(...)` and `select_row(...)` build components.

Faults: `fake_discord.inject_rate_limit(method, route, times=1)` answers with a real-looking
429, which discord.py retries after `retry_after` (0.01 s). `fake_discord.inject_error(method,
route, code=30046, status=400)` makes the client raise `discord.HTTPException` with that code
for the next matching request.
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
from discord.webhook.async_ import AsyncWebhookAdapter, async_context

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
    # Interaction responses go through a context-local webhook adapter. SimCord swaps in its own
    # and a failed cog test can leave it behind, so use discord.py's real one here. Tasks the
    # bot creates copy this context, so they see it too. Restored by value, not by token,
    # because teardown may run in another context.
    previous = async_context.get()
    async_context.set(AsyncWebhookAdapter())  # type: ignore[no-untyped-call]
    try:
        yield fake
    finally:
        await fake.close()
        async_context.set(previous)


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
