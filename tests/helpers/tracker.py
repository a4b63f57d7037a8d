"""Tracker test helpers: a context per player name in one channel, and refusal checks.

The fixtures (`make_ctx`, `notified`) are brought into `tests/tracker/` and `tests/games/` by
their conftest files; tests import the plain helpers from here.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable

import pytest

from bot.console import Console
from bot.context import Ctx, Services, UserRef, stable_id
from bot.handlers import tracker_ops as service
from bot.i18n import t
from bot.registry import Localized, UserError
from bot.tracker.model import GameState, Unit

CHANNEL = stable_id("#table")
BOB = UserRef.from_name("bob")

MakeCtx = Callable[..., Ctx]


@pytest.fixture
def make_ctx(services: Services) -> MakeCtx:
    """`make_ctx("alice")` acts as alice in #table (the console's default channel)."""

    def make(
        name: str = "alice", *, manage: bool = False, moderate: bool = False, lang: str = "ru"
    ) -> Ctx:
        return Ctx(
            services=services,
            user=UserRef.from_name(name),
            channel_id=CHANNEL,
            guild_id=1,
            lang=lang,
            can_manage=manage,
            can_moderate=moderate,
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


async def state_of(services: Services) -> GameState:
    """The active game of #table (the test fails if there is none)."""
    state = await service.load_state(services.storage, CHANNEL)
    assert state is not None
    return state


async def unchanged(
    services: Services, action: Callable[[], Awaitable[object]], key: str
) -> UserError:
    """Run `action`, expect UserError `key`, and check that neither state nor log moved."""
    before = await state_of(services)
    events = await services.storage.tracker.event_count(before.game.id)
    with pytest.raises(UserError) as err:
        await action()
    assert err.value.key == key
    assert await state_of(services) == before
    assert await services.storage.tracker.event_count(before.game.id) == events
    return err.value


def unit(state: GameState, name: str) -> Unit:
    return next(u for u in state.all_units if u.name == name)


async def refused(
    services: Services, action: Callable[[], Awaitable[object]], key: str, lang: str = "ru"
) -> str:
    """Run `action`, expect UserError `key`; state and log unmoved. Returns the text shown."""
    err = await unchanged(services, action, key)
    params = {k: v.get(lang) if isinstance(v, Localized) else v for k, v in err.params.items()}
    return t(err.key, lang, **params)


async def bar_of(console: Console, name: str) -> str:
    """The life figure (`5/8`) of unit `name` on the board `/game show` prints."""
    board = await console.execute("/game show")
    line = next(ln for ln in board.splitlines() if ln.startswith(f"• {name} "))
    return next(word for word in line.split() if "/" in word)
