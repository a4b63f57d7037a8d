"""Run the real bot process against a fake Discord on loopback.

`python -m tests.wire.launch API_BASE GATEWAY_URL [CLI ARGS…]` points discord.py's REST base and
gateway at the fake (as the wire fixtures do in-process), then runs the CLI (default: `run`),
so the process under test is `python -m bot run` in everything but those two addresses.

`ARBITER_TEST_REPLY_DELAY=S` (tests only) makes every reply wait S seconds after its handler
committed, as a slow link to Discord does: the window a stop must not cut short.
`ARBITER_TEST_BACKOFF=S` makes each of discord.py's reconnect back-offs last S seconds, the length
they grow to over a few minutes of a Discord outage (otherwise random, from 0–2 s up).
"""

from __future__ import annotations

import asyncio
import os
import sys
from typing import Any

import discord.backoff
import discord.gateway
import discord.http
import yarl


def main() -> int:
    api, gateway, *args = sys.argv[1:]
    discord.http.Route.BASE = api
    discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(gateway)
    delay = float(os.environ.get("ARBITER_TEST_REPLY_DELAY") or 0)
    if delay:
        _slow_replies(delay)
    backoff = float(os.environ.get("ARBITER_TEST_BACKOFF") or 0)
    if backoff:
        discord.backoff.ExponentialBackoff.delay = lambda self: backoff  # type: ignore[method-assign,assignment]
    from bot.cli import main as cli_main

    return cli_main(args or ["run"])


def _slow_replies(delay: float) -> None:
    from bot.discord import dispatch, respond

    send = respond.send_reply

    async def slow(*args: Any, **kwargs: Any) -> None:
        await asyncio.sleep(delay)
        await send(*args, **kwargs)

    setattr(dispatch, "send_reply", slow)  # noqa: B010 (the name dispatch imported)


if __name__ == "__main__":
    raise SystemExit(main())
