"""Moving an install from one database to another (SQLite to PostgreSQL): every row, verified.

The copy keeps every id, so step, event and live-message references stay valid; it runs in one
transaction on the target, which must be empty (refused otherwise: nothing is merged or
overwritten). Afterwards the row counts of every table and two checksums must match: one over
every row, one over every game as the tracker reads it back.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from bot.storage import open_db
from bot.storage.db import Db
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
_FLOATS = {"created_at", "ended_at", "live_posted_at", "at", "undone_at"}
_VALUES = {"before_value", "after_value"}
_CHUNK = 500


class MigrationRefused(RuntimeError):
    """The target cannot take the copy (not empty), or the copy did not verify."""


@dataclass
class MigrationReport:
    counts: dict[str, int] = field(default_factory=dict)
    rows_checksum: str = ""
    state_checksum: str = ""
    games: int = 0


# Tables keyed by something other than an `id` column (and with no id sequence to move on).
_KEYS = {
    "meta": "key",
    "lookup_picks": "guild_id, query, entry_id, member",
    "lookup_links": "guild_id, query",
}


def _order(table: str) -> str:
    return _KEYS.get(table, "id")


def _plain(db: Db, column: str, value: Any) -> Any:
    """A value as both back ends agree on it (event values decoded, times as floats)."""
    if value is None:
        return None
    if column in _VALUES:
        return db.decode(value)
    if column in _FLOATS:
        return float(value)
    return value


async def _rows(db: Db) -> dict[str, list[list[Any]]]:
    """Every row of every table, in one snapshot, as plain values."""
    statements = [
        (f"SELECT {', '.join(cols)} FROM {table} ORDER BY {_order(table)}", ())
        for table, cols in TABLES.items()
    ]
    found = await db.snapshot(statements)
    return {
        table: [[_plain(db, c, v) for c, v in zip(cols, row, strict=True)] for row in rows]
        for (table, cols), rows in zip(TABLES.items(), found, strict=True)
    }


def rows_checksum(rows: dict[str, list[list[Any]]]) -> str:
    digest = hashlib.sha256()
    for table, table_rows in rows.items():
        digest.update(table.encode())
        for row in table_rows:
            digest.update(json.dumps(row, ensure_ascii=False, sort_keys=True).encode())
    return digest.hexdigest()


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


async def _copy(source: Db, target: Db) -> dict[str, list[list[Any]]]:
    rows = await _rows(source)
    async with target.write() as tx:
        for table, cols in TABLES.items():
            table_rows = rows[table]
            for start in range(0, len(table_rows), _CHUNK):
                chunk = table_rows[start : start + _CHUNK]
                one = "(" + ", ".join(_placeholder(target, c) for c in cols) + ")"
                args: list[Any] = []
                for row in chunk:
                    args += [
                        target.encode(v) if c in _VALUES else v
                        for c, v in zip(cols, row, strict=True)
                    ]
                await tx.fetch(
                    f"INSERT INTO {table} ({', '.join(cols)}) VALUES "
                    + ", ".join([one] * len(chunk)),
                    args,
                )
        if target.dialect == "postgresql":  # the next new row must not reuse a copied id
            for table in TABLES:
                if table not in _KEYS:
                    await tx.fetch(
                        f"SELECT setval(pg_get_serial_sequence('{table}', 'id'),"
                        f" COALESCE(MAX(id), 1), MAX(id) IS NOT NULL) FROM {table}"
                    )
    return rows


def _placeholder(db: Db, column: str) -> str:
    if db.dialect == "postgresql" and column in _VALUES:
        return "?::jsonb"
    return "?"


async def migrate(source_target: Path | str, to: Path | str) -> MigrationReport:
    """Copy everything from `source_target` into the empty database `to`, then verify."""
    source = await open_db(source_target)
    try:
        await source.migrate()
        target = await open_db(to)
        try:
            await target.migrate()
            already = {t: n for t, n in (await counts(target)).items() if n}
            if already:
                listed = ", ".join(f"{t}: {n}" for t, n in already.items())
                raise MigrationRefused(f"the target is not empty ({listed}); nothing was copied")
            rows = await _copy(source, target)
            report = MigrationReport(counts=await counts(target))
            expected = {t: len(r) for t, r in rows.items()}
            if report.counts != expected:
                raise MigrationRefused(f"row counts differ: {expected} → {report.counts}")
            report.rows_checksum = rows_checksum(await _rows(target))
            if report.rows_checksum != rows_checksum(rows):
                raise MigrationRefused("the rows read back from the target differ")
            games, report.state_checksum = await state_checksum(target)
            if (games, report.state_checksum) != await state_checksum(source):
                raise MigrationRefused("the games read back from the target differ")
            report.games = games
            return report
        finally:
            await target.close()
    finally:
        await source.close()


__all__ = ["TABLES", "MigrationRefused", "MigrationReport", "migrate"]
