"""Storage of tracked games: state rows plus the step/event log, written together.

Every change runs inside `change()`: one write transaction that takes the game's lock and opens a
step, lets the service adjust counters (arithmetic and bounds checked in the UPDATE itself),
writes one event per changed field, drops the redo stack and bumps the game's `version`, all
committed together. Undo and redo replay those events backwards or forwards, under the same lock.

Nothing another process can change is trusted from memory: the copy of a game kept here is used
only after one indexed read shows its `version` unchanged, and every write bumps that version.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import replace
from typing import Any

from bot.storage.db import Db, Row, Tx
from bot.storage.dedupe import claim
from bot.storage.errors import UniqueViolation
from bot.storage.game_cache import CACHED_GAMES, GameCache
from bot.storage.tracker_read import parse_state, read_statements, replay
from bot.storage.tracker_tx import StepTx, finish_statements, write_statement
from bot.tracker.model import ACTIVE, GameState, LiveMessage
from bot.tracker.ports import GameExists as GameExists  # storage raises the tracker's own
from bot.tracker.ports import GameNotActive as GameNotActive
from bot.tracker.ports import StepsMoved
from bot.tracker.records import EventRecord, StepRecord

SLICE_ROWS = 1000  # event rows made into records between two yields to the event loop


# Kept under its old name for callers that name the class.
SqliteTrackerTx = StepTx

_STEP_COLUMNS = (
    "SELECT id, at, user_id, user_name, action, params, status, undone_at, undone_by"
    " FROM tracker_steps"
)


class TrackerStore:
    """The `TrackerRepo` protocol over any back end (`Db`)."""

    def __init__(self, db: Db) -> None:
        self._db = db
        # game id -> the game as last read or written here, stamped with its version.
        self._games = GameCache(CACHED_GAMES)

    # --- the validated copy --------------------------------------------------------------------

    @property
    def cache(self) -> GameCache:
        """The games kept in memory (bounded by count and estimated bytes)."""
        return self._games

    def _keep(self, state: GameState | None) -> GameState | None:
        if state is not None and state.stamp is not None:
            self._games.put(state)
        return state

    async def _current(self, game_id: int | None, channel_id: int | None) -> GameState | None:
        """The game, from memory when one read shows its version unchanged, else read whole."""
        if game_id is not None:
            rows = await self._db.fetch(
                "SELECT id, version FROM tracker_games WHERE id = ?", (game_id,)
            )
        else:
            rows = await self._db.fetch(
                "SELECT id, version FROM tracker_games WHERE channel_id = ? AND status = ?",
                (channel_id, ACTIVE),
            )
        if not rows:
            return None
        gid, version = int(rows[0][0]), int(rows[0][1])
        known = self._games.get(gid)
        if known is not None and known.stamp == (version, 0):
            return known
        return self._keep(parse_state(await self._db.snapshot(read_statements(gid))))

    # --- reads ---------------------------------------------------------------------------------

    async def active_game_slug(self, channel_id: int) -> str | None:
        """The slug of the channel's active game (what the glossary defaults to), or None."""
        rows = await self._db.fetch(
            "SELECT slug FROM tracker_games WHERE channel_id = ? AND status = ?",
            (channel_id, ACTIVE),
        )
        return str(rows[0][0]) if rows else None

    async def active_game_id(self, channel_id: int) -> int | None:
        rows = await self._db.fetch(
            "SELECT id FROM tracker_games WHERE channel_id = ? AND status = ?",
            (channel_id, ACTIVE),
        )
        return int(rows[0][0]) if rows else None

    async def latest_game_id(self, channel_id: int) -> int | None:
        """The channel's most recent game, active or ended."""
        rows = await self._db.fetch(
            "SELECT id FROM tracker_games WHERE channel_id = ? ORDER BY id DESC LIMIT 1",
            (channel_id,),
        )
        return int(rows[0][0]) if rows else None

    async def load(self, game_id: int) -> GameState | None:
        """A consistent snapshot of the game (no half-written step shows)."""
        return await self._current(game_id, None)

    async def load_active(self, channel_id: int) -> GameState | None:
        return await self._current(None, channel_id)

    async def history(
        self, game_id: int, limit: int | None = None, *, ids: list[int] | None = None
    ) -> list[StepRecord]:
        """Steps newest first (all, the last `limit`, or those in `ids`), each with its events."""
        db = self._db
        sql = _STEP_COLUMNS + " WHERE game_id = ?"
        args: list[Any] = [game_id]
        if ids is not None:
            sql += " AND " + db.in_ids("id")
            args.append(db.ids(ids))
        sql += " ORDER BY id DESC"
        if limit is not None:
            sql += " LIMIT ?"
            args.append(limit)
        if db.dialect == "postgresql":
            # Two plain reads: a step's events are written with it and never change, so the
            # steps' ids are all the second read needs (and each plan stays a simple index walk).
            steps = await db.fetch(sql, args)
            events = await db.fetch(
                "SELECT id, step_id, entity, row_id, field, before_value, after_value"
                " FROM tracker_events WHERE " + db.in_ids("step_id") + " ORDER BY id",
                (db.ids([int(s[0]) for s in steps]),),
            )
        elif ids is not None or limit is not None:
            # Events of just those steps, in the same snapshot: the steps' ids as a subquery.
            events_sql = (
                "SELECT id, step_id, entity, row_id, field, before_value, after_value"
                f" FROM tracker_events WHERE step_id IN (SELECT id FROM ({sql}) AS s) ORDER BY id"
            )
            steps, events = await db.snapshot([(sql, args), (events_sql, args)])
        else:
            steps, events = await db.snapshot(
                [
                    (sql, args),
                    (
                        "SELECT id, step_id, entity, row_id, field, before_value, after_value"
                        " FROM tracker_events WHERE game_id = ? ORDER BY id",
                        (game_id,),
                    ),
                ]
            )
        # A whole long game (export) is made into records a slice at a time, yielding between.
        by_step: dict[int, list[EventRecord]] = {}
        for start in range(0, len(events), SLICE_ROWS):
            if start:
                await asyncio.sleep(0)
            for r in events[start : start + SLICE_ROWS]:
                by_step.setdefault(int(r[1]), []).append(self._event(r))
        out: list[StepRecord] = []
        for start in range(0, len(steps), SLICE_ROWS // 2):
            if start:
                await asyncio.sleep(0)
            out += (
                _step(s, tuple(by_step.get(int(s[0]), ())))
                for s in steps[start : start + SLICE_ROWS // 2]
            )
        return out

    def _event(self, r: Row) -> EventRecord:
        decode = self._db.decode
        return EventRecord(int(r[0]), str(r[2]), int(r[3]), str(r[4]), decode(r[5]), decode(r[6]))

    async def counter_index(self, game_id: int) -> dict[int, tuple[str, int, str]]:
        """counter id → (holder kind, holder id, key) for every counter ever made in the game."""
        rows = await self._db.fetch(
            "SELECT id, holder, holder_id, key FROM tracker_counters WHERE game_id = ?",
            (game_id,),
        )
        return {int(r[0]): (str(r[1]), int(r[2]), str(r[3])) for r in rows}

    async def step_count(self, game_id: int) -> int:
        """Steps kept in the game's log (every status): what the steps cap counts."""
        rows = await self._db.fetch(
            "SELECT COUNT(*) FROM tracker_steps WHERE game_id = ?", (game_id,)
        )
        return int(rows[0][0]) if rows else 0

    async def event_count(self, game_id: int) -> int:
        rows = await self._db.fetch(
            "SELECT COUNT(*) FROM tracker_events WHERE game_id = ?", (game_id,)
        )
        return int(rows[0][0]) if rows else 0

    # --- live message (not part of the undoable state) -----------------------------------------

    async def set_live_message(
        self,
        game_id: int,
        message_id: int | None,
        posted_at: float | None,
        channel_id: int | None = None,
    ) -> None:
        """Remember (None: forget) the live message; the channel defaults to the game's."""
        async with self._db.write() as tx:
            if message_id is None:
                await tx.fetch(
                    "UPDATE tracker_games SET live_message_id = NULL, live_posted_at = NULL,"
                    " live_channel_id = NULL, version = version + 1 WHERE id = ?",
                    (game_id,),
                )
            else:
                await tx.fetch(
                    "UPDATE tracker_games SET live_message_id = ?, live_posted_at = ?,"
                    " live_channel_id = COALESCE(?, channel_id), version = version + 1"
                    " WHERE id = ?",
                    (message_id, posted_at, channel_id, game_id),
                )

    async def live_message(self, game_id: int) -> LiveMessage | None:
        rows = await self._db.fetch(
            "SELECT live_message_id, live_channel_id, live_posted_at FROM tracker_games"
            " WHERE id = ?",
            (game_id,),
        )
        if not rows or rows[0][0] is None:
            return None
        r = rows[0]
        return LiveMessage(int(r[0]), int(r[1]), float(r[2] or 0.0))

    async def live_messages(self) -> list[tuple[int, LiveMessage]]:
        """(game id, live message) of every active game that has one: re-attached on start-up."""
        rows = await self._db.fetch(
            "SELECT id, live_message_id, live_channel_id, live_posted_at FROM tracker_games"
            " WHERE status = ? AND live_message_id IS NOT NULL ORDER BY id",
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
    ) -> AsyncIterator[StepTx]:
        """Insert an active game and open its 'start' step; GameExists if the channel has one."""
        try:
            async with self._db.write() as tx:
                await claim(tx)
                found = await tx.fetch(
                    "SELECT 1 FROM tracker_games WHERE channel_id = ? AND status = ?",
                    (channel_id, ACTIVE),
                )
                if found:
                    raise GameExists(channel_id)
                row = await tx.fetch(
                    "INSERT INTO tracker_games (channel_id, guild_id, slug, options, created_by,"
                    " created_at) VALUES (?, ?, ?, ?, ?, ?) RETURNING id",
                    (channel_id, guild_id, slug, json.dumps(options), user_id, at),
                )
                game_id = int(row[0][0])
                step_id, version = await self._open_step(
                    tx, game_id, at, user_id, user_name, "start", {}
                )
                step = StepTx(self._db, tx, game_id, step_id, version)
                yield step
                for statement in step.finish(drop_redo=False):
                    tx.at_commit(*statement)
        except UniqueViolation:
            raise GameExists(channel_id) from None

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
        keep_redo: bool = False,
    ) -> AsyncIterator[StepTx]:
        """One undoable step: everything done through the yielded tx commits or rolls back together.

        A step that changed nothing leaves no trace. A step that did change something drops the
        redo stack, as in any editor, unless `keep_redo` (a join, which touches only the new
        seat). GameNotActive if the game has ended meanwhile.
        """
        async with self._db.write() as tx:
            await claim(tx)
            step_id, version = await self._open_step(
                tx, game_id, at, user_id, user_name, action, params or {}
            )
            step = StepTx(self._db, tx, game_id, step_id, version, params)
            yield step
            if step.events == 0:
                tx.at_commit("DELETE FROM tracker_steps WHERE id = ?", (step_id,))
            else:
                if step.params != (params or {}):
                    tx.at_commit(
                        "UPDATE tracker_steps SET params = ? WHERE id = ?",
                        (json.dumps(step.params, ensure_ascii=False), step_id),
                    )
                for statement in step.finish(drop_redo=not (keep_redo or step.keep_redo)):
                    tx.at_commit(*statement)
        if step.events and step.base is not None:
            # Under the lock the game went from `base` (version v) to this: v + 1.
            after = replay(step.base, step.written)
            if after is not None:
                self._keep(replace(after, stamp=(version + 1, 0)))

    def _advance(self, game_id: int, version: int, events: list[EventRecord]) -> None:
        """After a commit that took the game from `version` to `version + 1` by `events`:
        the copy here, if it was at `version`, moves along (else the next read fetches it)."""
        known = self._games.peek(game_id)
        if known is None or known.stamp != (version, 0):
            return
        after = replay(known, events)
        if after is None:
            self._games.pop(game_id)
        else:
            self._keep(replace(after, stamp=(version + 1, 0)))

    async def _open_step(
        self,
        tx: Tx,
        game_id: int,
        at: float,
        user_id: int,
        user_name: str,
        action: str,
        params: dict[str, Any],
    ) -> tuple[int, int]:
        """Lock the game, insert the step row while it is active; (step id, game version)."""
        args = (json.dumps(params, ensure_ascii=False),)
        if self._db.dialect == "postgresql":
            # The version bump takes the row lock (writers of this game wait here) and is the
            # step's stamp: one statement opens the step.
            rows = await tx.fetch(
                "WITH g AS (UPDATE tracker_games SET version = version + 1"
                " WHERE id = ? AND status = ? RETURNING id, version - 1 AS version)"
                " INSERT INTO tracker_steps (game_id, at, user_id, user_name, action, params)"
                " SELECT g.id, ?::double precision, ?::bigint, ?::text, ?::text, ?::text FROM g"
                " RETURNING id, (SELECT version FROM g)",
                (game_id, ACTIVE, at, user_id, user_name, action, *args),
            )
        else:
            rows = await tx.fetch(
                "INSERT INTO tracker_steps (game_id, at, user_id, user_name, action, params)"
                " SELECT ?, ?, ?, ?, ?, ? WHERE EXISTS"
                " (SELECT 1 FROM tracker_games WHERE id = ? AND status = ?)"
                " RETURNING id, (SELECT version FROM tracker_games WHERE id = ?)",
                (game_id, at, user_id, user_name, action, *args, game_id, ACTIVE, game_id),
            )
        if not rows:
            raise GameNotActive(game_id)
        return int(rows[0][0]), int(rows[0][1])

    def _lock(self) -> str:
        sql = "SELECT version FROM tracker_games WHERE id = ?"
        return sql + " FOR UPDATE" if self._db.dialect == "postgresql" else sql

    async def _events_of(self, tx: Tx, step_ids: list[int]) -> dict[int, list[EventRecord]]:
        found: dict[int, list[EventRecord]] = {}
        for r in await tx.fetch(
            "SELECT id, step_id, entity, row_id, field, before_value, after_value"
            " FROM tracker_events WHERE " + self._db.in_ids("step_id") + " ORDER BY id",
            (self._db.ids(step_ids),),
        ):
            found.setdefault(int(r[1]), []).append(self._event(r))
        return found

    async def done_steps(self, game_id: int, limit: int) -> list[StepRecord]:
        """The last `limit` done steps after the start, newest first, without their events:
        what `undo` would take back."""
        rows = await self._db.fetch(
            _STEP_COLUMNS + " WHERE game_id = ? AND status = 'done' AND action != 'start'"
            " ORDER BY id DESC LIMIT ?",
            (game_id, limit),
        )
        return [_step(r, ()) for r in rows]

    async def seated_since(self, game_id: int, user_id: int) -> int:
        """The id of the done step that last seated the user (their join), else 0 (the start)."""
        rows = await self._db.fetch(
            "SELECT MAX(id) FROM tracker_steps WHERE game_id = ? AND status = 'done'"
            " AND action = 'join' AND user_id = ?",
            (game_id, user_id),
        )
        return int(rows[0][0]) if rows and rows[0][0] is not None else 0

    async def undo(
        self,
        game_id: int,
        steps: int,
        *,
        at: float,
        user_name: str,
        expect: list[int] | None = None,
    ) -> list[StepRecord]:
        """Revert the last `steps` done steps (fewer if fewer exist); returns those reverted.

        `expect`: the step ids the caller checked; StepsMoved if the last steps are others now.
        """
        async with self._db.write() as tx:
            await claim(tx)
            locked, found = await tx.batch(
                [
                    (self._lock(), (game_id,)),
                    (
                        "SELECT id FROM tracker_steps WHERE game_id = ? AND status = 'done'"
                        " AND action != 'start' ORDER BY id DESC LIMIT ?",
                        (game_id, steps),
                    ),
                ]
            )
            ids = [int(r[0]) for r in found]
            if expect is not None and ids != expect:
                raise StepsMoved(game_id)
            if not ids:
                return []
            version = int(locked[0][0])
            events = await self._events_of(tx, ids)
            written: list[EventRecord] = []
            for step_id in ids:
                for ev in reversed(events.get(step_id, [])):
                    tx.at_commit(*write_statement(ev.entity, ev.row_id, ev.field, ev.before))
                    written.append(replace(ev, after=ev.before))
                tx.at_commit(
                    "UPDATE tracker_steps SET status = 'undone', undone_at = ?, undone_by = ?"
                    " WHERE id = ?",
                    (at, user_name, step_id),
                )
            tx.at_commit(*finish_statements(self._db, game_id, 0, [], drop_redo=False)[0])
        self._advance(game_id, version, written)
        return await self.history(game_id, ids=ids)

    async def redo(self, game_id: int) -> StepRecord | None:
        """Re-apply the most recently undone step, if the redo stack is not empty."""
        async with self._db.write() as tx:
            await claim(tx)
            locked, found = await tx.batch(
                [
                    (self._lock(), (game_id,)),
                    (
                        "SELECT id FROM tracker_steps WHERE game_id = ? AND status = 'undone'"
                        " ORDER BY id LIMIT 1",
                        (game_id,),
                    ),
                ]
            )
            if not found:
                return None
            version = int(locked[0][0])
            step_id = int(found[0][0])
            redone = (await self._events_of(tx, [step_id])).get(step_id, [])
            for ev in redone:
                tx.at_commit(*write_statement(ev.entity, ev.row_id, ev.field, ev.after))
            tx.at_commit(
                "UPDATE tracker_steps SET status = 'done', undone_at = NULL, undone_by = NULL"
                " WHERE id = ?",
                (step_id,),
            )
            tx.at_commit(*finish_statements(self._db, game_id, 0, [], drop_redo=False)[0])
        self._advance(game_id, version, redone)
        done = await self.history(game_id, ids=[step_id])
        return done[0] if done else None


# The SQLite class's old name: the same store runs on every back end.
SqliteTrackerRepo = TrackerStore


def _step(s: Row, events: tuple[EventRecord, ...]) -> StepRecord:
    return StepRecord(
        id=int(s[0]),
        at=float(s[1]),
        user_id=None if s[2] is None else int(s[2]),
        user_name=s[3],
        action=str(s[4]),
        params=json.loads(s[5]),
        status=str(s[6]),
        undone_at=None if s[7] is None else float(s[7]),
        undone_by=s[8],
        events=events,
    )
