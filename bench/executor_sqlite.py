"""The SQLite back end: one connection on its own thread per process, versioned migrations.

Each `await` is one trip to the database thread (about 50-100 µs here), so statements that need
no answer in between travel together: a snapshot is BEGIN, its reads and COMMIT in one trip; a
write transaction sends BEGIN IMMEDIATE with its first statement and COMMIT with its last. Writes
(and reads, which would otherwise see a write of this process half done) take one asyncio lock;
other processes are kept out by SQLite's own lock, waited for up to the busy timeout.

Migrations are `migrations/NNN_name.sql`, applied in order inside one transaction each and recorded
in `schema_version`. A database written by a newer Arbiter is refused rather than guessed at.
"""

from __future__ import annotations

import asyncio
import json
import sqlite3
from collections.abc import AsyncIterator, Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any, TypeVar

from bot.storage.db import Migration, Row, Statement
from bot.storage.db import load_migrations as _load
from bot.storage.errors import (
    DatabaseBusy,
    DatabaseCorrupt,
    DatabaseFull,
    DatabaseReadOnly,
    DatabaseUnavailable,
    SchemaTooNew,
    StorageError,
    StorageFault,
    UniqueViolation,
)

MIGRATIONS_DIR = Path(__file__).with_name("migrations")
BUSY_TIMEOUT_MS = 5000
T = TypeVar("T")

__all__ = [
    "MIGRATIONS_DIR",
    "Database",
    "Migration",
    "SchemaTooNew",
    "SqliteDatabase",
    "StorageError",
    "load_migrations",
    "translate",
]


def load_migrations(directory: Path = MIGRATIONS_DIR) -> list[Migration]:
    return _load(directory)


def translate(exc: sqlite3.Error) -> Exception:
    """The storage fault for an SQLite error, or the error itself when it is not a fault."""
    code = getattr(exc, "sqlite_errorcode", None)
    primary = code & 0xFF if isinstance(code, int) else None
    text = str(exc).lower()
    if isinstance(exc, sqlite3.IntegrityError) and "unique" in text:
        return UniqueViolation(str(exc))
    if primary == sqlite3.SQLITE_READONLY or "readonly" in text:
        return DatabaseReadOnly(str(exc))
    if primary == sqlite3.SQLITE_FULL or "disk is full" in text:
        return DatabaseFull(str(exc))
    if primary in (sqlite3.SQLITE_BUSY, sqlite3.SQLITE_LOCKED) or "locked" in text:
        return DatabaseBusy(str(exc))
    if primary in (sqlite3.SQLITE_CORRUPT, sqlite3.SQLITE_NOTADB) or "malformed" in text:
        return DatabaseCorrupt(str(exc))
    if primary in (sqlite3.SQLITE_IOERR, sqlite3.SQLITE_CANTOPEN, sqlite3.SQLITE_PERM):
        return DatabaseUnavailable(str(exc))
    return exc


def _run_all(
    conn: sqlite3.Connection,
    head: Sequence[str],
    statements: Sequence[Statement],
    tail: Sequence[str],
) -> list[list[Row]]:
    """On the database thread: `head`, the statements (their rows), then `tail`."""
    for sql in head:
        conn.execute(sql)
    out: list[list[Row]] = [conn.execute(sql, tuple(args)).fetchall() for sql, args in statements]
    for sql in tail:
        conn.execute(sql)
    return out


def _rollback(conn: sqlite3.Connection) -> None:
    if conn.in_transaction:
        conn.execute("ROLLBACK")


class SqliteTx:
    """A write transaction: BEGIN IMMEDIATE goes with the first statement, COMMIT with the last."""

    def __init__(self, db: SqliteDatabase) -> None:
        self._db = db
        self.begun = False
        self.later: list[Statement] = []

    def _head(self) -> list[str]:
        if self.begun:
            return []
        self.begun = True
        return ["BEGIN IMMEDIATE"]

    async def fetch(self, sql: str, args: Sequence[Any] = ()) -> list[Row]:
        return (await self.batch([(sql, args)]))[0]

    async def batch(self, statements: Sequence[Statement]) -> list[list[Row]]:
        head = self._head()
        return await self._db.call(_run_all, head, statements, [])

    def at_commit(self, sql: str, args: Sequence[Any] = ()) -> None:
        self.later.append((sql, args))

    async def commit(self) -> None:
        if not self.begun and not self.later:
            return
        head = self._head()
        await self._db.call(_run_all, head, self.later, ["COMMIT"])


class SqliteDatabase:
    """The connection (on its thread) plus the lock that keeps this process's work in order."""

    dialect = "sqlite"

    def __init__(self, path: str, conn: sqlite3.Connection, pool: ThreadPoolExecutor) -> None:
        self.name = path
        self.path = path
        self._conn = conn
        self._pool = pool
        self._lock = asyncio.Lock()

    @classmethod
    async def open(cls, path: Path | str) -> SqliteDatabase:
        """Connect (making the folder on demand) and set the pragmas; `StorageError` if unusable."""
        name = str(path)
        pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="arbiter-sqlite")
        loop = asyncio.get_running_loop()
        try:
            if name != ":memory:":
                Path(name).parent.mkdir(parents=True, exist_ok=True)
            conn = await loop.run_in_executor(pool, _connect, name)
        except (OSError, sqlite3.Error) as exc:
            pool.shutdown(wait=False)
            raise StorageError(f"ARBITER_DB: cannot open {name!r}: {exc}") from exc
        db = cls(name, conn, pool)
        try:
            await loop.run_in_executor(pool, _pragmas, conn)
        except sqlite3.Error as exc:  # e.g. a file that is not an SQLite database
            await db.close()
            raise StorageError(f"ARBITER_DB: cannot use {name!r}: {exc}") from exc
        return db

    async def call(self, fn: Callable[..., T], *args: Any) -> T:
        """Run `fn(connection, *args)` on the database thread; driver errors become faults."""
        loop = asyncio.get_running_loop()
        try:
            return await loop.run_in_executor(self._pool, fn, self._conn, *args)
        except sqlite3.Error as exc:
            raise translate(exc) from exc

    async def close(self) -> None:
        loop = asyncio.get_running_loop()
        try:
            await loop.run_in_executor(self._pool, self._conn.close)
        finally:
            self._pool.shutdown(wait=True)

    # --- the Db interface ----------------------------------------------------------------------

    async def snapshot(self, statements: Sequence[Statement]) -> list[list[Row]]:
        async with self._lock:
            if len(statements) == 1:
                return await self.call(_run_all, [], statements, [])
            try:
                return await self.call(_run_all, ["BEGIN"], statements, ["COMMIT"])
            except BaseException:
                await self.call(_rollback)
                raise

    async def fetch(self, sql: str, args: Sequence[Any] = ()) -> list[Row]:
        return (await self.snapshot([(sql, args)]))[0]

    @asynccontextmanager
    async def write(self) -> AsyncIterator[SqliteTx]:
        async with self._lock:
            tx = SqliteTx(self)
            try:
                yield tx
                await tx.commit()
            except BaseException:
                await asyncio.shield(self.call(_rollback))
                raise

    # Kept for tests and migrations: a transaction whose connection-like object runs statements.
    transaction = write

    def ids(self, values: Sequence[int]) -> Any:
        return json.dumps([int(v) for v in values])

    def in_ids(self, column: str) -> str:
        return f"{column} IN (SELECT value FROM json_each(?))"

    def encode(self, value: Any) -> Any:
        return value

    def decode(self, value: Any) -> Any:
        return value

    async def schema_version(self) -> int:
        async with self._lock:
            return await self.call(_schema_version)

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
            async with self.write() as tx:
                now = await tx.fetch("SELECT MAX(version) FROM schema_version")
                if now[0][0] is not None and int(now[0][0]) >= migration.version:
                    continue  # another process applied it meanwhile
                await tx.batch([(s, ()) for s in _statements(migration.sql)])
                await tx.fetch(
                    "INSERT INTO schema_version (version, name) VALUES (?, ?)",
                    (migration.version, migration.name),
                )
            applied.append(migration.version)
        return applied

    async def self_check(self) -> list[str]:
        """`PRAGMA quick_check` says ok, and a write transaction can be begun."""
        async with self._lock:
            try:
                found = await self.call(_quick_check)
            except StorageFault as exc:
                return [f"ARBITER_DB {self.name!r} is damaged: {exc}"]
            if found != ["ok"]:
                return [f"ARBITER_DB {self.name!r} is damaged: {'; '.join(found[:3])}"]
            try:
                await self.call(_try_write)
            except DatabaseReadOnly as exc:
                return [f"ARBITER_DB {self.name!r} is read-only: {exc}"]
            except StorageFault as exc:
                return [f"ARBITER_DB {self.name!r} cannot be written: {exc}"]
        return []


Database = SqliteDatabase


def _connect(path: str) -> sqlite3.Connection:
    return sqlite3.connect(path, isolation_level=None, check_same_thread=False)


def _pragmas(conn: sqlite3.Connection) -> None:
    conn.execute("PRAGMA journal_mode=WAL")
    conn.execute("PRAGMA synchronous=NORMAL")
    conn.execute(f"PRAGMA busy_timeout={BUSY_TIMEOUT_MS}")
    conn.execute("PRAGMA foreign_keys=ON")


def _schema_version(conn: sqlite3.Connection) -> int:
    conn.execute(
        "CREATE TABLE IF NOT EXISTS schema_version ("
        " version INTEGER PRIMARY KEY, name TEXT NOT NULL,"
        " applied_at TEXT NOT NULL DEFAULT (datetime('now')))"
    )
    row = conn.execute("SELECT MAX(version) FROM schema_version").fetchone()
    return int(row[0]) if row and row[0] is not None else 0


def _quick_check(conn: sqlite3.Connection) -> list[str]:
    return [str(r[0]) for r in conn.execute("PRAGMA quick_check").fetchall()]


def _try_write(conn: sqlite3.Connection) -> None:
    """Take the write lock and start a write that changes no row, then roll back: a read-only
    file (or one SQLite opened read-only because the process may not write it) refuses it."""
    conn.execute("BEGIN IMMEDIATE")
    try:
        conn.execute("UPDATE schema_version SET name = name WHERE version < 0")
    finally:
        conn.execute("ROLLBACK")


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
