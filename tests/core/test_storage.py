"""Storage core: migrations in order, recorded once, refused when too new, atomic on failure."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.storage import open_storage
from bot.storage.sqlite import Database, Migration, SchemaTooNew, StorageError, load_migrations

TWO = [
    Migration(1, "001_things", "CREATE TABLE things (id INTEGER PRIMARY KEY, name TEXT);"),
    Migration(
        2,
        "002_parts",
        "-- parts belong to things\n"
        "CREATE TABLE parts (id INTEGER PRIMARY KEY,\n"
        "  thing_id INTEGER NOT NULL REFERENCES things(id));\n"
        "INSERT INTO things (name) VALUES ('semi;colon');\n",
    ),
]


async def versions(db: Database) -> list[tuple[int, str]]:
    rows = await db.fetch("SELECT version, name FROM schema_version ORDER BY version")
    return [(int(r[0]), str(r[1])) for r in rows]


async def tables(db: Database) -> set[str]:
    rows = await db.fetch("SELECT name FROM sqlite_master WHERE type = 'table'")
    return {str(r[0]) for r in rows}


async def pragma(db: Database, name: str) -> object:
    rows = await db.fetch(f"PRAGMA {name}")
    assert rows
    return rows[0][0]


async def test_migrations_apply_in_order_and_are_recorded(tmp_path: Path) -> None:
    db = await Database.open(tmp_path / "a.sqlite3")
    try:
        assert await db.migrate(TWO) == [1, 2]
        assert await versions(db) == [(1, "001_things"), (2, "002_parts")]
        assert {"things", "parts", "schema_version"} <= await tables(db)
        assert [r[0] for r in await db.fetch("SELECT name FROM things")] == ["semi;colon"]
    finally:
        await db.close()


async def test_reopening_applies_nothing(tmp_path: Path) -> None:
    path = tmp_path / "a.sqlite3"
    db = await Database.open(path)
    await db.migrate(TWO[:1])
    await db.close()
    db = await Database.open(path)
    try:
        assert await db.migrate(TWO) == [2]  # only the new one
        assert await db.migrate(TWO) == []
        assert await db.schema_version() == 2
    finally:
        await db.close()


async def test_newer_database_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "a.sqlite3"
    db = await Database.open(path)
    await db.migrate(TWO)
    await db.close()
    db = await Database.open(path)
    try:
        with pytest.raises(SchemaTooNew, match=r"version 2.*ARBITER_DB"):
            await db.migrate(TWO[:1])
    finally:
        await db.close()


async def test_open_storage_refuses_a_newer_database_and_closes(tmp_path: Path) -> None:
    path = tmp_path / "a.sqlite3"
    storage = await open_storage(path)
    latest = await storage.db.schema_version()
    async with storage.db.write() as tx:
        await tx.fetch(
            "INSERT INTO schema_version (version, name) VALUES (?, ?)", (latest + 1, "future")
        )
    await storage.close()
    with pytest.raises(SchemaTooNew):
        await open_storage(path)


async def test_failing_migration_rolls_back(tmp_path: Path) -> None:
    broken = [
        TWO[0],
        Migration(
            2, "002_broken", "CREATE TABLE half (id INTEGER);\nINSERT INTO nowhere VALUES (1);"
        ),
    ]
    db = await Database.open(tmp_path / "a.sqlite3")
    try:
        with pytest.raises(Exception, match="nowhere"):
            await db.migrate(broken)
        assert await versions(db) == [(1, "001_things")]
        assert "half" not in await tables(db)
        assert not db.in_transaction
    finally:
        await db.close()


async def test_pragmas_are_set(tmp_path: Path) -> None:
    db = await Database.open(tmp_path / "sub" / "dir" / "a.sqlite3")  # folders made on demand
    try:
        assert str(await pragma(db, "journal_mode")).lower() == "wal"
        assert await pragma(db, "foreign_keys") == 1
        assert await pragma(db, "synchronous") == 1  # NORMAL
        assert int(str(await pragma(db, "busy_timeout"))) >= 1000
    finally:
        await db.close()


async def test_foreign_keys_are_enforced(tmp_path: Path) -> None:
    db = await Database.open(tmp_path / "a.sqlite3")
    try:
        await db.migrate(TWO)
        with pytest.raises(Exception, match="FOREIGN KEY"):
            async with db.write() as tx:
                await tx.fetch("INSERT INTO parts (thing_id) VALUES (?)", (999,))
    finally:
        await db.close()


def test_bad_migration_files_are_rejected(tmp_path: Path) -> None:
    (tmp_path / "001_a.sql").write_text("SELECT 1;", "utf-8")
    (tmp_path / "003_c.sql").write_text("SELECT 1;", "utf-8")
    with pytest.raises(ValueError, match="without gaps"):
        load_migrations(tmp_path)
    (tmp_path / "002-bad name.sql").write_text("SELECT 1;", "utf-8")
    with pytest.raises(ValueError, match="bad migration file name"):
        load_migrations(tmp_path)


def test_shipped_migrations_are_numbered_from_one() -> None:
    found = load_migrations()
    assert [m.version for m in found] == list(range(1, len(found) + 1))
    assert found[0].name == "001_meta"


async def test_real_migrations_and_meta_repo() -> None:
    storage = await open_storage(":memory:")
    try:
        assert await storage.db.schema_version() == len(load_migrations())
        assert await storage.meta.get("commands.hash") is None
        await storage.meta.set("commands.hash", "abc")
        await storage.meta.set("commands.hash", "def")
        assert await storage.meta.get("commands.hash") == "def"
    finally:
        await storage.close()


async def test_an_unusable_path_is_one_storage_error(tmp_path: Path) -> None:
    (tmp_path / "file").write_text("x", "utf-8")
    with pytest.raises(StorageError, match=r"^ARBITER_DB: cannot open .*file"):
        await Database.open(tmp_path / "file" / "a.sqlite3")
    junk = tmp_path / "junk.sqlite3"
    junk.write_bytes(b"not a database at all, just some bytes " * 4)
    with pytest.raises(StorageError, match=r"^ARBITER_DB: cannot use .*junk"):
        await open_storage(junk)
    assert issubclass(SchemaTooNew, StorageError)  # the CLI answers both in one line
