"""The tracker repository: the live message reference, the active slug, atomic bounds in SQL."""

from __future__ import annotations

import pytest

from bot.context import Services, UserRef
from bot.handlers import tracker_ops as service
from bot.tracker.ports import GameExists, GameNotActive
from bot.tracker.records import OutOfBounds
from tests.helpers.tracker import CHANNEL, MakeCtx
from tests.storage import fixtures as both

# Every test here runs on SQLite and on PostgreSQL.
pg_server, target, services = both.pg_server, both.target, both.services


async def test_active_game_slug(services: Services, make_ctx: MakeCtx) -> None:
    repo = services.storage.tracker
    assert await repo.active_game_slug(CHANNEL) is None
    await service.start(make_ctx("alice"), "berserk", [], {})
    assert await repo.active_game_slug(CHANNEL) == "berserk"
    assert await repo.active_game_slug(CHANNEL + 1) is None
    await service.end(make_ctx("alice"))
    assert await repo.active_game_slug(CHANNEL) is None


async def test_live_message_is_kept_and_not_undone(services: Services, make_ctx: MakeCtx) -> None:
    repo = services.storage.tracker
    await service.start(make_ctx("alice"), "keyforge", [UserRef.from_name("bob")], {})
    state = await service.load_state(services.storage, CHANNEL)
    assert state is not None and state.live is None
    await service.add(make_ctx("alice"), "bob", "aember", 2)
    await repo.set_live_message(state.game.id, 555, 1234.5)
    live = await repo.live_message(state.game.id)
    assert live is not None and (live.message_id, live.channel_id) == (555, CHANNEL)
    await service.undo(make_ctx("alice"))
    after = await service.load_state(services.storage, CHANNEL)
    assert after is not None and after.live == live
    assert await repo.live_messages() == [(state.game.id, live)]
    await repo.set_live_message(state.game.id, None, None)
    assert await repo.live_message(state.game.id) is None
    assert await repo.live_messages() == []


async def test_repo_refuses_out_of_bounds_and_ended_games(
    services: Services, make_ctx: MakeCtx
) -> None:
    repo = services.storage.tracker
    await service.start(make_ctx("alice"), "keyforge", [], {})
    state = await service.load_state(services.storage, CHANNEL)
    assert state is not None
    keys = state.participants[0].counter("keys")
    assert keys is not None
    with pytest.raises(OutOfBounds):
        async with repo.change(state.game.id, at=1, user_id=1, user_name="x", action="add") as tx:
            await tx.adjust(keys.id, 2)
            await tx.adjust(keys.id, 2)  # 4 > 3: the whole step rolls back
    again = await service.load_state(services.storage, CHANNEL)
    assert again == state
    with pytest.raises(GameExists):
        async with repo.create_game(
            channel_id=CHANNEL,
            guild_id=1,
            slug="custom",
            options={},
            at=1,
            user_id=1,
            user_name="x",
        ):
            pass
    await service.end(make_ctx("alice"))
    with pytest.raises(GameNotActive):
        async with repo.change(state.game.id, at=1, user_id=1, user_name="x", action="add"):
            pass
