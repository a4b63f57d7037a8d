"""Undo and redo in two statements: one reads the steps and their events, one writes them back.

The read answers the game's version, the steps (newest first for undo, the oldest undone for
redo) and their events, as JSON. The write sets every touched field to its final value, marks
the steps and bumps the version together:
- SQLite: the read is the statement that takes the write lock (it bumps the version and answers
  the rest in RETURNING), the write is an INSERT of one row per written field into a TEMP view
  whose WHEN-guarded triggers update that one row and column by id (`SQLITE_SETUP`), then
  COMMIT: three trips.
- PostgreSQL: the read is a plain statement (a consistent snapshot), the write one statement of
  CTEs that first checks the version is still the one read (`WHERE version = ?`), so neither
  needs BEGIN or COMMIT: two round trips. When another writer got in between, the write changes
  nothing and the undo reads again.
"""

from __future__ import annotations

import json
from typing import Any

from bot.storage.db import Db
from bot.storage.tracker_tx import ENTITIES
from bot.tracker.records import EventRecord, StepRecord

_STEP = "id, at, user_id, user_name, action, params, status, undone_at, undone_by"
_EVENT = "id, step_id, entity, row_id, field, before_value, after_value"


def _exact(column: str) -> str:
    """SQLite writes a REAL into JSON with 15 digits; 17 (as {"r": text}) keep it exact."""
    return (
        f"CASE typeof({column}) WHEN 'real' THEN json_object('r', printf('%!.17g', {column}))"
        f" ELSE {column} END"
    )


_SQLITE_STEP = _STEP.replace("at,", _exact("at") + ",", 1).replace(
    "undone_at,", _exact("undone_at") + ","
)
_SQLITE_EVENT = _EVENT.replace(
    "before_value, after_value", f"{_exact('before_value')}, {_exact('after_value')}"
)


def _value(v: Any) -> Any:
    return float(v["r"]) if isinstance(v, dict) else v


UNDO = ("status = 'done' AND action != 'start'", "DESC")
REDO = ("status = 'undone'", "")


def _sqlite_setup() -> tuple[str, ...]:
    """A TEMP view that takes one row per field to write (and a last row for the steps); a
    trigger per tracked column, guarded by WHEN, writes its row by primary key. Only the columns
    the steps touched are written, each in one index lookup, whatever the size of the tables."""
    out = [
        "CREATE TEMP VIEW IF NOT EXISTS arbiter_apply_write (game_id, entity, field, row_id,"
        " value, steps, status, at, by) AS"
        " SELECT NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL"
    ]
    for entity, (table, fields) in ENTITIES.items():
        for field in sorted(fields):
            out.append(
                f"CREATE TEMP TRIGGER IF NOT EXISTS arbiter_apply_{entity}_{field}"
                " INSTEAD OF INSERT ON arbiter_apply_write"
                f" WHEN NEW.entity = '{entity}' AND NEW.field = '{field}' BEGIN"
                f" UPDATE {table} SET {field} = NEW.value WHERE id = NEW.row_id; END"
            )
    out.append(
        "CREATE TEMP TRIGGER IF NOT EXISTS arbiter_apply_steps"
        " INSTEAD OF INSERT ON arbiter_apply_write WHEN NEW.entity IS NULL BEGIN"
        " UPDATE tracker_steps SET status = NEW.status, undone_at = NEW.at, undone_by = NEW.by"
        " WHERE id IN (SELECT value FROM json_each(NEW.steps)) AND +game_id = NEW.game_id; END"
    )
    return tuple(out)


_SQLITE_WRITE = (
    "INSERT INTO arbiter_apply_write (game_id, entity, field, row_id, value, steps, status, at,"
    " by) SELECT NULL, json_extract(w.value, '$[0]'), json_extract(w.value, '$[1]'),"
    " json_extract(w.value, '$[2]'), json_extract(w.value, '$[3]'), NULL, NULL, NULL, NULL"
    " FROM json_each(?) AS w UNION ALL SELECT ?, NULL, NULL, NULL, NULL, ?, ?, ?, ?"
)


SQLITE_SETUP = _sqlite_setup()
_PG_TYPES = {
    "status": "text",
    "name": "text",
    "state": "text",
    "text": "text",
    "ended_at": "double precision",
    "present": "integer",
}


def read_statement(db: Db, game_id: int, which: tuple[str, str], limit: int) -> tuple[str, Any]:
    """(version, steps JSON, events JSON); on SQLite it also locks the game and bumps its
    version, and answers no row when there is nothing to undo or redo."""
    where, order = which
    steps = (
        f"SELECT {_STEP} FROM tracker_steps WHERE game_id = ? AND {where}"
        f" ORDER BY id {order} LIMIT ?"
    )
    if db.dialect == "postgresql":
        sql = (
            "SELECT g.version,"
            f" (SELECT COALESCE(json_agg(json_build_array({_STEP}) ORDER BY s.id {order}),"
            f" '[]') FROM ({steps}) AS s),"
            f" (SELECT COALESCE(json_agg(json_build_array({_EVENT}) ORDER BY e.id), '[]')"
            f" FROM tracker_events AS e WHERE e.step_id IN (SELECT id FROM ({steps}) AS i))"
            " FROM tracker_games AS g WHERE g.id = ?"
        )
        return sql, (game_id, limit, game_id, limit, game_id)
    sql = (
        "UPDATE tracker_games SET version = version + 1 WHERE id = ? AND EXISTS"
        f" (SELECT 1 FROM tracker_steps WHERE game_id = ? AND {where})"
        " RETURNING version - 1,"
        f" (SELECT json_group_array(json_array({_SQLITE_STEP})) FROM ({steps})),"
        f" (SELECT json_group_array(json_array({_SQLITE_EVENT})) FROM (SELECT {_EVENT}"
        f" FROM tracker_events WHERE step_id IN (SELECT id FROM ({steps})) ORDER BY id))"
    )
    return sql, (game_id, game_id, game_id, limit, game_id, limit)


def parse_read(row: Any) -> tuple[int, list[StepRecord]]:
    """The version and the steps (in the read's order), each with its events."""
    version, steps_json, events_json = row
    by_step: dict[int, list[EventRecord]] = {}
    for e in json.loads(events_json):
        by_step.setdefault(int(e[1]), []).append(
            EventRecord(int(e[0]), str(e[2]), int(e[3]), str(e[4]), _value(e[5]), _value(e[6]))
        )
    steps = [
        StepRecord(
            id=int(s[0]),
            at=float(_value(s[1])),
            user_id=None if s[2] is None else int(s[2]),
            user_name=s[3],
            action=str(s[4]),
            params=json.loads(s[5]),
            status=str(s[6]),
            undone_at=None if s[7] is None else float(_value(s[7])),
            undone_by=s[8],
            events=tuple(by_step.get(int(s[0]), ())),
        )
        for s in json.loads(steps_json)
    ]
    return int(version), steps


def final_values(events: list[EventRecord], undo: bool) -> dict[tuple[str, str, int], Any]:
    """(entity, field, row) -> the value it ends at, events applied in the order given."""
    out: dict[tuple[str, str, int], Any] = {}
    for ev in events:
        ENTITIES[ev.entity]  # only tracked entities (and `target` checks the field below)
        out[(ev.entity, ev.field, ev.row_id)] = ev.before if undo else ev.after
    return out


def write_statement(
    db: Db,
    game_id: int,
    version: int,
    values: dict[tuple[str, str, int], Any],
    step_ids: list[int],
    status: str,
    at: float | None,
    by: str | None,
) -> tuple[str, Any]:
    """The write; PostgreSQL's answers the new version, or no row if the version moved on."""
    for entity, field, _ in values:
        if field not in ENTITIES[entity][1]:
            raise ValueError(f"{entity}.{field} is not a tracked field")
    if db.dialect != "postgresql":
        writes = [[e, f, r, v] for (e, f, r), v in values.items()]
        return (
            _SQLITE_WRITE,
            (json.dumps(writes, ensure_ascii=False), game_id, json.dumps(step_ids), status, at, by),
        )
    game_sets = ""
    args: list[Any] = []
    for (entity, field, _), value in values.items():
        if entity == "game":  # one UPDATE of the game row: set its fields with the version
            game_sets += f", {field} = ?::{_PG_TYPES.get(field, 'bigint')}"
            args.append(value)
    parts = [
        f"g AS (UPDATE tracker_games SET version = version + 1{game_sets}"
        " WHERE id = ? AND version = ? RETURNING version)"
    ]
    args += [game_id, version]
    # One UPDATE per table (a statement may change a row once): per field, whether it is set
    # on that row and to what, as arrays aligned with the rows' ids.
    tables: dict[str, dict[int, dict[str, Any]]] = {}
    for (entity, field, row), value in values.items():
        if entity != "game":
            tables.setdefault(entity, {}).setdefault(row, {})[field] = value
    for i, (entity, rows) in enumerate(tables.items()):
        table = ENTITIES[entity][0]
        fields = sorted({f for r in rows.values() for f in r})
        ids = list(rows)
        casts = ["?::bigint[]"]
        names = ["id"]
        sets = []
        args.append(ids)
        for j, field in enumerate(fields):
            kind = _PG_TYPES.get(field, "bigint")
            casts += ["?::boolean[]", f"?::{kind}[]"]
            names += [f"s{j}", f"v{j}"]
            sets.append(f"{field} = CASE WHEN w.s{j} THEN w.v{j} ELSE t.{field} END")
            args += [[field in rows[r] for r in ids], [rows[r].get(field) for r in ids]]
        parts.append(
            f"w{i} AS (UPDATE {table} AS t SET {', '.join(sets)} FROM g,"
            f" unnest({', '.join(casts)}) AS w({', '.join(names)}) WHERE t.id = w.id"
            " RETURNING 1)"
        )
    parts.append(
        "u AS (UPDATE tracker_steps SET status = ?, undone_at = ?, undone_by = ?"
        " WHERE id = ANY(?::bigint[]) AND EXISTS (SELECT 1 FROM g) RETURNING 1)"
    )
    args += [status, at, by, step_ids]
    return "WITH " + ", ".join(parts) + " SELECT version FROM g", args
