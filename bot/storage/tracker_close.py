"""The one statement that closes a tracker step: checked, written and stamped together.

A step that changed something ends with a single statement that (1) checks the game is still at
the version the step began from and still active, when the step did not lock it earlier, (2)
writes the counter values the step worked out from that copy, (3) inserts the step row and its
events, (4) drops the redo stack and (5) bumps the game's version, returning the step's id and
the new version. Sent once, it replaces five statements, so a plain change is the close plus the
commit on SQLite, and the close alone (its own transaction) on PostgreSQL.

SQLite cannot write several tables in one statement, so the back end's connection gets a TEMP
view whose INSTEAD OF trigger does the work (`SQLITE_SETUP`, run once per connection; nothing in
the schema). PostgreSQL does it as one statement of data-modifying CTEs, the events passed as
arrays (`unnest`), so the parameter count does not grow with the events.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from bot.storage.db import Db, Statement
from bot.tracker.model import ACTIVE
from bot.tracker.records import EventRecord

CHANGED = "arbiter:changed"  # the trigger's message when the copy was not current
ENDED = "arbiter:ended"
# json.dumps(…, ensure_ascii=False) builds an encoder per call; one kept here does the same.
_encode = json.JSONEncoder(ensure_ascii=False).encode

_J = "json_extract(e.value, '$[{}]')"
SQLITE_SETUP = (
    "CREATE TEMP VIEW IF NOT EXISTS arbiter_close_step (game_id, expected, at, user_id,"
    " user_name, action, params, events, counters, drop_redo, claim, claim_at) AS"
    " SELECT NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL",
    "CREATE TEMP TRIGGER IF NOT EXISTS arbiter_close_step_do"
    " INSTEAD OF INSERT ON arbiter_close_step BEGIN"
    f" SELECT RAISE(ABORT, '{ENDED}') WHERE NEW.expected IS NOT NULL AND NOT EXISTS"
    f" (SELECT 1 FROM tracker_games WHERE id = NEW.game_id AND status = '{ACTIVE}');"
    f" SELECT RAISE(ABORT, '{CHANGED}') WHERE NEW.expected IS NOT NULL AND NOT EXISTS"
    " (SELECT 1 FROM tracker_games WHERE id = NEW.game_id AND version = NEW.expected);"
    # the interaction's claim (bot/storage/dedupe.py): a repeat fails on the primary key
    " INSERT INTO interactions (id, at) SELECT NEW.claim, NEW.claim_at WHERE NEW.claim IS NOT NULL;"
    " UPDATE tracker_counters SET value = (SELECT json_extract(e.value, '$[1]')"
    " FROM json_each(NEW.counters) AS e WHERE json_extract(e.value, '$[0]') = tracker_counters.id)"
    " WHERE id IN (SELECT json_extract(e.value, '$[0]') FROM json_each(NEW.counters) AS e)"
    " AND +game_id = NEW.game_id;"
    " INSERT INTO tracker_steps (game_id, at, user_id, user_name, action, params)"
    " VALUES (NEW.game_id, NEW.at, NEW.user_id, NEW.user_name, NEW.action, NEW.params);"
    " INSERT INTO tracker_events (step_id, game_id, entity, row_id, field, before_value,"
    " after_value) SELECT (SELECT MAX(id) FROM tracker_steps WHERE game_id = NEW.game_id),"
    f" NEW.game_id, {_J.format(0)}, {_J.format(1)}, {_J.format(2)}, {_J.format(3)},"
    f" {_J.format(4)} FROM json_each(NEW.events) AS e ORDER BY e.key;"
    " UPDATE tracker_steps SET status = 'dropped'"
    " WHERE NEW.drop_redo AND game_id = NEW.game_id AND status = 'undone';"
    " UPDATE tracker_games SET version = version + 1 WHERE id = NEW.game_id;"
    " END",
)
_SQLITE_CLOSE = (
    "INSERT INTO arbiter_close_step (game_id, expected, at, user_id, user_name, action, params,"
    " events, counters, drop_redo, claim, claim_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"
    " RETURNING (SELECT MAX(id) FROM tracker_steps WHERE game_id = ?),"
    " (SELECT version FROM tracker_games WHERE id = ?), NULL"
)
_PG_CLOSE = (
    "WITH g AS (UPDATE tracker_games SET version = version + 1"
    f" WHERE id = ? AND (?::bigint IS NULL OR (version = ? AND status = '{ACTIVE}'))"
    " RETURNING id, version),"
    " i AS (INSERT INTO interactions (id, at) SELECT ?::bigint, ?::double precision FROM g"
    " WHERE ?::bigint IS NOT NULL RETURNING 1),"
    " c AS (UPDATE tracker_counters AS t SET value = w.v FROM g,"
    " unnest(?::bigint[], ?::bigint[]) AS w(id, v) WHERE t.id = w.id AND t.game_id = g.id"
    " RETURNING 1),"
    " s AS (INSERT INTO tracker_steps (game_id, at, user_id, user_name, action, params)"
    " SELECT g.id, ?::double precision, ?::bigint, ?::text, ?::text, ?::text FROM g"
    " RETURNING id),"
    " e AS (INSERT INTO tracker_events"
    " (step_id, game_id, entity, row_id, field, before_value, after_value)"
    " SELECT s.id, x.g, x.entity, x.row_id, x.field, x.b, x.a FROM s,"
    " unnest(?::bigint[], ?::text[], ?::bigint[], ?::text[], ?::jsonb[], ?::jsonb[])"
    " WITH ORDINALITY AS x(g, entity, row_id, field, b, a, n) ORDER BY x.n RETURNING 1),"
    " d AS (UPDATE tracker_steps SET status = 'dropped'"
    " WHERE ?::boolean AND game_id = (SELECT id FROM g) AND status = 'undone' RETURNING 1)"
    " SELECT (SELECT id FROM s), (SELECT version FROM g),"
    " (SELECT status FROM tracker_games WHERE id = ?)"
)


def close_statement(
    db: Db,
    game_id: int,
    expected: int | None,
    step: tuple[float, int | None, str | None, str, dict[str, Any]],
    events: list[EventRecord],
    counters: Mapping[int, int],
    drop_redo: bool,
    claim: tuple[int, float] | None = None,
) -> Statement:
    """The statement; it answers one row: (step id, new version, status when refused).

    `claim` (interaction id, time) records the interaction being served in the same statement
    (bot/storage/dedupe.py); an id already there fails the statement on the primary key."""
    at, user_id, user_name, action, params = step
    claim_id, claim_at = claim if claim is not None else (None, None)
    params_json = _encode(params)
    if db.dialect == "postgresql":
        ids = list(counters)
        return (
            _PG_CLOSE,
            (
                game_id,
                expected,
                expected,
                claim_id,
                claim_at,
                claim_id,
                ids,
                [counters[i] for i in ids],
                at,
                user_id,
                user_name,
                action,
                params_json,
                [game_id] * len(events),
                [e.entity for e in events],
                [e.row_id for e in events],
                [e.field for e in events],
                [db.encode(e.before) for e in events],
                [db.encode(e.after) for e in events],
                drop_redo,
                game_id,
            ),
        )
    rows = [[e.entity, e.row_id, e.field, e.before, e.after] for e in events]
    return (
        _SQLITE_CLOSE,
        (
            game_id,
            expected,
            at,
            user_id,
            user_name,
            action,
            params_json,
            _encode(rows),
            _encode([[k, v] for k, v in counters.items()]),
            int(drop_redo),
            claim_id,
            claim_at,
            game_id,
            game_id,
        ),
    )
