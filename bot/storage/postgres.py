"""The PostgreSQL back end (asyncpg): a small pool, the same migrations by number, row locks.

Concurrency: every write to a game first locks that game's row (`SELECT … FOR UPDATE`, in the
statement that opens the step), so the writers of one game, in any process, take turns, and each
statement after the lock sees what the previous writer committed (READ COMMITTED). Writers of
different games never wait for each other. Multi-statement reads run in one REPEATABLE READ
transaction so they see one state. Driver errors become the faults of `bot.storage.errors`; a lost
connection is dropped from the pool, so the bot recovers by itself when the server is back.
"""

from __future__ import annotations

import asyncio
import itertools
import json
import re
from collections.abc import AsyncIterator, Sequence
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit, urlunsplit

import asyncpg

from bot.storage.db import Migration, Row, Statement, load_migrations
from bot.storage.dedupe import rolled_back
from bot.storage.errors import (
    DatabaseBusy,
    DatabaseCorrupt,
    DatabaseFull,
    DatabaseReadOnly,
    DatabaseUnavailable,
    SchemaTooNew,
    StorageError,
    UniqueViolation,
)

MIGRATIONS_DIR = Path(__file__).with_name("migrations_pg")
LOCK_TIMEOUT_MS = 5000
CONNECT_TIMEOUT_S = 5.0
_MIGRATION_LOCK = 0x4152_4249  # "ARBI": one process migrates at a time
_PLACEHOLDER = re.compile(r"\?")
_numbered: dict[str, str] = {}
_encode = json.JSONEncoder(ensure_ascii=False).encode  # one encoder, not one per value


def numbered(sql: str) -> str:
    """`?` placeholders as PostgreSQL's `$1, $2, …` (the repositories write `?`)."""
    found = _numbered.get(sql)
    if found is None:
        counter = itertools.count(1)
        found = _PLACEHOLDER.sub(lambda _: f"${next(counter)}", sql)
        _numbered[sql] = found
    return found


def safe_url(url: str) -> str:
    """The URL without its password (user:pw@ or ?password=), for messages and logs."""
    parts = urlsplit(url)
    query = _QUERY_PASSWORD.sub(r"\1***", parts.query)
    if parts.password is None and query == parts.query:
        return url
    netloc = parts.netloc
    if parts.password is not None:
        host = parts.hostname or ""
        host = f"[{host}]" if ":" in host else host
        netloc = f"{parts.username}:***@{host}" + (f":{parts.port}" if parts.port else "")
    return urlunsplit((parts.scheme, netloc, parts.path, query, parts.fragment))


_QUERY_PASSWORD = re.compile(r"((?:^|&)password=)[^&]*", re.IGNORECASE)


_CONNECTION_LOST = (
    OSError,
    asyncio.TimeoutError,
    asyncpg.exceptions.ConnectionDoesNotExistError,
    asyncpg.exceptions.CannotConnectNowError,
    asyncpg.exceptions.ConnectionFailureError,
    asyncpg.exceptions.AdminShutdownError,
    asyncpg.exceptions.CrashShutdownError,
    asyncpg.exceptions.TooManyConnectionsError,
    asyncpg.exceptions.InterfaceError,
    asyncpg.exceptions.InternalClientError,  # the driver lost track of the protocol
)


def translate(exc: BaseException) -> BaseException:
    """The storage fault for a driver error, or the error itself when it is not a fault."""
    if isinstance(exc, asyncpg.exceptions.UniqueViolationError):
        return UniqueViolation(str(exc))
    if isinstance(exc, asyncpg.exceptions.ReadOnlySQLTransactionError):
        return DatabaseReadOnly(str(exc))
    if isinstance(
        exc, asyncpg.exceptions.DiskFullError | asyncpg.exceptions.InsufficientResourcesError
    ):
        return DatabaseFull(str(exc))
    if isinstance(
        exc,
        asyncpg.exceptions.LockNotAvailableError
        | asyncpg.exceptions.DeadlockDetectedError
        | asyncpg.exceptions.QueryCanceledError,
    ):
        return DatabaseBusy(str(exc))
    if isinstance(
        exc, asyncpg.exceptions.DataCorruptedError | asyncpg.exceptions.IndexCorruptedError
    ):
        return DatabaseCorrupt(str(exc))
    if isinstance(exc, _CONNECTION_LOST):
        return DatabaseUnavailable(str(exc) or type(exc).__name__)
    return exc


@asynccontextmanager
async def _faults() -> AsyncIterator[None]:
    try:
        yield
    except (asyncpg.PostgresError, *_CONNECTION_LOST) as exc:
        mapped = translate(exc)
        if mapped is exc:
            raise
        raise mapped from exc


class Connections:
    """A minimal pool: idle connections kept in a list, at most `max_size` in use.

    asyncpg's own pool costs about as much per command as a whole query on this machine; this
    one hands an idle connection back without a round trip, drops a connection the server closed
    (or that was left inside a transaction) and opens a new one on demand, which is also how the
    bot recovers when the server returns.
    """

    def __init__(self, url: str, max_size: int) -> None:
        self.url = url
        self._idle: list[Any] = []
        self._slots = asyncio.Semaphore(max_size)

    async def _connect(self) -> Any:
        return await asyncpg.connect(
            self.url,
            timeout=CONNECT_TIMEOUT_S,
            command_timeout=60,
            server_settings={
                "lock_timeout": str(LOCK_TIMEOUT_MS),
                "application_name": "arbiter",
            },
        )

    async def acquire(self) -> Any:
        await self._slots.acquire()
        try:
            while self._idle:
                conn = self._idle.pop()
                if not conn.is_closed():
                    return conn
            return await self._connect()
        except BaseException:
            self._slots.release()
            raise

    def release(self, conn: Any) -> None:
        if conn.is_closed() or conn.is_in_transaction():
            conn.terminate()
        else:
            self._idle.append(conn)
        self._slots.release()

    async def close(self) -> None:
        idle, self._idle = self._idle, []
        for conn in idle:
            try:
                await asyncio.wait_for(conn.close(), 5)
            except (TimeoutError, *_CONNECTION_LOST):
                conn.terminate()


class PgTx:
    """A write transaction that begins (BEGIN) with its first statement; a transaction of one
    statement (`final` alone) runs it without BEGIN and COMMIT: one round trip."""

    def __init__(self, conn: Any) -> None:
        self._conn = conn
        self.later: list[Statement] = []
        self._transaction: Any = None

    async def _begin(self) -> None:
        if self._transaction is None:
            self._transaction = self._conn.transaction()
            await self._transaction.start()

    async def fetch(self, sql: str, args: Sequence[Any] = ()) -> list[Row]:
        await self._begin()
        async with _faults():
            return list(await self._conn.fetch(numbered(sql), *args))

    async def batch(self, statements: Sequence[Statement]) -> list[list[Row]]:
        return [await self.fetch(sql, args) for sql, args in statements]

    async def many(self, sql: str, rows: Sequence[Sequence[Any]]) -> None:
        if not rows:
            return
        await self._begin()
        async with _faults():
            await self._conn.executemany(numbered(sql), [tuple(r) for r in rows])

    async def final(self, sql: str, args: Sequence[Any] = ()) -> list[Row]:
        if self._transaction is None and not self.later:
            async with _faults():
                return list(await self._conn.fetch(numbered(sql), *args))
        return await self.fetch(sql, args)

    def at_commit(self, sql: str, args: Sequence[Any] = ()) -> None:
        self.later.append((sql, args))

    async def commit(self) -> None:
        for sql, args in self.later:
            await self.fetch(sql, args)
        if self._transaction is not None:
            await self._transaction.commit()

    async def rollback(self) -> None:
        if self._transaction is not None and not self._conn.is_closed():
            try:
                await self._transaction.rollback()
            except (asyncpg.PostgresError, *_CONNECTION_LOST):
                pass  # the server drops the transaction with the connection

    async def copy_rows(
        self, table: str, columns: Sequence[str], records: Sequence[Sequence[Any]]
    ) -> None:
        """Rows in bulk by COPY (migrate-db, backups): no statement, no argument limit; inside
        the transaction, like every other write of it."""
        await self._begin()
        async with _faults():
            await self._conn.copy_records_to_table(table, columns=list(columns), records=records)


class PostgresDatabase:
    dialect = "postgresql"

    def __init__(self, url: str, pool: Connections) -> None:
        self.url = url
        self.name = safe_url(url)
        self._pool = pool

    @classmethod
    async def open(cls, url: str, *, max_size: int = 8) -> PostgresDatabase:
        pool = Connections(url, max_size)
        try:
            conn = await pool.acquire()
            pool.release(conn)
        except (asyncpg.PostgresError, *_CONNECTION_LOST, ValueError) as exc:
            raise StorageError(
                f"ARBITER_DATABASE_URL: cannot connect to {safe_url(url)}: {exc}"
            ) from exc
        return cls(url, pool)

    async def close(self) -> None:
        await self._pool.close()

    async def expire_connections(self) -> None:
        """Close the idle connections: the next commands open new sessions."""
        await self._pool.close()

    @asynccontextmanager
    async def _conn(self) -> AsyncIterator[Any]:
        async with _faults():
            conn = await self._pool.acquire()
        try:
            yield conn
        finally:
            self._pool.release(conn)

    async def snapshot(self, statements: Sequence[Statement]) -> list[list[Row]]:
        async with self._conn() as conn, _faults():
            if len(statements) == 1:
                sql, args = statements[0]
                return [list(await conn.fetch(numbered(sql), *args))]
            async with conn.transaction(isolation="repeatable_read", readonly=True):
                return [list(await conn.fetch(numbered(s), *a)) for s, a in statements]

    async def fetch(self, sql: str, args: Sequence[Any] = ()) -> list[Row]:
        return (await self.snapshot([(sql, args)]))[0]

    @asynccontextmanager
    async def write(self) -> AsyncIterator[PgTx]:
        async with self._conn() as conn, _faults():
            tx = PgTx(conn)
            try:
                yield tx
                await tx.commit()
            except BaseException:
                rolled_back(tx)
                await tx.rollback()
                raise

    def ids(self, values: Sequence[int]) -> Any:
        return [int(v) for v in values]

    def in_ids(self, column: str) -> str:
        return f"{column} = ANY(?::bigint[])"

    def encode(self, value: Any) -> Any:
        return None if value is None else _encode(value)

    def decode(self, value: Any) -> Any:
        return None if value is None else json.loads(value)

    async def schema_version(self) -> int:
        async with self._conn() as conn, _faults():
            if await conn.fetchval("SELECT to_regclass('schema_version')") is None:
                return 0  # a new database; `migrate` creates the table under its lock
            found = await conn.fetchval("SELECT MAX(version) FROM schema_version")
        return int(found) if found is not None else 0

    async def migrate(self, migrations: list[Migration] | None = None) -> list[int]:
        """Apply pending migrations, one transaction each, one process at a time."""
        migrations = load_migrations(MIGRATIONS_DIR) if migrations is None else migrations
        latest = migrations[-1].version if migrations else 0
        applied: list[int] = []
        async with self._conn() as conn, _faults():
            # Shards started together on a new database: the lock comes before the table, or
            # two processes race on CREATE TABLE IF NOT EXISTS (a unique violation in pg_type).
            async with conn.transaction():
                await conn.execute("SELECT pg_advisory_xact_lock($1)", _MIGRATION_LOCK)
                await conn.execute(_SCHEMA_TABLE)
            for migration in [None, *migrations]:
                async with conn.transaction():
                    await conn.execute("SELECT pg_advisory_xact_lock($1)", _MIGRATION_LOCK)
                    found = await conn.fetchval("SELECT MAX(version) FROM schema_version")
                    current = int(found) if found is not None else 0
                    if current > latest:
                        raise SchemaTooNew(
                            f"the database is at schema version {current}, newer than this "
                            f"Arbiter knows ({latest}); upgrade Arbiter or use another "
                            "ARBITER_DATABASE_URL"
                        )
                    if migration is None or migration.version <= current:
                        continue
                    await conn.execute(migration.sql)
                    await conn.execute(
                        "INSERT INTO schema_version (version, name) VALUES ($1, $2)",
                        migration.version,
                        migration.name,
                    )
                applied.append(migration.version)
        return applied

    async def self_check(self) -> list[str]:
        """The server answers and accepts writes (not a standby, not read-only by default)."""
        try:
            async with self._conn() as conn:
                recovery = await conn.fetchval("SELECT pg_is_in_recovery()")
                readonly = await conn.fetchval("SHOW default_transaction_read_only")
        except DatabaseUnavailable as exc:
            return [f"ARBITER_DATABASE_URL {self.name}: unavailable: {exc}"]
        if recovery or readonly == "on":
            return [f"ARBITER_DATABASE_URL {self.name} is read-only"]
        return []


_SCHEMA_TABLE = (
    "CREATE TABLE IF NOT EXISTS schema_version ("
    " version INTEGER PRIMARY KEY, name TEXT NOT NULL,"
    " applied_at TIMESTAMPTZ NOT NULL DEFAULT now())"
)
