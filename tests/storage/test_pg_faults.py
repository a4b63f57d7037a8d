"""PostgreSQL faults: the server stopped mid-game, writes refused, a lock held too long. Each is
answered in words, nothing is half-written, and the bot recovers when the server is back."""

from __future__ import annotations

import os
import random
from collections.abc import AsyncIterator, Iterator
from urllib.parse import urlsplit

import asyncpg
import pytest

from bot.app import create_services
from bot.config import Settings
from bot.context import Services
from bot.handlers import tracker_ops as service
from bot.storage import postgres
from bot.storage.errors import DatabaseBusy, DatabaseUnavailable
from tests.storage.faults_support import answered, ctx, snapshot
from tests.storage.pgcluster import Cluster, start_cluster


@pytest.fixture(scope="module")
def own_cluster() -> Iterator[Cluster]:
    """A server of this module's own: these tests stop and restart it."""
    try:
        cluster = start_cluster()
    except Exception as exc:
        if os.environ.get("CI", "").lower() == "true":
            pytest.fail(f"PostgreSQL must run under CI: {exc}", pytrace=False)
        pytest.skip(f"PostgreSQL tests need a server: {exc}")
    try:
        yield cluster
    finally:
        cluster.remove()


@pytest.fixture
async def game(own_cluster: Cluster) -> AsyncIterator[Services]:
    name = f"f{random.randrange(10**9)}"
    conn = await asyncpg.connect(own_cluster.url())
    await conn.execute(f'CREATE DATABASE "{name}" TEMPLATE template0')
    await conn.close()
    svc = await create_services(Settings(), db_path=own_cluster.url(name), rng=random.Random(1))
    await service.start(ctx(svc), "custom", [], {"life": 20})
    try:
        yield svc
    finally:
        await svc.storage.close()


async def test_server_stopped_mid_game_then_back(game: Services, own_cluster: Cluster) -> None:
    await service.add(ctx(game), "alice", "life", 1)
    before = await snapshot(game)
    own_cluster.stop("fast")
    try:
        with pytest.raises(DatabaseUnavailable):
            await service.add(ctx(game), "alice", "life", 1)
        for lang in ("ru", "en"):
            await answered(game, "storage.error.unavailable", lang)
    finally:
        own_cluster.restart_server()
    assert await snapshot(game) == before  # nothing half-written
    await service.add(ctx(game), "alice", "life", 2)  # the pool reconnects by itself
    state, _ = await snapshot(game)
    assert state.participants[0].value("life") == 23  # type: ignore[attr-defined]


async def test_read_only_server(game: Services, own_cluster: Cluster) -> None:
    before = await snapshot(game)
    conn = await asyncpg.connect(own_cluster.url())
    dbname = urlsplit(game.storage.db.name).path.lstrip("/")
    await conn.execute(f'ALTER DATABASE "{dbname}" SET default_transaction_read_only = on')
    try:
        await game.storage.db.expire_connections()  # type: ignore[attr-defined]
        await answered(game, "storage.error.read_only")
        assert await game.storage.db.self_check() != []
    finally:
        await conn.execute(f'ALTER DATABASE "{dbname}" SET default_transaction_read_only = off')
        await conn.close()
        await game.storage.db.expire_connections()  # type: ignore[attr-defined]
    assert await snapshot(game) == before
    assert await game.storage.db.self_check() == []


async def test_lock_held_longer_than_the_timeout(
    own_cluster: Cluster, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(postgres, "LOCK_TIMEOUT_MS", 200)
    name = f"l{random.randrange(10**9)}"
    admin = await asyncpg.connect(own_cluster.url())
    await admin.execute(f'CREATE DATABASE "{name}" TEMPLATE template0')
    await admin.close()
    svc = await create_services(Settings(), db_path=own_cluster.url(name))
    try:
        await service.start(ctx(svc), "custom", [], {"life": 20})
        before = await snapshot(svc)
        other = await asyncpg.connect(own_cluster.url(name))
        tr = other.transaction()
        await tr.start()
        await other.execute("SELECT id FROM tracker_games FOR UPDATE")  # another writer
        try:
            with pytest.raises(DatabaseBusy):
                await service.add(ctx(svc), "alice", "life", 1)
            await answered(svc, "storage.error.busy")
        finally:
            await tr.rollback()
            await other.close()
        assert await snapshot(svc) == before
        await service.add(ctx(svc), "alice", "life", 1)
    finally:
        await svc.storage.close()
