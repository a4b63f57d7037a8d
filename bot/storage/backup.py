"""`python -m bot backup PATH`: an online, verified copy of the live database as an SQLite file.

SQLite: the backup API copies the pages inside one read transaction of the source (WAL: the
bot keeps writing meanwhile), and the copy's per-table counts and checksums must equal those of
that same snapshot; `PRAGMA integrity_check` must pass. PostgreSQL: the migrate-db path copies
one REPEATABLE READ snapshot into a new SQLite file and verifies it the same way. The copy is
written beside PATH and renamed into place only once verified, so PATH is whole or absent.
Restore: stop the bot, then put the file back as ARBITER_DB, or `migrate-db --from PATH --to
postgresql://…` into an empty database (README, "Backup and restore").
"""

from __future__ import annotations

import os
import sqlite3
from dataclasses import dataclass
from pathlib import Path

import aiosqlite

from bot.storage import is_postgres_url
from bot.storage.migrate import TABLES, MigrationRefused, TableSum, migrate, table_sums
from bot.storage.pages import SqliteReader, rows


class BackupFailed(RuntimeError):
    """The copy could not be made or did not verify; PATH was not written."""


@dataclass
class BackupReport:
    path: Path
    tables: dict[str, TableSum]


async def _sqlite_backup(source: str, partial: Path) -> dict[str, TableSum]:
    from bot.storage.migrate import _Digest, _key

    reader = await SqliteReader.open(source)
    try:
        digest = _Digest()
        for table, cols in TABLES.items():
            async for page in rows(reader, table, cols, _key(table)):
                digest.add(table, page)

        async with aiosqlite.connect(partial) as target:  # in the snapshot just summed
            await reader.connection.backup(target)
        return digest.done()
    finally:
        await reader.close()


async def _integrity(path: Path) -> str:
    async with aiosqlite.connect(f"file:{path}?mode=ro", uri=True) as conn:
        found = await conn.execute_fetchall("PRAGMA integrity_check")
    return str(next(iter(found))[0])


async def backup(source: Path | str, path: Path) -> BackupReport:
    """Copy `source` (an SQLite file or a PostgreSQL URL) to the new SQLite file `path`."""
    if path.exists():
        raise BackupFailed(f"{path} exists already; choose a new file name")
    partial = path.with_name(path.name + ".partial")
    for leftover in (partial, Path(f"{partial}-wal"), Path(f"{partial}-shm")):
        leftover.unlink(missing_ok=True)
    try:
        if is_postgres_url(source):
            try:
                report = await migrate(source, partial, live_source=True)
            except MigrationRefused as exc:
                raise BackupFailed(str(exc)) from exc
            want = report.tables
        else:
            if not Path(source).is_file():
                raise BackupFailed(f"no database at {source}")
            try:
                want = await _sqlite_backup(str(source), partial)
            except sqlite3.Error as exc:  # e.g. a schema older than this Arbiter: start it once
                raise BackupFailed(f"cannot read {source}: {exc}") from exc
        got = await table_sums(partial)
        if got != want:
            raise BackupFailed("the copy differs from the database it was made from")
        check = await _integrity(partial)
        if check != "ok":
            raise BackupFailed(f"the copy fails its integrity check: {check}")
        os.replace(partial, path)
    except BaseException:
        partial.unlink(missing_ok=True)
        raise
    finally:
        for leftover in (Path(f"{partial}-wal"), Path(f"{partial}-shm")):
            leftover.unlink(missing_ok=True)
    return BackupReport(path, got)


__all__ = ["BackupFailed", "BackupReport", "backup"]
