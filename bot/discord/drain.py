"""Clean stops: count the interactions in flight, and refuse new ones once a stop has begun.

On SIGTERM the client stops taking commands (each new one gets a short refusal, so nobody waits
on a bot that is going), waits a bounded time for those already running to commit and reply,
and only then closes the connection. A change committed without its reply would invite a retry
that applies it twice.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Iterator
from typing import Any

import discord

from bot.discord.context import reply_language
from bot.discord.respond import send_reply
from bot.i18n import t
from bot.reply import Reply

DRAIN_ATTR = "arbiter_drain"


class Drain:
    """How many interactions are being answered, and whether the process is stopping."""

    def __init__(self) -> None:
        self.stopping = False
        self.busy = 0
        self._idle = asyncio.Event()
        self._idle.set()

    @contextlib.contextmanager
    def track(self) -> Iterator[None]:
        """Count one interaction in flight for the body of the `with`."""
        self.busy += 1
        self._idle.clear()
        try:
            yield
        finally:
            self.busy -= 1
            if self.busy == 0:
                self._idle.set()

    async def stop(self, timeout: float) -> bool:
        """Refuse new interactions from now on; wait up to `timeout` s for those in flight.
        True when none is left."""
        self.stopping = True
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(self._idle.wait(), timeout)
        return self.busy == 0


def drain_of(client: Any) -> Drain:
    """The client's drain, made on first use (a test harness's bot gets one too)."""
    drain = getattr(client, DRAIN_ATTR, None)
    if not isinstance(drain, Drain):
        drain = Drain()
        setattr(client, DRAIN_ATTR, drain)
    return drain


async def refuse_if_stopping(interaction: discord.Interaction[Any]) -> bool:
    """When the bot is stopping, answer `interaction` with the private refusal and say True."""
    if not drain_of(interaction.client).stopping:
        return False
    if interaction.type is not discord.InteractionType.autocomplete:
        text = t("discord.stopping", reply_language(interaction))
        with contextlib.suppress(discord.HTTPException):
            await send_reply(interaction, Reply.error(text))
    return True
