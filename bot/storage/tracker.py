"""SQLite storage of tracked games: state rows plus the step/event log, written together.

Every change runs inside `change()`: one `BEGIN IMMEDIATE` transaction that opens a step, lets the
service adjust counters (arithmetic and bounds checked in the UPDATE itself) and records one event
per changed field. Undo and redo replay those events backwards or forwards, so they restore the
exact values that were there, whatever else happened in between on other rows.
"""

from __future__ import annotations

import json
from collections.abc import AsyncIterator, Iterable
from contextlib import asynccontextmanager
from dataclasses import replace
from typing import Any

import aiosqlite

from bot.storage.sqlite import Database
from bot.tracker.model import (
    ACTIVE,
    Counter,
    Game,
    GameState,
    HolderKind,
    LiveMessage,
    Participant,
    Unit,
)
from bot.tracker.ports import (  # re-exported: storage raises the tracker's own
    GameExists,
    GameNotActive,
)
from bot.tracker.records import EventRecord, OutOfBounds, StepRecord

# Fields an event may name: (table, allowed columns). Identifiers come only from here.
_ENTITIES: dict[str, tuple[str, frozenset[str]]] = {
    "game": (
        "tracker_games",
        frozenset({"status", "round", "active_seat", "winner_id", "ended_at"}),
    ),
    "participant": ("tracker_participants", frozenset({"present", "name", "seat"})),
    "unit": ("tracker_units", frozenset({"present", "name", "state", "owner_id"})),
    "counter": ("tracker_counters", frozenset({"value", "present", "min_value", "max_value"})),
    "item": ("tracker_items", frozenset({"present", "text"})),
}


def _target(entity: str, field: str) -> str:
    table, fields = _ENTITIES[entity]
    if field not in fields:
        raise ValueError(f"{entity}.{field} is not a tracked field")
    return table


class SqliteTrackerTx:
    """The open transaction of one step; every write records its event."""

    def __init__(
        self,
        conn: aiosqlite.Connection,
        game_id: int,
        step_id: int,
        stamp: tuple[int, int] | None = None,
    ) -> None:
        self.conn = conn
        self.game_id = game_id
        self.step_id = step_id
        self.events = 0
        # What the database looked like when the step began (see `Stamp`), and what it wrote.
        self.stamp = stamp
        self.written: list[EventRecord] = []

    async def _event(self, entity: str, row_id: int, field: str, before: Any, after: Any) -> None:
        await self.conn.execute(
            "INSERT INTO tracker_events"
            " (step_id, game_id, entity, row_id, field, before_value, after_value)"
            " VALUES (?, ?, ?, ?, ?, ?, ?)",
            (self.step_id, self.game_id, entity, row_id, field, before, after),
        )
        self.events += 1
        self.written.append(EventRecord(self.events, entity, row_id, field, before, after))

    async def adjust(self, counter_id: int, delta: int) -> tuple[int, int]:
        """value += delta atomically, refused (OutOfBounds) when the result leaves the bounds."""
        row = await _one(
            self.conn,
            "UPDATE tracker_counters SET value = value + ?"
            " WHERE id = ? AND game_id = ?"
            " AND (min_value IS NULL OR value + ? >= min_value)"
            " AND (max_value IS NULL OR value + ? <= max_value)"
            " RETURNING value",
            (delta, counter_id, self.game_id, delta, delta),
        )
        if row is None:
            counter = await self.counter(counter_id)
            raise OutOfBounds(counter, counter.value + delta)
        after = int(row[0])
        if delta:
            await self._event("counter", counter_id, "value", after - delta, after)
        return after - delta, after

    async def set_value(self, counter_id: int, value: int) -> tuple[int, int]:
        """value = N, refused (OutOfBounds) outside the bounds."""
        counter = await self.counter(counter_id)
        if not counter.allows(value):
            raise OutOfBounds(counter, value)
        if value != counter.value:
            await self.conn.execute(
                "UPDATE tracker_counters SET value = ? WHERE id = ?", (value, counter_id)
            )
            await self._event("counter", counter_id, "value", counter.value, value)
        return counter.value, value

    async def set_field(self, entity: str, row_id: int, field: str, value: Any) -> Any:
        """Change one whitelisted column of one row; returns the value before."""
        table = _target(entity, field)
        row = await _one(
            self.conn,
            f"SELECT {field} FROM {table} WHERE id = ? AND game_id = ?"
            if entity != "game"
            else f"SELECT {field} FROM {table} WHERE id = ? AND id = ?",
            (row_id, self.game_id),
        )
        if row is None:
            raise LookupError(f"no {entity} {row_id} in game {self.game_id}")
        before = row[0]
        if before != value:
            await self.conn.execute(f"UPDATE {table} SET {field} = ? WHERE id = ?", (value, row_id))
            await self._event(entity, row_id, field, before, value)
        return before

    async def counter(self, counter_id: int) -> Counter:
        row = await _one(
            self.conn,
            "SELECT id, key, value, min_value, max_value, token FROM tracker_counters"
            " WHERE id = ? AND game_id = ?",
            (counter_id, self.game_id),
        )
        if row is None:
            raise LookupError(f"no counter {counter_id} in game {self.game_id}")
        return _counter(row)

    async def counters_of(self, holder: HolderKind, holder_id: int) -> list[Counter]:
        """Present counters and tokens of one holder, read inside this transaction."""
        return [
            _counter(r)
            for r in await _all(
                self.conn,
                "SELECT id, key, value, min_value, max_value, token FROM tracker_counters"
                " WHERE game_id = ? AND holder = ? AND holder_id = ? AND present = 1"
                " ORDER BY position, id",
                (self.game_id, holder, holder_id),
            )
        ]

    async def ensure_counter(
        self,
        holder: HolderKind,
        holder_id: int,
        key: str,
        *,
        value: int = 0,
        min_value: int | None = None,
        max_value: int | None = None,
        token: bool = False,
        position: int = 0,
    ) -> int:
        """The id of the holder's counter `key`, creating it (as an undoable event) if needed."""
        row = await _one(
            self.conn,
            "SELECT id, present FROM tracker_counters"
            " WHERE game_id = ? AND holder = ? AND holder_id = ? AND key = ?",
            (self.game_id, holder, holder_id, key),
        )
        if row is not None:
            cid = int(row[0])
            if not row[1]:
                await self.set_field("counter", cid, "value", value)
                await self.set_field("counter", cid, "present", 1)
            return cid
        new = await _one(
            self.conn,
            "INSERT INTO tracker_counters (game_id, holder, holder_id, key, value, min_value,"
            " max_value, token, position, present) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, 0)"
            " RETURNING id",
            (
                self.game_id,
                holder,
                holder_id,
                key,
                value,
                min_value,
                max_value,
                int(token),
                position,
            ),
        )
        assert new is not None
        cid = int(new[0])
        await self._event("counter", cid, "present", 0, 1)
        await self.conn.execute("UPDATE tracker_counters SET present = 1 WHERE id = ?", (cid,))
        return cid

    async def add_participant(self, user_id: int, name: str) -> int:
        """Seat a user (or bring back one who left); returns the participant id."""
        row = await _one(
            self.conn,
            "SELECT id, present FROM tracker_participants WHERE game_id = ? AND user_id = ?",
            (self.game_id, user_id),
        )
        if row is not None:
            await self.set_field("participant", int(row[0]), "present", 1)
            return int(row[0])
        new = await _one(
            self.conn,
            "INSERT INTO tracker_participants (game_id, user_id, name, seat, present)"
            " VALUES (?, ?, ?, (SELECT COALESCE(MAX(seat) + 1, 0) FROM tracker_participants"
            " WHERE game_id = ?), 0) RETURNING id",
            (self.game_id, user_id, name, self.game_id),
        )
        assert new is not None
        pid = int(new[0])
        await self.set_field("participant", pid, "present", 1)
        return pid

    async def add_unit(self, owner_id: int | None, kind: str, name: str) -> int:
        new = await _one(
            self.conn,
            "INSERT INTO tracker_units (game_id, owner_id, kind, name, position, present)"
            " VALUES (?, ?, ?, ?, (SELECT COALESCE(MAX(position) + 1, 0) FROM tracker_units"
            " WHERE game_id = ?), 0) RETURNING id",
            (self.game_id, owner_id, kind, name, self.game_id),
        )
        assert new is not None
        uid = int(new[0])
        await self.set_field("unit", uid, "present", 1)
        return uid

    async def add_item(self, participant_id: int, list_name: str, text: str) -> int:
        new = await _one(
            self.conn,
            "INSERT INTO tracker_items (game_id, participant_id, list, text, present)"
            " VALUES (?, ?, ?, ?, 0) RETURNING id",
            (self.game_id, participant_id, list_name, text),
        )
        assert new is not None
        iid = int(new[0])
        await self.set_field("item", iid, "present", 1)
        return iid

    async def state(self, base: GameState | None = None) -> GameState:
        """The whole game as this transaction sees it.

        Given `base`, the game as it was read before the step, and nothing else was committed
        since (the stamps match), the answer is `base` with this step's own events applied, with
        no read at all; otherwise (or for rows `base` does not hold) the game is read again.
        """
        if base is not None and base.stamp is not None and base.stamp == self.stamp:
            replayed = replay(base, self.written)
            if replayed is not None:
                return replayed
        state = await _load(self.conn, self.game_id)
        assert state is not None
        return state


class SqliteTrackerRepo:
    def __init__(self, db: Database) -> None:
        self._db = db
        # Games known to have no undone steps, so a new step need not clear a redo stack.
        self._no_redo: set[int] = set()
        # Commits this process made to each game: half of a state's stamp (see `_stamped`).
        self._writes: dict[int, int] = {}

    def _wrote(self, game_id: int) -> None:
        """Count a write to the game; called inside its transaction, so no read sees it half."""
        self._writes[game_id] = self._writes.get(game_id, 0) + 1

    def _stamped(self, read: tuple[GameState, int] | None) -> GameState | None:
        """`state` stamped with (SQLite's data_version, this process's commits to the game).

        data_version changes when another connection commits; the count when this one does.
        Equal stamps mean nothing was committed in between, so a step may replay its own events
        on the state it started from instead of reading the game again.
        """
        if read is None:
            return None
        state, data_version = read
        return replace(state, stamp=(data_version, self._writes.get(state.game.id, 0)))

    # --- reads ---------------------------------------------------------------------------------

    async def active_game_slug(self, channel_id: int) -> str | None:
        """The slug of the channel's active game (what the glossary defaults to), or None."""
        row = await _one(
            self._db.conn,
            "SELECT slug FROM tracker_games WHERE channel_id = ? AND status = ?",
            (channel_id, ACTIVE),
        )
        return str(row[0]) if row else None

    async def active_game_id(self, channel_id: int) -> int | None:
        row = await _one(
            self._db.conn,
            "SELECT id FROM tracker_games WHERE channel_id = ? AND status = ?",
            (channel_id, ACTIVE),
        )
        return int(row[0]) if row else None

    async def latest_game_id(self, channel_id: int) -> int | None:
        """The channel's most recent game, active or ended."""
        row = await _one(
            self._db.conn,
            "SELECT id FROM tracker_games WHERE channel_id = ? ORDER BY id DESC LIMIT 1",
            (channel_id,),
        )
        return int(row[0]) if row else None

    async def load(self, game_id: int) -> GameState | None:
        """A consistent snapshot: read under the write lock so no half-written step shows."""
        async with self._db.transaction() as conn:
            return self._stamped(await _read(conn, game_id))

    async def load_active(self, channel_id: int) -> GameState | None:
        """The channel's active game as `load` reads it, found and read in one go."""
        async with self._db.transaction() as conn:
            return self._stamped(await _read(conn, channel_id=channel_id))

    async def history(
        self, game_id: int, limit: int | None = None, *, ids: list[int] | None = None
    ) -> list[StepRecord]:
        """Steps newest first (all, the last `limit`, or those in `ids`), each with its events."""
        sql = (
            "SELECT id, at, user_id, user_name, action, params, status, undone_at, undone_by"
            " FROM tracker_steps WHERE game_id = ?"
        )
        args: tuple[Any, ...] = (game_id,)
        if ids is not None:
            sql += " AND id IN (SELECT value FROM json_each(?))"
            args = (game_id, json.dumps(ids))
        sql += " ORDER BY id DESC"
        if limit is not None:
            sql += " LIMIT ?"
            args = (*args, limit)
        events: dict[int, list[EventRecord]] = {}
        async with self._db.transaction() as conn:
            steps = await _all(conn, sql, args)
            if not steps:
                return []
            low = min(int(s[0]) for s in steps)
            for r in await _all(
                conn,
                "SELECT id, step_id, entity, row_id, field, before_value, after_value"
                " FROM tracker_events WHERE game_id = ? AND step_id >= ? ORDER BY id",
                (game_id, low),
            ):
                events.setdefault(int(r[1]), []).append(
                    EventRecord(int(r[0]), str(r[2]), int(r[3]), str(r[4]), r[5], r[6])
                )
        return [
            StepRecord(
                id=int(s[0]),
                at=float(s[1]),
                user_id=s[2],
                user_name=s[3],
                action=str(s[4]),
                params=json.loads(s[5]),
                status=str(s[6]),
                undone_at=s[7],
                undone_by=s[8],
                events=tuple(events.get(int(s[0]), ())),
            )
            for s in steps
        ]

    async def counter_index(self, game_id: int) -> dict[int, tuple[str, int, str]]:
        """counter id → (holder kind, holder id, key) for every counter ever made in the game."""
        rows = await _all(
            self._db.conn,
            "SELECT id, holder, holder_id, key FROM tracker_counters WHERE game_id = ?",
            (game_id,),
        )
        return {int(r[0]): (str(r[1]), int(r[2]), str(r[3])) for r in rows}

    async def event_count(self, game_id: int) -> int:
        row = await _one(
            self._db.conn, "SELECT COUNT(*) FROM tracker_events WHERE game_id = ?", (game_id,)
        )
        return int(row[0]) if row else 0

    # --- live message (not part of the undoable state) -----------------------------------------

    async def set_live_message(
        self,
        game_id: int,
        message_id: int | None,
        posted_at: float | None,
        channel_id: int | None = None,
    ) -> None:
        """Remember (None: forget) the live message; the channel defaults to the game's."""
        async with self._db.transaction() as conn:
            await conn.execute(
                "UPDATE tracker_games SET live_message_id = ?, live_posted_at = ?,"
                " live_channel_id = CASE WHEN ? IS NULL THEN NULL ELSE COALESCE(?, channel_id) END"
                " WHERE id = ?",
                (message_id, posted_at, message_id, channel_id, game_id),
            )
            self._wrote(game_id)

    async def live_message(self, game_id: int) -> LiveMessage | None:
        row = await _one(
            self._db.conn,
            "SELECT live_message_id, live_channel_id, live_posted_at FROM tracker_games"
            " WHERE id = ?",
            (game_id,),
        )
        if row is None or row[0] is None:
            return None
        return LiveMessage(int(row[0]), int(row[1]), float(row[2] or 0.0))

    async def live_messages(self) -> list[tuple[int, LiveMessage]]:
        """(game id, live message) of every active game that has one: re-attached on start-up."""
        rows = await _all(
            self._db.conn,
            "SELECT id, live_message_id, live_channel_id, live_posted_at FROM tracker_games"
            " WHERE status = ? AND live_message_id IS NOT NULL",
            (ACTIVE,),
        )
        return [(int(r[0]), LiveMessage(int(r[1]), int(r[2]), float(r[3] or 0.0))) for r in rows]

    # --- writes --------------------------------------------------------------------------------

    @asynccontextmanager
    async def create_game(
        self,
        *,
        channel_id: int,
        guild_id: int | None,
        slug: str,
        options: dict[str, int],
        at: float,
        user_id: int,
        user_name: str,
    ) -> AsyncIterator[SqliteTrackerTx]:
        """Insert an active game and open its 'start' step; GameExists if the channel has one."""
        async with self._db.transaction() as conn:
            if await _one(
                conn,
                "SELECT 1 FROM tracker_games WHERE channel_id = ? AND status = ?",
                (channel_id, ACTIVE),
            ):
                raise GameExists(channel_id)
            row = await _one(
                conn,
                "INSERT INTO tracker_games (channel_id, guild_id, slug, options, created_by,"
                " created_at) VALUES (?, ?, ?, ?, ?, ?) RETURNING id",
                (channel_id, guild_id, slug, json.dumps(options), user_id, at),
            )
            assert row is not None
            game_id = int(row[0])
            step_id, _ = await _open_step(conn, game_id, at, user_id, user_name, "start", {})
            yield SqliteTrackerTx(conn, game_id, step_id)
            self._wrote(game_id)

    @asynccontextmanager
    async def change(
        self,
        game_id: int,
        *,
        at: float,
        user_id: int,
        user_name: str,
        action: str,
        params: dict[str, Any] | None = None,
    ) -> AsyncIterator[SqliteTrackerTx]:
        """One undoable step: everything done through the yielded tx commits or rolls back together.

        A step that changed nothing leaves no trace. A step that did change something drops the
        redo stack, as in any editor. GameNotActive if the game has ended meanwhile.
        """
        async with self._db.transaction() as conn:
            step_id, version = await _open_step(
                conn, game_id, at, user_id, user_name, action, params or {}
            )
            tx = SqliteTrackerTx(conn, game_id, step_id, (version, self._writes.get(game_id, 0)))
            yield tx
            if tx.events == 0:
                await conn.execute("DELETE FROM tracker_steps WHERE id = ?", (step_id,))
            else:
                self._wrote(game_id)
                if game_id not in self._no_redo:
                    await conn.execute(
                        "UPDATE tracker_steps SET status = 'dropped'"
                        " WHERE game_id = ? AND status = 'undone'",
                        (game_id,),
                    )
        if tx.events:
            self._no_redo.add(game_id)

    async def undo(
        self, game_id: int, steps: int, *, at: float, user_name: str
    ) -> list[StepRecord]:
        """Revert the last `steps` done steps (fewer if fewer exist); returns those reverted."""
        async with self._db.transaction() as conn:
            self._wrote(game_id)
            self._no_redo.discard(game_id)
            ids = [
                int(r[0])
                for r in await _all(
                    conn,
                    "SELECT id FROM tracker_steps WHERE game_id = ? AND status = 'done'"
                    " AND action != 'start' ORDER BY id DESC LIMIT ?",
                    (game_id, steps),
                )
            ]
            for step_id in ids:
                for ev in reversed(await _events(conn, step_id)):
                    await _write(conn, ev.entity, ev.row_id, ev.field, ev.before)
                await conn.execute(
                    "UPDATE tracker_steps SET status = 'undone', undone_at = ?, undone_by = ?"
                    " WHERE id = ?",
                    (at, user_name, step_id),
                )
        return await self.history(game_id, ids=ids) if ids else []

    async def redo(self, game_id: int) -> StepRecord | None:
        """Re-apply the most recently undone step, if the redo stack is not empty."""
        async with self._db.transaction() as conn:
            self._wrote(game_id)
            row = await _one(
                conn,
                "SELECT id FROM tracker_steps WHERE game_id = ? AND status = 'undone'"
                " ORDER BY id LIMIT 1",
                (game_id,),
            )
            if row is None:
                return None
            step_id = int(row[0])
            for ev in await _events(conn, step_id):
                await _write(conn, ev.entity, ev.row_id, ev.field, ev.after)
            await conn.execute(
                "UPDATE tracker_steps SET status = 'done', undone_at = NULL, undone_by = NULL"
                " WHERE id = ?",
                (step_id,),
            )
        found = await self.history(game_id, ids=[step_id])
        return found[0] if found else None


async def _open_step(
    conn: aiosqlite.Connection,
    game_id: int,
    at: float,
    user_id: int,
    user_name: str,
    action: str,
    params: dict[str, Any],
) -> tuple[int, int]:
    """Insert the step row, only while the game is active (checked in the same statement).

    Returns the step id and SQLite's data_version (for the transaction's stamp).
    """
    row = await _one(
        conn,
        "INSERT INTO tracker_steps (game_id, at, user_id, user_name, action, params)"
        " SELECT ?, ?, ?, ?, ?, ? WHERE EXISTS"
        " (SELECT 1 FROM tracker_games WHERE id = ? AND status = ?)"
        " RETURNING id, (SELECT data_version FROM pragma_data_version())",
        (
            game_id,
            at,
            user_id,
            user_name,
            action,
            json.dumps(params, ensure_ascii=False),
            game_id,
            ACTIVE,
        ),
    )
    if row is None:
        raise GameNotActive(game_id)
    return int(row[0]), int(row[1])


async def _events(conn: aiosqlite.Connection, step_id: int) -> list[EventRecord]:
    rows = await _all(
        conn,
        "SELECT id, entity, row_id, field, before_value, after_value FROM tracker_events"
        " WHERE step_id = ? ORDER BY id",
        (step_id,),
    )
    return [EventRecord(int(r[0]), str(r[1]), int(r[2]), str(r[3]), r[4], r[5]) for r in rows]


async def _write(
    conn: aiosqlite.Connection, entity: str, row_id: int, field: str, value: Any
) -> None:
    table = _target(entity, field)
    await conn.execute(f"UPDATE {table} SET {field} = ? WHERE id = ?", (value, row_id))


async def _one(conn: aiosqlite.Connection, sql: str, params: Iterable[Any] = ()) -> Any:
    """The first row or None, in one round trip to the database thread."""
    rows = list(await conn.execute_fetchall(sql, tuple(params)))
    return rows[0] if rows else None


async def _all(conn: aiosqlite.Connection, sql: str, params: Iterable[Any] = ()) -> list[Any]:
    return list(await conn.execute_fetchall(sql, tuple(params)))


def _counter(row: Iterable[Any]) -> Counter:
    cid, key, value, lo, hi, token = tuple(row)
    return Counter(int(cid), str(key), int(value), lo, hi, bool(token))


_GAME_COLUMNS = (
    "SELECT id, channel_id, guild_id, slug, status, round, active_seat, created_at, created_by,"
    " ended_at, winner_id, options, live_message_id, live_channel_id, live_posted_at,"
    " (SELECT data_version FROM pragma_data_version())"
    " FROM tracker_games"
)


async def _load(conn: aiosqlite.Connection, game_id: int) -> GameState | None:
    read = await _read(conn, game_id)
    return read[0] if read else None


async def _read(
    conn: aiosqlite.Connection, game_id: int | None = None, *, channel_id: int | None = None
) -> tuple[GameState, int] | None:
    """The game `game_id`, or the channel's active one, in three queries: game, holders, values;
    with SQLite's data_version (read with the game row) for the state's stamp.

    Every statement is a round trip to the database thread, and a change reads the game twice
    (to resolve names, then for the reply), so players and units come in one query, and counters
    and list items in another.
    """
    if game_id is not None:
        g = await _one(conn, _GAME_COLUMNS + " WHERE id = ?", (game_id,))
    else:
        g = await _one(
            conn, _GAME_COLUMNS + " WHERE channel_id = ? AND status = ?", (channel_id, ACTIVE)
        )
    if g is None:
        return None
    game = Game(
        id=int(g[0]),
        channel_id=int(g[1]),
        guild_id=g[2],
        slug=str(g[3]),
        status=str(g[4]),
        round=int(g[5]),
        active_seat=int(g[6]),
        created_at=float(g[7]),
        created_by=g[8],
        ended_at=g[9],
        winner_id=g[10],
        options={str(k): int(v) for k, v in json.loads(g[11]).items()},
    )
    live = LiveMessage(int(g[12]), int(g[13]), float(g[14] or 0.0)) if g[12] is not None else None
    counters: dict[tuple[str, int], list[Counter]] = {}
    items: dict[int, dict[str, list[str]]] = {}
    # Counters (ordered by position) then list items (ordered by id); `kind` tells them apart.
    for r in await _all(
        conn,
        "SELECT 0 AS kind, id, key, value, min_value, max_value, token, holder, holder_id,"
        " position FROM tracker_counters WHERE game_id = ? AND present = 1"
        " UNION ALL SELECT 1, id, list, NULL, NULL, NULL, text, NULL, participant_id, 0"
        " FROM tracker_items WHERE game_id = ? AND present = 1"
        " ORDER BY kind, position, id",
        (game.id, game.id),
    ):
        if r[0] == 0:
            counters.setdefault((str(r[7]), int(r[8])), []).append(_counter(tuple(r)[1:7]))
        else:
            items.setdefault(int(r[8]), {}).setdefault(str(r[2]), []).append(str(r[6]))

    def split(kind: str, hid: int) -> tuple[tuple[Counter, ...], tuple[Counter, ...]]:
        found = counters.get((kind, hid), [])
        return (
            tuple(c for c in found if not c.token),
            tuple(c for c in found if c.token and c.value != 0),
        )

    participants: list[Participant] = []
    units: list[Unit] = []
    # Participants (by seat) then units (by position), as one result.
    for r in await _all(
        conn,
        "SELECT 0 AS kind, id, user_id, '' AS unit_kind, name, seat AS pos, '' AS state, present"
        " FROM tracker_participants WHERE game_id = ?"
        " UNION ALL SELECT 1, id, owner_id, kind, name, position, state, present"
        " FROM tracker_units WHERE game_id = ? ORDER BY kind, pos, id",
        (game.id, game.id),
    ):
        hid = int(r[1])
        if r[0] == 0:
            cs, ts = split("participant", hid)
            lists = {k: tuple(v) for k, v in items.get(hid, {}).items()}
            participants.append(
                Participant(hid, int(r[2]), str(r[4]), int(r[5]), bool(r[7]), cs, ts, lists)
            )
        else:
            cs, ts = split("unit", hid)
            units.append(
                Unit(hid, r[2], str(r[3]), str(r[4]), int(r[5]), str(r[6]), bool(r[7]), cs, ts)
            )
    return GameState(game, tuple(participants), tuple(units), live), int(g[15])


def replay(state: GameState, events: list[EventRecord]) -> GameState | None:
    """`state` with `events` applied, exactly as `_read` would read it back; None when an event
    names a row `state` does not show (a new unit or player, a token coming back from 0, an
    item), or moves a row in the order (a seat): then the caller reads the game instead."""
    game = state.game
    players = {p.id: p for p in state.all_participants}
    units = {u.id: u for u in state.all_units}
    for ev in events:
        if ev.entity == "game":
            game = replace(game, **{ev.field: ev.after})
        elif ev.entity == "participant" and ev.row_id in players and ev.field != "seat":
            players[ev.row_id] = replace(players[ev.row_id], **{ev.field: _field(ev)})
        elif ev.entity == "unit" and ev.row_id in units:
            units[ev.row_id] = replace(units[ev.row_id], **{ev.field: _field(ev)})
        elif ev.entity == "counter":
            if not _replay_counter(players, ev) and not _replay_counter(units, ev):
                return None
        else:
            return None
    return GameState(game, tuple(players.values()), tuple(units.values()), state.live, stamp=None)


def _field(ev: EventRecord) -> Any:
    """An event's new value as the read model holds it (flags as bools)."""
    return bool(ev.after) if ev.field == "present" else ev.after


def _replay_counter(holders: dict[int, Any], ev: EventRecord) -> bool:
    """Apply a counter event to whichever holder shows that counter; False if none does."""
    for hid, h in holders.items():
        for group in ("counters", "tokens"):
            found: tuple[Counter, ...] = getattr(h, group)
            at = next((i for i, c in enumerate(found) if c.id == ev.row_id), None)
            if at is None:
                continue
            c = found[at]
            if ev.field == "value":
                new: Counter | None = replace(c, value=int(ev.after))
            elif ev.field in ("min_value", "max_value"):
                new = replace(c, **{ev.field[:3]: ev.after})
            elif ev.field == "present" and not ev.after:
                new = None
            else:
                return False
            if new is not None and new.token and new.value == 0:
                new = None  # a token at 0 is not shown (see `_read`)
            kept = found[:at] + ((new,) if new is not None else ()) + found[at + 1 :]
            holders[hid] = replace(h, **{group: kept})
            return True
    return False
