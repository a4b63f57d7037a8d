"""The instance lock itself (bot/storage/lock.py): which holders exclude which. The real
second-process refusals are in tests/wire/test_one_writer.py."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.storage.lock import InstanceLocked, lock_postgres, lock_sqlite
from tests.storage import fixtures as both
from tests.storage.fixtures import PgServer

pg_server = both.pg_server


def test_one_sqlite_file_one_holder(tmp_path: Path) -> None:
    db = tmp_path / "a.sqlite3"
    held = lock_sqlite(db)
    with pytest.raises(InstanceLocked) as refused:
        lock_sqlite(db)  # another open file description, as another process would have
    assert refused.value.where == str(db) and refused.value.shard_ids is None
    other = lock_sqlite(tmp_path / "b.sqlite3")  # another database is another lock
    assert Path(f"{db}.lock").read_text().strip().isdigit()  # the holder's pid, for the admin
    import asyncio

    asyncio.run(held.release())
    asyncio.run(lock_sqlite(db).release())  # free again once released
    asyncio.run(other.release())


async def test_postgres_shards_exclude_only_when_they_overlap(pg_server: PgServer) -> None:
    url = await pg_server.new_database()
    zero = await lock_postgres(url, [0])
    one = await lock_postgres(url, [1])  # disjoint shards run side by side
    for overlapping in ([0, 1], [1], None):
        with pytest.raises(InstanceLocked) as refused:
            await lock_postgres(url, overlapping)
        assert refused.value.shard_ids == (None if overlapping is None else tuple(overlapping))
    other = await lock_postgres(await pg_server.new_database(), None)  # per database
    await zero.release()
    await one.release()
    whole = await lock_postgres(url, None)  # every shard, once nobody holds one
    with pytest.raises(InstanceLocked):
        await lock_postgres(url, [3])
    await whole.release()
    await other.release()


async def test_a_lost_postgres_lock_is_reported_and_a_release_is_not(pg_server: PgServer) -> None:
    # The session's advisory locks go with its connection: a server restart or an admin's
    # pg_terminate_backend frees the shard for another process, so the holder must hear of it.
    import asyncio

    import asyncpg

    url = await pg_server.new_database()
    held = await lock_postgres(url, [0])
    lost = asyncio.Event()
    held.on_lost(lost.set)
    admin = await asyncpg.connect(url)
    try:
        killed = await admin.fetchval(
            "SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity"
            " WHERE application_name = 'arbiter-lock' AND datname = current_database()"
        )
        assert killed == 1
        await asyncio.wait_for(lost.wait(), 10)
        again = await lock_postgres(url, [0])  # the shard is free: a restart takes it again
        quiet = asyncio.Event()
        again.on_lost(quiet.set)
        await again.release()  # our own release is not a loss
        await asyncio.sleep(0.2)
        assert not quiet.is_set()
    finally:
        await admin.close()
        await held.release()
