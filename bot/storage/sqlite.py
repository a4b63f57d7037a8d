"""The SQLite back end on aiosqlite: one connection, owned by aiosqlite's thread, per process.

Every `await` on the connection is one trip to that thread (about 50-100 µs here), so the trips
are few by construction, not by batching behind the driver's back: a write transaction opens
with its first INSERT/UPDATE/DELETE (Python's sqlite3 issues `BEGIN IMMEDIATE` in front of it,
in the same call; only a transaction that starts with a read sends its own BEGIN), reads are one
`execute_fetchall` each, repeated statements go as one `executemany`, and the repositories send
statements that return what the next one needs. Writes (and reads, which would otherwise see a
write of this process half done) take one asyncio lock; other processes are kept out by SQLite's
own lock, waited for up to the busy timeout.

Migrations are `migrations/NNN_name.sql`, applied in order inside one transaction each and recorded
in `schema_version`. A database written by a newer Arbiter is refused rather than guessed at.
"""

from __future__ import annotations

import asyncio
import json
import re
import sqlite3
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import aiosqlite

from bot.storage.db import Migration, Row, Statement
from bot.storage.db import load_migrations as _load
from bot.storage.dedupe import rolled_back
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
# What Python's sqlite3 treats as DML (and so opens its implicit transaction for).
_DML = re.compile(
    r"\s*(?:--[^\n]*\n\s*|/\*.*?\*/\s*)*(insert|update|delete|replace)\b", re.I | re.S
)

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


def opens_transaction(sql: str) -> bool:
    """Whether sqlite3 begins its implicit transaction in front of `sql` (INSERT, UPDATE, …)."""
    return _DML.match(sql) is not None


class SqliteTx:
    """A write transaction. It begins with its first statement: in the same trip when that is a
    write (the implicit `BEGIN IMMEDIATE`), with an explicit BEGIN IMMEDIATE before a read."""

    def __init__(self, db: SqliteDatabase) -> None:
        self._db = db
        self.begun = False
        self.later: list[Statement] = []

    async def _begin(self, sql: str) -> None:
        if self.begun:
            return
        self.begun = True
        if not opens_transaction(sql):
            await self._db.execute("BEGIN IMMEDIATE")

    async def fetch(self, sql: str, args: Sequence[Any] = ()) -> list[Row]:
        if not self.begun:
            await self._begin(sql)
        return await self._db.rows(sql, args)

    async def batch(self, statements: Sequence[Statement]) -> list[list[Row]]:
        return [await self.fetch(sql, args) for sql, args in statements]

    async def many(self, sql: str, rows: Sequence[Sequence[Any]]) -> None:
        """One statement for each of `rows`, in one trip (`executemany`); returns nothing."""
        if not rows:
            return
        await self._begin(sql)
        await self._db.execute_many(sql, rows)

    final = fetch  # the step's closing statement; COMMIT is a call of its own on aiosqlite

    def at_commit(self, sql: str, args: Sequence[Any] = ()) -> None:
        self.later.append((sql, args))

    async def commit(self) -> None:
        for sql, args in self.later:
            await self.fetch(sql, args)
        if self.begun:
            await self._db.commit()


class SqliteDatabase:
    """The aiosqlite connection plus the lock that keeps this process's work in order."""

    dialect = "sqlite"

    def __init__(self, path: str, conn: aiosqlite.Connection) -> None:
        self.name = path
        self.path = path
        self._conn = conn
        self._lock = asyncio.Lock()
        self.trips = 0  # awaits on the connection so far (bench/tracker.py --counts reads it)
        self._closed = False

    @classmethod
    async def open(cls, path: Path | str) -> SqliteDatabase:
        """Connect (making the folder on demand) and set the pragmas; `StorageError` if unusable."""
        name = str(path)
        try:
            if name != ":memory:":
                Path(name).parent.mkdir(parents=True, exist_ok=True)
                # A path SQLite cannot open fails here, before aiosqlite's thread starts: that
                # thread would report its failure to a loop that may be closed by then.
                sqlite3.connect(name).close()
            conn = await _connect(name)
        except (OSError, sqlite3.Error) as exc:
            raise StorageError(f"ARBITER_DB: cannot open {name!r}: {exc}") from exc
        db = cls(name, conn)
        try:
            for pragma in _PRAGMAS:
                await conn.execute(pragma)
        except sqlite3.Error as exc:  # e.g. a file that is not an SQLite database
            await db.close()
            raise StorageError(f"ARBITER_DB: cannot use {name!r}: {exc}") from exc
        return db

    # --- one trip each; driver errors become faults ----------------------------------------------

    async def rows(self, sql: str, args: Sequence[Any] = ()) -> list[Row]:
        self.trips += 1
        try:
            return list(await self._conn.execute_fetchall(sql, tuple(args)))
        except sqlite3.Error as exc:
            raise translate(exc) from exc

    async def execute(self, sql: str) -> None:
        self.trips += 1
        try:
            await self._conn.execute(sql)
        except sqlite3.Error as exc:
            raise translate(exc) from exc

    async def execute_many(self, sql: str, rows: Sequence[Sequence[Any]]) -> None:
        self.trips += 1
        try:
            await self._conn.executemany(sql, [tuple(r) for r in rows])
        except sqlite3.Error as exc:
            raise translate(exc) from exc

    async def commit(self) -> None:
        self.trips += 1
        try:
            await self._conn.commit()
        except sqlite3.Error as exc:
            raise translate(exc) from exc

    async def rollback(self) -> None:
        """Roll back the open transaction, if any (no trip when none is open)."""
        if self._conn.in_transaction:
            self.trips += 1
            try:
                await self._conn.rollback()
            except sqlite3.Error as exc:
                raise translate(exc) from exc

    @property
    def in_transaction(self) -> bool:
        return self._conn.in_transaction

    async def close(self) -> None:
        """Close after the work in flight (a read or a write of this process) is done."""
        async with self._lock:
            self._closed = True
            await self._conn.close()

    def _open(self) -> None:
        if self._closed:
            raise DatabaseUnavailable(f"ARBITER_DB {self.name!r} is closed")

    # --- the Db interface ----------------------------------------------------------------------

    async def snapshot(self, statements: Sequence[Statement]) -> list[list[Row]]:
        """One statement is its own consistent read; several run inside BEGIN … COMMIT."""
        if len(statements) == 1:
            return [await self.fetch(*statements[0])]
        async with self._lock:
            self._open()
            try:
                await self.execute("BEGIN")
                out = [await self.rows(sql, args) for sql, args in statements]
                await self.commit()
                return out
            except BaseException:
                await asyncio.shield(self.rollback())
                raise

    async def fetch(self, sql: str, args: Sequence[Any] = ()) -> list[Row]:
        """One statement, its own consistent read (the version check of every command)."""
        async with self._lock:
            self._open()
            found = await self.rows(sql, args)
            if self._conn.in_transaction:  # a lone write (sqlite3 began it): keep it
                await self.commit()
            return found

    def write(self) -> _Write:
        """`async with db.write() as tx`: under the lock, committed at the end, rolled back on
        any exception (a class, not a generator: every trip of a step resumes through it)."""
        return _Write(self)

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
            await self.rows(_SCHEMA_TABLE)
            row = await self.rows("SELECT MAX(version) FROM schema_version")
        return int(row[0][0]) if row and row[0][0] is not None else 0

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
                found = [str(r[0]) for r in await self.rows("PRAGMA quick_check")]
            except StorageFault as exc:
                return [f"ARBITER_DB {self.name!r} is damaged: {exc}"]
            if found != ["ok"]:
                return [f"ARBITER_DB {self.name!r} is damaged: {'; '.join(found[:3])}"]
            try:
                await self._try_write()
            except DatabaseReadOnly as exc:
                return [f"ARBITER_DB {self.name!r} is read-only: {exc}"]
            except StorageFault as exc:
                return [f"ARBITER_DB {self.name!r} cannot be written: {exc}"]
        return []

    async def _try_write(self) -> None:
        """Take the write lock and start a write that changes no row, then roll back: a read-only
        file (or one SQLite opened read-only because the process may not write it) refuses it."""
        try:
            await self.execute("BEGIN IMMEDIATE")
            await self.rows("UPDATE schema_version SET name = name WHERE version < 0")
        finally:
            await self.rollback()


class _Write:
    """The write transaction's context: the lock held throughout, COMMIT at a clean exit."""

    __slots__ = ("db", "tx")

    def __init__(self, db: SqliteDatabase) -> None:
        self.db = db
        self.tx = SqliteTx(db)

    async def __aenter__(self) -> SqliteTx:
        await self.db._lock.acquire()
        try:
            self.db._open()
        except BaseException:
            self.db._lock.release()
            raise
        return self.tx

    async def __aexit__(self, kind: type[BaseException] | None, *_: object) -> None:
        try:
            if kind is None:
                try:
                    await self.tx.commit()
                except BaseException:
                    await self._undo()
                    raise
            else:
                await self._undo()
        finally:
            self.db._lock.release()

    async def _undo(self) -> None:
        rolled_back(self.tx)
        await asyncio.shield(self.db.rollback())


Database = SqliteDatabase


def _connect(name: str) -> aiosqlite.Connection:
    """The connection (awaiting it starts aiosqlite's thread); writes begin IMMEDIATE."""
    return aiosqlite.connect(name, isolation_level="IMMEDIATE")


_PRAGMAS = (
    "PRAGMA journal_mode=WAL",
    "PRAGMA synchronous=NORMAL",
    f"PRAGMA busy_timeout={BUSY_TIMEOUT_MS}",
    "PRAGMA foreign_keys=ON",
)
_SCHEMA_TABLE = (
    "CREATE TABLE IF NOT EXISTS schema_version ("
    " version INTEGER PRIMARY KEY, name TEXT NOT NULL,"
    " applied_at TEXT NOT NULL DEFAULT (datetime('now')))"
)


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
