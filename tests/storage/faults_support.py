"""Helpers shared by the fault tests: a context in #table and a state + event-count snapshot."""

from __future__ import annotations

from bot.console import Console
from bot.context import Ctx, Services, UserRef
from bot.handlers import tracker_ops as service
from bot.i18n import t
from tests.helpers.tracker import CHANNEL


def ctx(svc: Services, lang: str = "ru") -> Ctx:
    return Ctx(
        services=svc,
        user=UserRef.from_name("alice"),
        channel_id=CHANNEL,
        guild_id=1,
        lang=lang,
        can_manage=False,
    )


async def snapshot(svc: Services) -> tuple[object, int]:
    state = await service.load_state(svc.storage, CHANNEL)
    assert state is not None
    return state, await svc.storage.tracker.event_count(state.game.id)


async def typed(svc: Services, line: str, lang: str = "ru") -> str:
    """What a player sees for `line`, through the handler layer (the console's front end)."""
    return await Console(svc, user="alice", channel="table", lang=lang).execute(line)


async def answered(svc: Services, key: str, lang: str = "ru", line: str = "") -> None:
    """`line` (default `/add alice life 1`) is answered with message `key`, in words."""
    out = await typed(svc, line or "/add target:alice stat:life amount:1", lang)
    assert t(key, lang) in out, out
    assert "Ничего не изменено" in t(key, "ru") and "Nothing changed" in t(key, "en")
