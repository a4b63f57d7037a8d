"""The SQLite back end: one long-lived aiosqlite connection per process, versioned migrations.

Migrations are `migrations/NNN_name.sql`, applied in order inside one transaction each and recorded
in `schema_version`. A database written by a newer Arbiter is refused rather than guessed at.
All writes go through `transaction()`, which serialises them on this connection.
"""

from __future__ import annotations

import asyncio
import re
import sqlite3
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass
from pathlib import Path

import aiosqlite

MIGRATIONS_DIR = Path(__file__).with_name("migrations")
_MIGRATION_NAME = re.compile(r"^(\d{3})_[a-z0-9_]+\.sql$")


class StorageError(RuntimeError):
    """The database cannot be used; the message says which file and why, in one line."""


class SchemaTooNew(StorageError):
    """The database was written by a newer version of Arbiter."""


@dataclass(frozen=True)
class Migration:
    version: int
    name: str
    sql: str


def load_migrations(directory: Path = MIGRATIONS_DIR) -> list[Migration]:
    """Every migration file in version order; gaps or duplicates are an error."""
    found: list[Migration] = []
    for path in sorted(directory.glob("*.sql")):
        match = _MIGRATION_NAME.match(path.name)
        if not match:
            raise ValueError(f"bad migration file name: {path.name}")
        found.append(Migration(int(match.group(1)), path.stem, path.read_text("utf-8")))
    versions = [m.version for m in found]
    if versions != list(range(1, len(found) + 1)):
        raise ValueError(f"migrations must be numbered 1..n without gaps, got {versions}")
    return found


class Database:
    """The shared connection plus a write lock; repositories hold a reference to it."""

    def __init__(self, conn: aiosqlite.Connection) -> None:
        self.conn = conn
        self._lock = asyncio.Lock()

    @classmethod
    async def open(cls, path: Path | str) -> Database:
        """Connect (making the folder on demand) and set the pragmas; `StorageError` if unusable."""
        try:
            if str(path) != ":memory:":
                Path(path).parent.mkdir(parents=True, exist_ok=True)
            conn = await aiosqlite.connect(str(path), isolation_level=None)
        except (OSError, sqlite3.Error) as exc:
            raise StorageError(f"ARBITER_DB: cannot open {str(path)!r}: {exc}") from exc
        try:
            conn.row_factory = aiosqlite.Row
            await conn.execute("PRAGMA journal_mode=WAL")
            await conn.execute("PRAGMA synchronous=NORMAL")
            await conn.execute("PRAGMA busy_timeout=5000")
            await conn.execute("PRAGMA foreign_keys=ON")
        except sqlite3.Error as exc:  # e.g. a file that is not an SQLite database
            await conn.close()
            raise StorageError(f"ARBITER_DB: cannot use {str(path)!r}: {exc}") from exc
        return cls(conn)

    async def close(self) -> None:
        await self.conn.close()

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[aiosqlite.Connection]:
        """BEGIN IMMEDIATE … COMMIT, rolled back on any error; one at a time on this connection."""
        async with self._lock:
            await self.conn.execute("BEGIN IMMEDIATE")
            try:
                yield self.conn
            except BaseException:
                await self.conn.execute("ROLLBACK")
                raise
            else:
                await self.conn.execute("COMMIT")

    async def schema_version(self) -> int:
        await self.conn.execute(
            "CREATE TABLE IF NOT EXISTS schema_version ("
            " version INTEGER PRIMARY KEY, name TEXT NOT NULL,"
            " applied_at TEXT NOT NULL DEFAULT (datetime('now')))"
        )
        async with self.conn.execute("SELECT MAX(version) FROM schema_version") as cur:
            row = await cur.fetchone()
        return int(row[0]) if row and row[0] is not None else 0

    async def migrate(self, migrations: list[Migration] | None = None) -> list[int]:
        """Apply pending migrations; returns the versions applied."""
        migrations = load_migrations() if migrations is None else migrations
        current = await self.schema_version()
        latest = migrations[-1].version if migrations else 0
        if current > latest:
            raise SchemaTooNew(
                f"the database is at schema version {current}, newer than this Arbiter "
                f"knows ({latest}); upgrade Arbiter or use another ARBITER_DB"
            )
        applied: list[int] = []
        for migration in migrations:
            if migration.version <= current:
                continue
            async with self.transaction() as conn:
                for statement in _statements(migration.sql):
                    await conn.execute(statement)
                await conn.execute(
                    "INSERT INTO schema_version (version, name) VALUES (?, ?)",
                    (migration.version, migration.name),
                )
            applied.append(migration.version)
        return applied


def _statements(sql: str) -> list[str]:
    """Split a migration script into statements (executescript would commit on its own)."""
    parts: list[str] = []
    buffer = ""
    for line in sql.splitlines(keepends=True):
        if line.strip().startswith("--"):
            continue
        buffer += line
        if buffer.strip() and sqlite3.complete_statement(buffer):
            parts.append(buffer.strip())
            buffer = ""
    if buffer.strip():
        parts.append(buffer.strip())
    return parts
