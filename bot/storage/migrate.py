"""Moving an install from one database to another (SQLite to PostgreSQL): every row, verified.

The copy keeps every id, so step, event and live-message references stay valid. It reads the
source in keyset pages inside one snapshot (`bot.storage.pages`) and writes them in one
transaction on the target, so memory stays bounded and the target holds either nothing or the
whole copy. Afterwards every table's row count and checksum must match, and so must a checksum
over every game as the tracker reads it back.

A target that is not empty is never written to: if it already holds exactly the source (a copy
that committed, then was stopped while verifying), it is verified and reported as such; else
the copy is refused. `verify` compares an existing copy without copying.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from bot.storage import open_db
from bot.storage.db import Db
from bot.storage.pages import JSON_COLUMNS, Reader, open_reader, rows
from bot.storage.tracker import TrackerStore

# Tables in an order that satisfies their foreign keys, with the columns copied.
TABLES: dict[str, tuple[str, ...]] = {
    "meta": ("key", "value"),
    "rolls": (
        "id", "channel_id", "user_id", "user_name", "command", "inputs", "result", "private",
        "created_at",
    ),
    "tracker_games": (
        "id", "channel_id", "guild_id", "slug", "status", "round", "active_seat", "winner_id",
        "options", "created_by", "created_at", "ended_at", "live_message_id", "live_channel_id",
        "live_posted_at", "version",
    ),
    "tracker_participants": ("id", "game_id", "user_id", "name", "seat", "present"),
    "tracker_units": ("id", "game_id", "owner_id", "kind", "name", "position", "state", "present"),
    "tracker_counters": (
        "id", "game_id", "holder", "holder_id", "key", "value", "min_value", "max_value", "token",
        "position", "present",
    ),
    "tracker_items": ("id", "game_id", "participant_id", "list", "text", "present"),
    "tracker_steps": (
        "id", "game_id", "at", "user_id", "user_name", "action", "params", "status", "undone_at",
        "undone_by",
    ),
    "tracker_events": (
        "id", "step_id", "game_id", "entity", "row_id", "field", "before_value", "after_value",
    ),
    "lookup_picks": ("guild_id", "query", "entry_id", "member", "at"),
    "lookup_links": ("guild_id", "query", "text", "entry_id", "members", "at"),
}  # fmt: skip
_ROWS_PER_INSERT = 500


class MigrationRefused(RuntimeError):
    """The target cannot take the copy (not empty), or the copy did not verify."""


@dataclass
class TableSum:
    rows: int = 0
    checksum: str = ""


@dataclass
class MigrationReport:
    counts: dict[str, int] = field(default_factory=dict)
    rows_checksum: str = ""
    state_checksum: str = ""
    games: int = 0
    tables: dict[str, TableSum] = field(default_factory=dict)
    existing: bool = False  # the target already held this copy; nothing was written


# Tables keyed by something other than an `id` column (and with no id sequence to move on).
_KEYS = {
    "meta": "key",
    "lookup_picks": "guild_id, query, entry_id, member",
    "lookup_links": "guild_id, query",
}


def _key(table: str) -> str:
    return _KEYS.get(table, "id")


class _Digest:
    """Per-table counts and checksums, fed one page at a time."""

    def __init__(self) -> None:
        self.tables: dict[str, TableSum] = {}
        self._open: dict[str, Any] = {}

    def add(self, table: str, page: list[list[Any]]) -> None:
        digest = self._open.setdefault(table, hashlib.sha256(table.encode()))
        entry = self.tables.setdefault(table, TableSum())
        digest.update("".join(f"{row!r}\n" for row in page).encode())
        entry.rows += len(page)

    def done(self) -> dict[str, TableSum]:
        for table in TABLES:
            entry = self.tables.setdefault(table, TableSum())
            entry.checksum = self._open.get(table, hashlib.sha256(table.encode())).hexdigest()
        return {t: self.tables[t] for t in TABLES}


def overall(tables: dict[str, TableSum]) -> str:
    """One checksum over every table's."""
    digest = hashlib.sha256()
    for table, entry in tables.items():
        digest.update(f"{table}:{entry.rows}:{entry.checksum};".encode())
    return digest.hexdigest()


async def table_sums(target: Path | str) -> dict[str, TableSum]:
    """Every table's row count and checksum, read in pages from one snapshot."""
    reader = await open_reader(target)
    try:
        digest = _Digest()
        for table, cols in TABLES.items():
            async for page in rows(reader, table, cols, _key(table)):
                digest.add(table, page)
        return digest.done()
    finally:
        await reader.close()


async def state_checksum(db: Db) -> tuple[int, str]:
    """(games, checksum of every game as the tracker loads it)."""
    store = TrackerStore(db)
    digest = hashlib.sha256()
    ids = [int(r[0]) for r in await db.fetch("SELECT id FROM tracker_games ORDER BY id")]
    for game_id in ids:
        state = await store.load(game_id)
        digest.update(repr(state).encode())
    return len(ids), digest.hexdigest()


async def counts(db: Db) -> dict[str, int]:
    found = await db.snapshot([(f"SELECT COUNT(*) FROM {t}", ()) for t in TABLES])
    return {t: int(rows[0][0]) for t, rows in zip(TABLES, found, strict=True)}


def _encoded(target: Db, cols: tuple[str, ...], row: list[Any]) -> list[Any]:
    return [target.encode(v) if c in JSON_COLUMNS else v for c, v in zip(cols, row, strict=True)]


def _insert(target: Db, table: str, cols: tuple[str, ...], page: list[list[Any]]) -> Any:
    one = "(" + ", ".join(_placeholder(target, c) for c in cols) + ")"
    args: list[Any] = []
    for row in page:
        args += [
            target.encode(v) if c in JSON_COLUMNS else v for c, v in zip(cols, row, strict=True)
        ]
    sql = f"INSERT INTO {table} ({', '.join(cols)}) VALUES " + ", ".join([one] * len(page))
    return sql, args


async def _copy(reader: Reader, target: Db) -> dict[str, TableSum]:
    """Stream every table into `target` in one transaction; the source's sums on the way."""
    digest = _Digest()
    async with target.write() as tx:
        copy = getattr(tx, "copy_rows", None)
        for table, cols in TABLES.items():
            async for page in rows(reader, table, cols, _key(table)):
                digest.add(table, page)
                if copy is not None:  # PostgreSQL: COPY, many times faster than INSERTs
                    await copy(table, cols, [_encoded(target, cols, row) for row in page])
                    continue
                for start in range(0, len(page), _ROWS_PER_INSERT):
                    await tx.fetch(
                        *_insert(target, table, cols, page[start : start + _ROWS_PER_INSERT])
                    )
        if target.dialect == "postgresql":  # the next new row must not reuse a copied id
            for table in TABLES:
                if table not in _KEYS:
                    await tx.fetch(
                        f"SELECT setval(pg_get_serial_sequence('{table}', 'id'),"
                        f" COALESCE(MAX(id), 1), MAX(id) IS NOT NULL) FROM {table}"
                    )
    return digest.done()


def _placeholder(db: Db, column: str) -> str:
    if db.dialect == "postgresql" and column in JSON_COLUMNS:
        return "?::jsonb"
    return "?"


def _differences(want: dict[str, TableSum], got: dict[str, TableSum]) -> str:
    return ", ".join(
        f"{t}: {want[t].rows} → {got[t].rows} rows"
        + ("" if want[t].rows != got[t].rows else " (checksum)")
        for t in TABLES
        if want[t] != got[t]
    )


async def migrate(
    source_target: Path | str, to: Path | str, *, verify_only: bool = False
) -> MigrationReport:
    """Copy everything from `source_target` into the empty database `to`, then verify.

    `verify_only`: copy nothing, only check that `to` holds exactly what the source holds.
    """
    source = await open_db(source_target)
    try:
        await source.migrate()
        target = await open_db(to)
        try:
            await target.migrate()
            already = {t: n for t, n in (await counts(target)).items() if n}
            report = MigrationReport()
            if already or verify_only:
                want = await table_sums(source_target)
                got = await table_sums(to)
                if want != got:
                    if verify_only:
                        raise MigrationRefused(f"the copy differs: {_differences(want, got)}")
                    listed = ", ".join(f"{t}: {n}" for t, n in already.items())
                    raise MigrationRefused(
                        f"the target is not empty ({listed}) and is not a copy of the source;"
                        " nothing was copied"
                    )
                report.existing = True
            else:
                reader = await open_reader(source_target)
                try:
                    want = await _copy(reader, target)
                finally:
                    await reader.close()
                got = await table_sums(to)
                if want != got:
                    raise MigrationRefused(f"the copy differs: {_differences(want, got)}")
            report.tables = got
            report.counts = {t: s.rows for t, s in got.items()}
            report.rows_checksum = overall(got)
            games, report.state_checksum = await state_checksum(target)
            if (games, report.state_checksum) != await state_checksum(source):
                raise MigrationRefused("the games read back from the target differ")
            report.games = games
            return report
        finally:
            await target.close()
    finally:
        await source.close()


__all__ = ["TABLES", "MigrationRefused", "MigrationReport", "migrate", "table_sums"]
