"""Run the real bot (`python -m bot`) as a child process, pointed at a FakeDiscord in the test.

`python -m tests.wire.shardproc` does what `python -m bot` does, after three redirections that
only the environment asks for: discord.py's REST base and gateway URL go to the fake
(`FAKE_DISCORD_API`, `FAKE_DISCORD_GATEWAY`), and every HTTP session it opens sends
`CLIENT_HEADER: $FAKE_DISCORD_CLIENT`, so the fake can tell which process made each request.
Everything else (settings, storage, shards, the gateway client) is the bot's own code.
"""

from __future__ import annotations

import os
from typing import Any

import aiohttp
import discord.gateway
import discord.http
import yarl

from tests.wire.fakediscord import CLIENT_HEADER


def redirect() -> None:
    discord.http.Route.BASE = os.environ["FAKE_DISCORD_API"]
    gateway = yarl.URL(os.environ["FAKE_DISCORD_GATEWAY"])
    discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = gateway
    tag = os.environ["FAKE_DISCORD_CLIENT"]
    original = aiohttp.ClientSession.__init__

    def tagged(self: aiohttp.ClientSession, *args: Any, **kwargs: Any) -> None:
        kwargs["headers"] = {CLIENT_HEADER: tag, **(kwargs.get("headers") or {})}
        original(self, *args, **kwargs)

    aiohttp.ClientSession.__init__ = tagged  # type: ignore[method-assign]


if __name__ == "__main__":
    redirect()
    from bot.cli import main

    raise SystemExit(main([]))
