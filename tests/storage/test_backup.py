"""`python -m bot backup PATH` (issue 18): an online copy, verified, of an SQLite file (the backup
API, while another connection keeps writing) and of PostgreSQL (into an SQLite file), which
restores: as the ARBITER_DB file, or into an empty PostgreSQL by migrate-db."""

from __future__ import annotations

import asyncio
import random
import sqlite3
from pathlib import Path

import pytest

from bot.app import create_services
from bot.cli import main
from bot.config import Settings
from bot.handlers import tracker_ops as service
from bot.storage import open_storage
from bot.storage.backup import BackupFailed, backup
from bot.storage.migrate import migrate, table_sums
from tests.storage import fixtures as both
from tests.storage.fixtures import PgServer
from tests.storage.test_migrate_db import ctx, filled

pg_server = both.pg_server


async def test_an_sqlite_backup_while_the_bot_writes(tmp_path: Path) -> None:
    path = tmp_path / "live.sqlite3"
    games = await filled(path)
    svc = await create_services(Settings(), db_path=path, rng=random.Random(1))
    stop = asyncio.Event()

    async def keep_writing() -> int:
        n = 0
        while not stop.is_set():
            await service.add(ctx(svc, "alice", 202), "alice", "life", 1)
            n += 1
            await asyncio.sleep(0)
        return n

    writer = asyncio.create_task(keep_writing())
    try:
        await asyncio.sleep(0.05)
        report = await backup(path, tmp_path / "copy.sqlite3")
    finally:
        stop.set()
        written = await writer
        await svc.storage.close()
    assert written > 0 and report.tables == await table_sums(tmp_path / "copy.sqlite3")
    assert not list(tmp_path.glob("*.partial*"))
    restored = await open_storage(tmp_path / "copy.sqlite3")  # restore: use it as ARBITER_DB
    try:
        ended = min(games)
        assert await restored.tracker.load(ended) == games[ended]
        assert await restored.meta.get("commands.hash") == "abc"
    finally:
        await restored.close()
    with pytest.raises(BackupFailed, match="exists already"):
        await backup(path, tmp_path / "copy.sqlite3")


async def test_a_postgresql_backup_restores_into_an_empty_database(
    tmp_path: Path, pg_server: PgServer, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "a.sqlite3"
    games = await filled(path)
    url = await pg_server.new_database()
    await migrate(path, url)
    secret = url.replace("postgresql://arbiter@", "postgresql://arbiter:s3cret@")
    out_file = tmp_path / "pg-backup.sqlite3"
    code = await asyncio.to_thread(main, ["backup", str(out_file), "--from", secret])
    out = capsys.readouterr()
    assert code == 0, out.err
    assert "verified" in out.out and "tracker_events:" in out.out and "s3cret" not in out.out
    again = await pg_server.new_database()  # restore: migrate-db from the file, then serve
    report = await migrate(out_file, again)
    assert report.tables == await table_sums(url)
    restored = await open_storage(again)
    try:
        for game_id, state in games.items():
            assert await restored.tracker.load(game_id) == state
    finally:
        await restored.close()
    code = await asyncio.to_thread(main, ["backup", str(out_file), "--from", secret])
    err = capsys.readouterr().err
    assert code == 1 and "exists already" in err and "s3cret" not in err


async def test_a_file_that_cannot_be_read_is_refused_in_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    old = tmp_path / "old.sqlite3"
    sqlite3.connect(old).execute("CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT)").close()
    code = await asyncio.to_thread(
        main, ["backup", str(tmp_path / "b.sqlite3"), "--from", str(old)]
    )
    err = capsys.readouterr().err
    assert (
        code == 1
        and err.startswith("arbiter: backup failed: cannot read")
        and "Traceback" not in err
    )
    assert not (tmp_path / "b.sqlite3").exists() and not list(tmp_path.glob("b.sqlite3*"))
