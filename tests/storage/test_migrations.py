"""Migrations and the small repositories on both back ends: the same version numbers, applied in
order once, refused when the database is newer, rolled back whole when one fails."""

from __future__ import annotations

import asyncio

import pytest

from bot.storage import SchemaTooNew, open_db, open_storage
from bot.storage.api import RollRecord
from bot.storage.db import Migration, load_migrations
from bot.storage.postgres import MIGRATIONS_DIR as PG_DIR
from bot.storage.sqlite import MIGRATIONS_DIR as SQLITE_DIR
from tests.storage import fixtures as both

pg_server, target = both.pg_server, both.target

TWO = [
    Migration(1, "001_things", "CREATE TABLE things (id INTEGER PRIMARY KEY, name TEXT);"),
    Migration(
        2,
        "002_parts",
        "-- parts belong to things\n"
        "CREATE TABLE parts (id INTEGER PRIMARY KEY,\n"
        "  thing_id INTEGER NOT NULL REFERENCES things(id));\n"
        "INSERT INTO things (id, name) VALUES (1, 'semi;colon');\n",
    ),
]


def test_both_back_ends_have_the_same_versions() -> None:
    sqlite = [(m.version, m.name) for m in load_migrations(SQLITE_DIR)]
    pg = [(m.version, m.name) for m in load_migrations(PG_DIR)]
    assert sqlite == pg and sqlite[-1][0] >= 4


async def test_migrations_apply_in_order_once(target: str) -> None:
    db = await open_db(target)
    try:
        assert await db.migrate(TWO[:1]) == [1]
        assert await db.migrate(TWO) == [2]
        assert await db.migrate(TWO) == []
        assert await db.schema_version() == 2
        rows = await db.fetch("SELECT version, name FROM schema_version ORDER BY version")
        assert [(int(r[0]), str(r[1])) for r in rows] == [(1, "001_things"), (2, "002_parts")]
        assert [r[0] for r in await db.fetch("SELECT name FROM things")] == ["semi;colon"]
    finally:
        await db.close()


async def test_a_newer_database_is_refused(target: str) -> None:
    db = await open_db(target)
    try:
        await db.migrate(TWO)
        with pytest.raises(SchemaTooNew, match=r"version 2.*ARBITER_D"):
            await db.migrate(TWO[:1])
    finally:
        await db.close()
    storage = await open_storage(target)
    async with storage.db.write() as tx:
        await tx.fetch("INSERT INTO schema_version (version, name) VALUES (?, ?)", (99, "future"))
    await storage.close()
    with pytest.raises(SchemaTooNew):
        await open_storage(target)


async def test_a_failing_migration_rolls_back(target: str) -> None:
    broken = [
        TWO[0],
        Migration(
            2, "002_broken", "CREATE TABLE half (id INTEGER);\nINSERT INTO nowhere VALUES (1);"
        ),
    ]
    db = await open_db(target)
    try:
        with pytest.raises(Exception, match="nowhere"):
            await db.migrate(broken)
        assert await db.schema_version() == 1
        assert await db.migrate(TWO) == [2]  # the connection is usable, "half" never existed
        with pytest.raises(Exception, match="half"):
            await db.fetch("SELECT id FROM half")
    finally:
        await db.close()


async def test_meta_and_rolls(target: str) -> None:
    storage = await open_storage(target)
    try:
        assert await storage.meta.get("commands.hash") is None
        await storage.meta.set("commands.hash", "abc")
        await storage.meta.set("commands.hash", "déf")
        assert await storage.meta.get("commands.hash") == "déf"
        rolls = storage.rolls
        public = RollRecord(5, 1, "alice", "roll", {"e": "1d6"}, {"t": 3}, False, 1.5)
        secret = RollRecord(5, 2, "bob", "roll", {"e": "2d6"}, {"t": 7}, True, 2.5)
        first = await rolls.add(public)
        second = await rolls.add(secret)
        assert second > first
        seen_by_alice = await rolls.recent(5, 1, 10)
        assert [r.user_name for r in seen_by_alice] == ["alice"]
        seen_by_bob = await rolls.recent(5, 2, 10)
        assert [r.user_name for r in seen_by_bob] == ["bob", "alice"]
        assert seen_by_bob[0].result == {"t": 7} and seen_by_bob[0].private
        assert await rolls.recent(6, 1, 10) == []
    finally:
        await storage.close()


async def test_processes_opening_a_new_database_together_all_migrate(target: str) -> None:
    """Shard processes started at once on an empty database: one migrates, the others wait for
    its lock and find nothing left to do (the lock is taken before the version table exists)."""
    dbs = [await open_db(target) for _ in range(4)]
    try:
        applied = await asyncio.gather(*(db.migrate(TWO) for db in dbs))
        # each migration applied once, by whichever process held the lock at its turn
        assert sorted(v for done in applied for v in done) == [1, 2]
        assert [await db.schema_version() for db in dbs] == [2, 2, 2, 2]
    finally:
        for db in dbs:
            await db.close()
