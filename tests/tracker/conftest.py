"""Tracker fixtures: a context per player name in one channel, over the shared services."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from bot.context import Ctx, Services, UserRef, stable_id

CHANNEL = stable_id("#table")

MakeCtx = Callable[..., Ctx]


@pytest.fixture
def make_ctx(services: Services) -> MakeCtx:
    """`make_ctx("alice")` acts as alice in #table (the console's default channel)."""

    def make(name: str = "alice", *, manage: bool = False, lang: str = "ru") -> Ctx:
        return Ctx(
            services=services,
            user=UserRef.from_name(name),
            channel_id=CHANNEL,
            guild_id=1,
            lang=lang,
            can_manage=manage,
        )

    return make


@pytest.fixture
def notified(services: Services) -> list[int]:
    """Channel ids passed to `game_changed`, in order (what the live message would see)."""
    seen: list[int] = []

    async def hook(channel_id: int) -> None:
        seen.append(channel_id)

    services.game_changed_hooks.append(hook)
    return seen
