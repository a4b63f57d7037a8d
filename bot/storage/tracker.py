"""Storage of tracked games: state rows plus the step/event log, written together.

Every change runs inside `change()`: one write transaction in which the service adjusts counters
(worked out from the copy the command read, or checked in the UPDATE itself once the step has
locked the game), records one event per changed field, and which one statement closes: the
version checked, the step row and its events written, the redo stack dropped and the game's
`version` bumped (`tracker_close`). Undo and redo replay those events backwards or forwards
(`tracker_undo`).

Nothing another process can change is trusted from memory: the copy of a game kept here is used
only after one indexed read shows its `version` unchanged (or the close checks it), and every
write bumps that version.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from contextvars import ContextVar
from dataclasses import replace
from typing import Any

from bot.storage.db import Db, Row
from bot.storage.dedupe import claim
from bot.storage.errors import UniqueViolation
from bot.storage.game_cache import CACHED_GAMES, GameCache
from bot.storage.scope import Trust
from bot.storage.scope import checked as _checked_versions
from bot.storage.scope import trusting as _trusting
from bot.storage.tracker_change import StepChange
from bot.storage.tracker_close import SQLITE_SETUP
from bot.storage.tracker_read import (
    ACTIVE_SQL,
    STEP_COLUMNS,
    history_rows,
    parse_state,
    read_one,
    read_statements,
    replay,
    split_one,
    stamped,
    step_record,
)
from bot.storage.tracker_tx import StepTx
from bot.storage.tracker_undo import (
    REDO,
    UNDO,
    final_values,
    parse_read,
    read_statement,
    write_statement,
)
from bot.storage.tracker_undo import SQLITE_SETUP as SQLITE_APPLY_SETUP
from bot.tracker.model import GameState, LiveMessage
from bot.tracker.ports import GameChanged, StepsMoved
from bot.tracker.ports import GameExists as GameExists  # storage raises the tracker's own
from bot.tracker.ports import GameNotActive as GameNotActive
from bot.tracker.records import EventRecord, StepRecord

SLICE_ROWS = 1000  # event rows made into records between two yields to the event loop
# (game id, version) this task itself just committed: the next read of that game in the same
# command (undo's and redo's answer) uses the copy as of that commit without checking it again.
_JUST_WRITTEN: ContextVar[tuple[int, int] | None] = ContextVar("arbiter_just_written", default=None)


SqliteTrackerTx = StepTx  # the class's old name


class TrackerStore:
    """The `TrackerRepo` protocol over any back end (`Db`)."""

    def __init__(self, db: Db) -> None:
        self._db = db
        # game id -> the game as last read or written here, stamped with its version.
        self._games = GameCache(CACHED_GAMES)
        self._ready = False  # SQLite: the TEMP view that closes a step exists on the connection

    # --- the validated copy --------------------------------------------------------------------

    @property
    def cache(self) -> GameCache:
        """The games kept in memory (bounded by count and estimated bytes)."""
        return self._games

    def _keep(self, state: GameState | None, *, replayed: bool = False) -> GameState | None:
        """Keep a stamped copy; `replayed` (the copy before, with a step's events applied: no row
        came or went, a token at 0 may have) keeps the size estimated for the copy before."""
        if state is not None and state.stamp is not None:
            self._games.put(state, same_shape=replayed)
        return state

    async def _current(self, game_id: int | None, channel_id: int | None) -> GameState | None:
        """The game, from memory when one read shows its version unchanged, else read whole."""
        just, _ = _JUST_WRITTEN.get(), _JUST_WRITTEN.set(None)
        if game_id is not None and just is not None and just[0] == game_id:
            known = self._games.get(game_id)
            if known is not None and known.stamp == (just[1], 0):
                return known
        checked = _checked_versions()
        for gid, version in (checked or {}).items():
            known = self._games.get(gid)
            if known is None or known.stamp != (version, 0):
                continue
            if gid == game_id or (
                game_id is None and known.game.channel_id == channel_id and known.game.active
            ):
                return known
        trust = _trusting() if self._db.dialect == "postgresql" else None
        if trust is not None:  # the step's close checks the version: no read now
            known = self._games.peek(game_id) if game_id else self._games.active_in(channel_id or 0)
            if known is not None and known.stamp is not None and known.stamp[1] == 0:
                trust.unchecked.add(known.game.id)
                return known
        if game_id is not None:
            rows = await self._db.fetch(
                "SELECT id, version FROM tracker_games WHERE id = ?", (game_id,)
            )
        else:
            rows = await self._db.fetch(
                f"SELECT id, version FROM tracker_games WHERE channel_id = ? AND {ACTIVE_SQL}",
                (channel_id,),
            )
        if not rows:
            return None
        gid, version = int(rows[0][0]), int(rows[0][1])
        known = self._games.get(gid)
        if known is not None and known.stamp == (version, 0):
            found: GameState | None = known
        else:
            found = self._keep(parse_state(await self._read(gid)))
        if checked is not None and found is not None and found.stamp is not None:
            checked[gid] = found.stamp[0]
        return found

    async def _read(self, game_id: int) -> list[list[Row]]:
        """The game's three reads, consistent: one statement on SQLite, one snapshot elsewhere."""
        if self._db.dialect == "sqlite":
            return split_one(await self._db.fetch(*read_one(game_id)))
        return await self._db.snapshot(read_statements(game_id))

    # --- reads ---------------------------------------------------------------------------------

    async def active_game_slug(self, channel_id: int) -> str | None:
        """The slug of the channel's active game (what the glossary defaults to), or None."""
        rows = await self._db.fetch(
            f"SELECT slug FROM tracker_games WHERE channel_id = ? AND {ACTIVE_SQL}",
            (channel_id,),
        )
        return str(rows[0][0]) if rows else None

    async def active_game_id(self, channel_id: int) -> int | None:
        rows = await self._db.fetch(
            f"SELECT id FROM tracker_games WHERE channel_id = ? AND {ACTIVE_SQL}",
            (channel_id,),
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
        steps, events = await history_rows(self._db, game_id, limit, ids)
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
                step_record(s, tuple(by_step.get(int(s[0]), ())))
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
            f" WHERE {ACTIVE_SQL} AND live_message_id IS NOT NULL ORDER BY id",
        )
        return [(int(r[0]), LiveMessage(int(r[1]), int(r[2]), float(r[3] or 0.0))) for r in rows]

    # --- writes --------------------------------------------------------------------------------

    async def _prepare(self) -> None:
        """SQLite: the connection's TEMP view that closes a step (once per store)."""
        if self._ready or self._db.dialect != "sqlite":
            return
        for sql in (*SQLITE_SETUP, *SQLITE_APPLY_SETUP):
            await self._db.fetch(sql)
        self._ready = True

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
        await self._prepare()
        try:
            async with self._db.write() as tx:
                await claim(tx)
                row = await tx.fetch(
                    "INSERT INTO tracker_games (channel_id, guild_id, slug, options, created_by,"
                    " created_at) SELECT ?, ?, ?, ?, ?, ? WHERE NOT EXISTS"
                    f" (SELECT 1 FROM tracker_games WHERE channel_id = ? AND {ACTIVE_SQL})"
                    " RETURNING id, version",
                    (channel_id, guild_id, slug, json.dumps(options), user_id, at, channel_id),
                )
                if not row:
                    raise GameExists(channel_id)
                game_id = int(row[0][0])
                step = StepTx(self._db, tx, game_id, expected=int(row[0][1]), live=True)
                yield step
                await step.close((at, user_id, user_name, "start", {}), drop_redo=False)
        except UniqueViolation:
            raise GameExists(channel_id) from None

    def change(
        self,
        game_id: int,
        *,
        at: float,
        user_id: int,
        user_name: str,
        action: str,
        params: dict[str, Any] | None = None,
        base: GameState | None = None,
        keep_redo: bool = False,
    ) -> StepChange:
        """One undoable step: everything done through the yielded tx commits or rolls back together.

        A step that changed nothing leaves no trace. A step that did change something drops the
        redo stack, as in any editor, unless `keep_redo` (a join, which touches only the new
        seat). GameNotActive if the game has ended meanwhile; given `base`, GameChanged (nothing
        written) if the game is no longer at `base`'s version.
        """
        return StepChange(self, game_id, (at, user_id, user_name, action), params, base, keep_redo)

    @staticmethod
    def _wrote(trust: Trust | None, game_id: int) -> None:
        """The command committed: its later reads check (nothing more rides on one close)."""
        if trust is not None:
            trust.wrote = True
            trust.unchecked.discard(game_id)

    async def stale(self, game_ids: set[int]) -> bool:
        """Whether any of these games moved on from the copy kept of it (or is not kept)."""
        rows = await self._db.fetch(
            "SELECT id, version FROM tracker_games WHERE " + self._db.in_ids("id"),
            (self._db.ids(sorted(game_ids)),),
        )
        now = {int(r[0]): int(r[1]) for r in rows}
        for gid in game_ids:
            known = self._games.peek(gid)
            if known is None or gid not in now or known.stamp != (now[gid], 0):
                return True
        return False

    def _checked(self, game_id: int, version: int) -> None:
        """This command wrote the game to `version`: later reads in it need no check."""
        checked = _checked_versions()
        if checked is not None:
            checked[game_id] = version

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
            self._keep(stamped(after, version + 1), replayed=True)

    async def _apply(
        self,
        game_id: int,
        which: tuple[str, str],
        limit: int,
        at: float | None,
        by: str | None,
        expect: list[int] | None = None,
    ) -> list[StepRecord]:
        """Undo (`UNDO`) or redo (`REDO`) up to `limit` steps: one read, one write (see
        `tracker_undo`); the steps as they are now, in the read's order."""
        await self._prepare()
        undo = which is UNDO
        status = "undone" if undo else "done"
        sqlite = self._db.dialect == "sqlite"
        read = read_statement(self._db, game_id, which, limit)
        for attempt in range(4):
            # PostgreSQL reads first, outside any transaction; SQLite reads under its lock.
            rows = [] if sqlite else await self._db.fetch(*read)
            async with self._db.write() as tx:
                await claim(tx)
                if sqlite:
                    rows = await tx.fetch(*read)
                if not rows:
                    return []
                version, steps = parse_read(rows[0])
                if expect is not None and [s.id for s in steps] != expect:
                    raise StepsMoved(game_id)
                if not steps:
                    return []
                events = [ev for s in steps for ev in (reversed(s.events) if undo else s.events)]
                values = final_values(events, undo)
                ids = [s.id for s in steps]
                written = await tx.final(
                    *write_statement(self._db, game_id, version, values, ids, status, at, by)
                )
            if sqlite or written:
                break
            if attempt == 3:
                raise GameChanged(game_id)  # another writer every time: let the user retry
        replayed = [replace(ev, after=ev.before) if undo else ev for ev in events]
        self._advance(game_id, version, replayed)
        _JUST_WRITTEN.set((game_id, version + 1))
        self._checked(game_id, version + 1)
        return [replace(s, status=status, undone_at=at, undone_by=by) for s in steps]

    async def done_steps(self, game_id: int, limit: int) -> list[StepRecord]:
        """The last `limit` done steps after the start, newest first, without their events:
        what `undo` would take back."""
        rows = await self._db.fetch(
            STEP_COLUMNS + " WHERE game_id = ? AND status = 'done' AND action != 'start'"
            " ORDER BY id DESC LIMIT ?",
            (game_id, limit),
        )
        return [step_record(r, ()) for r in rows]

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
        return await self._apply(game_id, UNDO, steps, at, user_name, expect)

    async def redo(self, game_id: int, *, expect: int | None = None) -> StepRecord | None:
        """Re-apply the next undone step (the oldest), if the redo stack is not empty.

        `expect`: the step the caller checked; StepsMoved if the next one is another now."""
        done = await self._apply(game_id, REDO, 1, None, None, None if expect is None else [expect])
        return done[0] if done else None

    async def next_redo(self, game_id: int) -> StepRecord | None:
        """The step `redo` would re-apply, without its events, so the core can check it first."""
        rows = await self._db.fetch(
            STEP_COLUMNS + " WHERE game_id = ? AND status = 'undone' ORDER BY id LIMIT 1",
            (game_id,),
        )
        return step_record(rows[0], ()) if rows else None

    async def drop_redo(self, game_id: int, step_id: int) -> bool:
        """Mark an undone step dropped, as a new change would: it can no longer apply to the
        table. No game field moves; False if the step is no longer undone."""
        async with self._db.write() as tx:
            await claim(tx)
            rows = await tx.final(
                "UPDATE tracker_steps SET status = 'dropped'"
                " WHERE id = ? AND game_id = ? AND status = 'undone' RETURNING id",
                (step_id, game_id),
            )
        return bool(rows)


SqliteTrackerRepo = TrackerStore  # the class's old name: the same store runs on every back end
