"""Reading whole tables in bounded memory: keyset pages inside one read-only snapshot.

`migrate-db` and `backup` walk every row of a database that may hold millions of events, and a
live bot may write to it meanwhile. A reader here opens its own connection, starts one read
transaction (SQLite: a deferred BEGIN that pins a WAL snapshot; PostgreSQL: REPEATABLE READ,
read only) and hands out pages of `PAGE` rows ordered by primary key, so memory stays flat and
every page sees the same state.
"""

from __future__ import annotations

import json
from collections.abc import AsyncIterator, Sequence
from pathlib import Path
from typing import Any, Protocol

import aiosqlite
import asyncpg

from bot.storage.errors import DatabaseUnavailable

PAGE = 2000
JSON_COLUMNS = frozenset({"before_value", "after_value"})  # jsonb on PostgreSQL, text on SQLite
FLOAT_COLUMNS = frozenset({"created_at", "ended_at", "live_posted_at", "at", "undone_at"})


class Reader(Protocol):
    dialect: str

    async def page(
        self, table: str, columns: Sequence[str], key: str, after: Any, limit: int
    ) -> list[Sequence[Any]]: ...

    async def close(self) -> None: ...


def _select(table: str, columns: Sequence[str], key: str, first: bool) -> str:
    """`key` is one column or several, comma-separated (compared as a row value)."""
    names = [k.strip() for k in key.split(",")]
    marks = ", ".join("?" for _ in names)
    where = "" if first else f" WHERE ({', '.join(names)}) > ({marks})"
    return f"SELECT {', '.join(columns)} FROM {table}{where} ORDER BY {key} LIMIT ?"


class SqliteReader:
    """A read snapshot of an SQLite file on an aiosqlite connection of its own (WAL: writers go
    on); the driver's thread does the reading, as for the bot's own connection."""

    dialect = "sqlite"

    def __init__(self, conn: aiosqlite.Connection) -> None:
        self._conn = conn

    @property
    def connection(self) -> aiosqlite.Connection:
        """The connection holding the snapshot (the backup API copies through it)."""
        return self._conn

    @classmethod
    async def open(cls, path: str) -> SqliteReader:
        conn = await aiosqlite.connect(path, isolation_level=None)
        try:
            await conn.execute("PRAGMA busy_timeout=5000")
            await conn.execute("BEGIN")
            await conn.execute_fetchall("SELECT COUNT(*) FROM sqlite_master")  # pins the snapshot
        except BaseException:
            await conn.close()
            raise
        return cls(conn)

    async def page(
        self, table: str, columns: Sequence[str], key: str, after: Any, limit: int
    ) -> list[Sequence[Any]]:
        sql = _select(table, columns, key, after is None)
        args = (limit,) if after is None else (*after, limit)
        return list(await self._conn.execute_fetchall(sql, args))

    async def close(self) -> None:
        try:
            await self._conn.execute("COMMIT")
        finally:
            await self._conn.close()


class PostgresReader:
    """A REPEATABLE READ, read-only transaction on a connection of its own."""

    dialect = "postgresql"

    def __init__(self, conn: Any, tx: Any) -> None:
        self._conn = conn
        self._tx = tx

    @classmethod
    async def open(cls, url: str) -> PostgresReader:
        from bot.storage.postgres import CONNECT_TIMEOUT_S, safe_url

        try:
            conn = await asyncpg.connect(url, timeout=CONNECT_TIMEOUT_S)
        except (TimeoutError, OSError, asyncpg.PostgresError) as exc:
            raise DatabaseUnavailable(f"{safe_url(url)}: {exc}") from exc
        tx = conn.transaction(isolation="repeatable_read", readonly=True)
        await tx.start()
        return cls(conn, tx)

    async def page(
        self, table: str, columns: Sequence[str], key: str, after: Any, limit: int
    ) -> list[Sequence[Any]]:
        from bot.storage.postgres import numbered

        sql = numbered(_select(table, columns, key, after is None))
        args = (limit,) if after is None else (*after, limit)
        return list(await self._conn.fetch(sql, *args))

    async def close(self) -> None:
        try:
            await self._tx.commit()
        finally:
            await self._conn.close()


async def open_reader(target: Path | str) -> Reader:
    from bot.storage import is_postgres_url

    if is_postgres_url(target):
        return await PostgresReader.open(str(target))
    return await SqliteReader.open(str(target))


def plain(dialect: str, column: str, value: Any) -> Any:
    """A value as both back ends agree on it (event values decoded, times as floats)."""
    if value is None:
        return None
    if column in JSON_COLUMNS:  # SQLite keeps the value itself, PostgreSQL its JSON text
        return json.loads(value) if dialect == "postgresql" else value
    if column in FLOAT_COLUMNS:
        return float(value)
    return value


def _converters(dialect: str, columns: Sequence[str]) -> list[tuple[int, str]]:
    """The columns whose values `plain` changes, by position."""
    return [
        (i, c)
        for i, c in enumerate(columns)
        if c in FLOAT_COLUMNS or (c in JSON_COLUMNS and dialect == "postgresql")
    ]


async def rows(
    reader: Reader, table: str, columns: Sequence[str], key: str, page: int = PAGE
) -> AsyncIterator[list[list[Any]]]:
    """Every row of `table` as plain values, a page at a time, in key order (`key`: one column,
    or several comma-separated for a composite key)."""
    positions = [columns.index(k.strip()) for k in key.split(",")]
    convert = _converters(reader.dialect, columns)
    after: Any = None
    while True:
        found = await reader.page(table, columns, key, after, page)
        if not found:
            return
        out = [list(row) for row in found]
        for values in out:
            for i, column in convert:
                values[i] = plain(reader.dialect, column, values[i])
        yield out
        if len(found) < page:
            return
        after = tuple(found[-1][i] for i in positions)


__all__ = ["PAGE", "Reader", "open_reader", "plain", "rows"]
