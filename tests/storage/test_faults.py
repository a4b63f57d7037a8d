"""Machine faults, named in words: each gets its message in the user's language, the command
changes nothing, and the bot carries on once the fault is gone."""

from __future__ import annotations

import random
import sqlite3
from collections.abc import AsyncIterator
from pathlib import Path

import aiosqlite
import pytest

from bot.app import create_services
from bot.config import Settings
from bot.context import Services
from bot.handlers import tracker_ops as service
from bot.i18n import t
from bot.storage import StorageError
from bot.storage import sqlite as sqlite_backend
from bot.storage.errors import DatabaseBusy, DatabaseFull, DatabaseReadOnly, StorageFault
from tests.storage.faults_support import answered, ctx, snapshot


@pytest.fixture
async def game(tmp_path: Path) -> AsyncIterator[Services]:
    """A file database with a game of life 20 in #table."""
    svc = await create_services(Settings(), db_path=tmp_path / "a.sqlite3", rng=random.Random(1))
    await service.start(ctx(svc), "custom", [], {"life": 20})
    try:
        yield svc
    finally:
        await svc.storage.close()


async def pragma(svc: Services, sql: str) -> None:
    db = svc.storage.db
    assert isinstance(db, sqlite_backend.SqliteDatabase)
    await db.fetch(sql)


async def test_read_only_database(game: Services) -> None:
    before = await snapshot(game)
    await pragma(game, "PRAGMA query_only = ON")  # writes now fail as on a read-only file
    for lang in ("ru", "en"):
        await answered(game, "storage.error.read_only", lang)
    await pragma(game, "PRAGMA query_only = OFF")
    assert await snapshot(game) == before
    await service.add(ctx(game), "alice", "life", 1)  # and the bot carries on
    state, _ = await snapshot(game)
    assert state.participants[0].value("life") == 21  # type: ignore[attr-defined]


async def test_disk_full(game: Services) -> None:
    rows = await game.storage.db.fetch("PRAGMA page_count")
    await pragma(game, f"PRAGMA max_page_count = {int(rows[0][0]) + 1}")
    for _ in range(5000):  # fill the last page: then a change cannot be written
        before = await snapshot(game)
        try:
            await service.add(ctx(game), "alice", "life", 1)
        except DatabaseFull:
            break
    else:
        pytest.fail("the database never filled up")
    assert await snapshot(game) == before  # the change that did not fit left no trace
    await answered(game, "storage.error.full")
    assert await snapshot(game) == before


async def test_lock_held_longer_than_the_busy_timeout(game: Services, tmp_path: Path) -> None:
    before = await snapshot(game)
    await pragma(game, "PRAGMA busy_timeout = 100")
    other = sqlite3.connect(tmp_path / "a.sqlite3", isolation_level=None)
    other.execute("BEGIN IMMEDIATE")  # another program holds the write lock
    try:
        with pytest.raises(DatabaseBusy):
            await service.add(ctx(game), "alice", "life", 1)
        await answered(game, "storage.error.busy")
    finally:
        other.execute("ROLLBACK")
        other.close()
    assert await snapshot(game) == before
    await service.add(ctx(game), "alice", "life", 1)


def corrupt(path: Path, table: str = "tracker_events", seed: int = 5) -> None:
    """Random bytes over every page of one table (its rows; the schema stays readable)."""
    conn = sqlite3.connect(path)
    pages = [int(r[0]) for r in conn.execute("SELECT pageno FROM dbstat WHERE name = ?", (table,))]
    size = int(conn.execute("PRAGMA page_size").fetchone()[0])
    conn.close()
    rng = random.Random(seed)
    with path.open("r+b") as fh:
        for n in pages:
            fh.seek((n - 1) * size)
            fh.write(rng.randbytes(size))


async def test_corrupt_pages_fail_the_start_up_check_and_commands(tmp_path: Path) -> None:
    path = tmp_path / "a.sqlite3"
    svc = await create_services(Settings(), db_path=path)
    await service.start(ctx(svc), "custom", [], {"life": 20})
    for i in range(300):
        await service.add(
            ctx(svc),
            "alice",
            "life",
            1,
        )
        if i % 50 == 0:
            await service.add_unit(ctx(svc), f"Wolf{i}", None, {"life": 5})
    await pragma(svc, "PRAGMA wal_checkpoint(TRUNCATE)")
    await svc.storage.close()
    corrupt(path)
    with pytest.raises(StorageError) as err:
        await create_services(Settings(), db_path=path)
    assert "\n" not in str(err.value) and "damaged" in str(err.value)
    # A process that keeps serving: the command is answered in words, not an error id.
    db = await sqlite_backend.SqliteDatabase.open(path)
    from bot.storage import Storage
    from bot.storage.learned import LearnedStore
    from bot.storage.meta import MetaStore
    from bot.storage.rolls import RollStore
    from bot.storage.tracker import TrackerStore

    storage = Storage(db, MetaStore(db), TrackerStore(db), RollStore(db), LearnedStore(db))
    broken = Services(settings=Settings(), storage=storage, rng=random.Random(1))
    try:
        await answered(broken, "storage.error.corrupt", line="/game undo steps:5")
    finally:
        await storage.close()


async def test_random_bytes_are_refused_at_start_up(tmp_path: Path) -> None:
    junk = tmp_path / "junk.sqlite3"
    junk.write_bytes(random.Random(3).randbytes(8192))
    with pytest.raises(StorageError, match=r"^ARBITER_DB: cannot use "):
        await create_services(Settings(), db_path=junk)


async def test_a_read_only_file_fails_the_start_up_check(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "a.sqlite3"
    svc = await create_services(Settings(), db_path=path)
    await svc.storage.close()

    def read_only(name: str) -> aiosqlite.Connection:
        # What SQLite does with a file the process may not write (chmod 444 for a non-root user).
        return aiosqlite.connect(f"file:{name}?mode=ro", uri=True, isolation_level="IMMEDIATE")

    monkeypatch.setattr(sqlite_backend, "_connect", read_only)
    with pytest.raises(StorageError) as err:
        await create_services(Settings(), db_path=path)
    assert "read-only" in str(err.value) and "\n" not in str(err.value)


def test_every_fault_has_its_message_in_both_languages() -> None:
    from bot.storage.errors import FAULTS

    for fault in FAULTS:
        assert issubclass(fault, StorageFault)
        for lang in ("ru", "en"):
            assert t(fault.key, lang) != fault.key
    assert DatabaseReadOnly.key != DatabaseFull.key
