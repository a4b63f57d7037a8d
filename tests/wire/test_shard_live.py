"""Sharding inside one bot process, over the wire: boards re-attached on start, other shards'
boards left alone, and the command sync done by the shard-0 process only.

These run the bot in the test's own process (the `start_wire_bot` fixture) over an SQLite file;
`test_shards.py` runs two real processes on PostgreSQL.
"""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from bot.app import create_services
from bot.config import Settings
from bot.context import Ctx, Services, UserRef
from bot.discord.live import LiveMessageManager
from bot.discord.shards import ShardSet, shard_of
from bot.handlers import tracker_ops as service
from tests.helpers.wire import StartBot
from tests.wire.fakediscord import FakeDiscord, embed_text

MESSAGES = "/channels/{channel_id}/messages"


def live_of(services: Services) -> LiveMessageManager:
    live = services.live
    assert isinstance(live, LiveMessageManager)
    return live


async def resumed(services: Services) -> LiveMessageManager:
    """The manager once the start-up re-attach (begun by `on_ready`) has finished."""
    live = live_of(services)
    for _ in range(500):
        task = live._resume
        if task is not None:
            await asyncio.wait_for(asyncio.shield(task), timeout=5)
            return live
        await asyncio.sleep(0.01)
    raise AssertionError("the bot never began re-attaching its live boards")


def ctx_of(services: Services, fake: FakeDiscord) -> Ctx:
    return Ctx(
        services=services,
        user=UserRef(fake.alice.id, "Alice"),
        channel_id=fake.channel_id,
        guild_id=fake.guild_id,
        lang="ru",
    )


async def game_with_board(services: Services, fake: FakeDiscord) -> int:
    """A Mage Wars game of Alice and Bob in the fake's channel, its board a stored message."""
    await service.start(
        ctx_of(services, fake), "mage-wars", [UserRef(fake.bob.id, "Bob")], {"life": 30}
    )
    state = await service.load_state(services.storage, fake.channel_id)
    assert state is not None
    board = fake.add_message(content="(an old board)")
    mid = int(board["id"])
    await services.storage.tracker.set_live_message(
        state.game.id, mid, services.clock(), fake.channel_id
    )
    return mid


def on_channel(fake: FakeDiscord, since: int) -> list[str]:
    prefix = f"/channels/{fake.channel_id}/messages"
    return [f"{r.method} {r.path}" for r in fake.requests[since:] if r.path.startswith(prefix)]


async def test_a_restart_brings_a_stale_board_up_to_date_and_leaves_a_current_one(
    fake_discord: FakeDiscord, start_wire_bot: StartBot, tmp_path: Path
) -> None:
    db = tmp_path / "arbiter.sqlite3"
    first = await create_services(Settings(), db_path=db)
    try:
        mid = await game_with_board(first, fake_discord)
    finally:
        await first.storage.close()

    # Start: the stored board shows nothing of the game, so it is edited once.
    since = len(fake_discord.requests)
    second = await create_services(Settings(), db_path=db)
    try:
        bot = await start_wire_bot(second)
        live = await resumed(second)
        assert live.stats.resumed == 1
        assert on_channel(fake_discord, since) == [
            f"GET /channels/{fake_discord.channel_id}/messages/{mid}",
            f"PATCH /channels/{fake_discord.channel_id}/messages/{mid}",
        ]
        assert "Alice" in embed_text(fake_discord.messages[mid]["embeds"])
        await bot.close()
    finally:
        await second.storage.close()

    # Another start over the same file: the board is read back, found current, not edited.
    since = len(fake_discord.requests)
    third = await create_services(Settings(), db_path=db)
    try:
        await start_wire_bot(third)
        live = await resumed(third)
        assert live.stats.resumed == 1
        assert on_channel(fake_discord, since) == [
            f"GET /channels/{fake_discord.channel_id}/messages/{mid}"
        ]
    finally:
        await third.storage.close()


@pytest.mark.parametrize("own", [True, False], ids=["own-shard", "other-shard"])
async def test_a_shard_process_touches_only_its_own_guilds_boards(
    fake_discord: FakeDiscord, start_wire_bot: StartBot, tmp_path: Path, own: bool
) -> None:
    guild_shard = shard_of(fake_discord.guild_id, 2)
    runs = guild_shard if own else 1 - guild_shard
    settings = Settings(shard_count=2, shard_ids=(runs,))
    services = await create_services(settings, db_path=tmp_path / "arbiter.sqlite3")
    try:
        mid = await game_with_board(services, fake_discord)
        since = len(fake_discord.requests)
        await start_wire_bot(services)
        live = await resumed(services)
        assert live.shards == ShardSet(2, frozenset({runs}))
        # A change of the game reaches the manager as it would from a handler.
        await services.game_changed(fake_discord.channel_id)
        slot = live._slots[fake_discord.channel_id]
        assert slot.task is not None
        await asyncio.wait_for(slot.task, timeout=5)
        touched = on_channel(fake_discord, since)
        if own:
            assert live.stats.resumed == 1 and live.stats.foreign == 0
            assert f"PATCH /channels/{fake_discord.channel_id}/messages/{mid}" in touched
        else:
            assert touched == []  # the guild's own shard keeps that board
            assert live.stats.resumed == 0 and live.stats.foreign == 1
    finally:
        await services.storage.close()


@pytest.mark.parametrize("shard", [0, 1])
async def test_only_the_shard_zero_process_syncs_the_commands(
    fake_discord: FakeDiscord, start_wire_bot: StartBot, tmp_path: Path, shard: int
) -> None:
    settings = Settings(shard_count=2, shard_ids=(shard,))
    services = await create_services(settings, db_path=tmp_path / "arbiter.sqlite3")
    try:
        await start_wire_bot(services)
        puts = fake_discord.find("PUT", "/applications/{app}/commands")
        assert fake_discord.identifies[-1]["shard"] == [shard, 2]
        assert len(puts) == (1 if shard == 0 else 0)
        assert (None in fake_discord.commands) is (shard == 0)
    finally:
        await services.storage.close()


def test_which_guilds_a_process_serves() -> None:
    on = {shard: (((1_000 + shard) << 22) | 77) for shard in range(4)}  # a guild per shard of 4
    assert [shard_of(on[s], 4) for s in range(4)] == [0, 1, 2, 3]
    assert shard_of(None, 4) == 0  # direct messages arrive on shard 0
    alone = ShardSet.from_settings(Settings())
    assert alone == ShardSet(1, frozenset({0})) and alone.syncs_commands
    assert all(alone.owns(g) for g in [*on.values(), None])
    every = ShardSet.from_settings(Settings(shard_count=4))
    assert every.ids == {0, 1, 2, 3} and every.syncs_commands
    upper = ShardSet.from_settings(Settings(shard_count=4, shard_ids=(2, 3)))
    assert [upper.owns(on[s]) for s in range(4)] == [False, False, True, True]
    assert not upper.owns(None) and not upper.syncs_commands
    assert upper.describe() == "shards 2,3 of 4"
