"""The open transaction of one tracker step: each write records an event in the same step.

Counter arithmetic and bounds are checked in the UPDATE itself. Events are kept in memory and
written together at COMMIT (one multi-row INSERT), so a change costs a trip for the step row, one
per statement whose answer the service needs, and one for the commit.
"""

from __future__ import annotations

from typing import Any

from bot.storage.db import Db, Statement, Tx
from bot.storage.tracker_read import counter_of, parse_state, read_statements, replay
from bot.tracker.model import Counter, GameState, HolderKind
from bot.tracker.records import EventRecord, OutOfBounds

# Fields an event may name: (table, allowed columns). Identifiers come only from here.
ENTITIES: dict[str, tuple[str, frozenset[str]]] = {
    "game": (
        "tracker_games",
        frozenset({"status", "round", "active_seat", "winner_id", "ended_at"}),
    ),
    "participant": ("tracker_participants", frozenset({"present", "name", "seat"})),
    "unit": ("tracker_units", frozenset({"present", "name", "state", "owner_id"})),
    "counter": ("tracker_counters", frozenset({"value", "present", "min_value", "max_value"})),
    "item": ("tracker_items", frozenset({"present", "text"})),
}
PG_MAX_ARGS = 32767  # asyncpg's limit of arguments in one statement
_COUNTER = "SELECT id, key, value, min_value, max_value, token FROM tracker_counters"


def target(entity: str, field: str) -> str:
    table, fields = ENTITIES[entity]
    if field not in fields:
        raise ValueError(f"{entity}.{field} is not a tracked field")
    return table


def write_statement(entity: str, row_id: int, field: str, value: Any) -> Statement:
    return (f"UPDATE {target(entity, field)} SET {field} = ? WHERE id = ?", (value, row_id))


class StepTx:
    """One step's transaction (the `TrackerTx` protocol) on any back end."""

    def __init__(
        self,
        db: Db,
        tx: Tx,
        game_id: int,
        step_id: int,
        version: int | None,
        params: dict[str, Any] | None = None,
    ) -> None:
        self.db = db
        self.params: dict[str, Any] = dict(params or {})
        self.tx = tx
        self.game_id = game_id
        self.step_id = step_id
        self.version = version  # the game's version when the step took its lock
        self.events = 0
        self.written: list[EventRecord] = []
        self.base: GameState | None = None  # a state known current at the lock (see `state`)
        self.keep_redo = False  # set by a step that leaves the redo stack as it was (a leave)

    def _event(self, entity: str, row_id: int, field: str, before: Any, after: Any) -> None:
        self.events += 1
        self.written.append(EventRecord(self.events, entity, row_id, field, before, after))

    async def adjust(self, counter_id: int, delta: int) -> tuple[int, int]:
        """value += delta atomically, refused (OutOfBounds) when the result leaves the bounds."""
        rows = await self.tx.fetch(
            "UPDATE tracker_counters SET value = value + ?"
            " WHERE id = ? AND game_id = ?"
            " AND (min_value IS NULL OR value + ? >= min_value)"
            " AND (max_value IS NULL OR value + ? <= max_value)"
            " RETURNING value",
            (delta, counter_id, self.game_id, delta, delta),
        )
        if not rows:
            counter = await self.counter(counter_id)
            raise OutOfBounds(counter, counter.value + delta)
        after = int(rows[0][0])
        if delta:
            self._event("counter", counter_id, "value", after - delta, after)
        return after - delta, after

    async def set_value(self, counter_id: int, value: int) -> tuple[int, int]:
        """value = N, refused (OutOfBounds) outside the bounds."""
        counter = await self.counter(counter_id)
        if not counter.allows(value):
            raise OutOfBounds(counter, value)
        if value != counter.value:
            await self.tx.fetch(
                "UPDATE tracker_counters SET value = ? WHERE id = ?", (value, counter_id)
            )
            self._event("counter", counter_id, "value", counter.value, value)
        return counter.value, value

    async def set_field(self, entity: str, row_id: int, field: str, value: Any) -> Any:
        """Change one whitelisted column of one row; returns the value before."""
        table = target(entity, field)
        where = "id = ? AND game_id = ?" if entity != "game" else "id = ? AND id = ?"
        rows = await self.tx.fetch(
            f"SELECT {field} FROM {table} WHERE {where}", (row_id, self.game_id)
        )
        if not rows:
            raise LookupError(f"no {entity} {row_id} in game {self.game_id}")
        before = rows[0][0]
        if before != value:
            await self.tx.fetch(*write_statement(entity, row_id, field, value))
            self._event(entity, row_id, field, before, value)
        return before

    async def _appear(self, entity: str, row_id: int) -> None:
        """A row just inserted with present = 0 comes into play (undo takes it out again)."""
        await self.tx.fetch(*write_statement(entity, row_id, "present", 1))
        self._event(entity, row_id, "present", 0, 1)

    async def counter(self, counter_id: int) -> Counter:
        rows = await self.tx.fetch(
            _COUNTER + " WHERE id = ? AND game_id = ?", (counter_id, self.game_id)
        )
        if not rows:
            raise LookupError(f"no counter {counter_id} in game {self.game_id}")
        return counter_of(rows[0])

    async def counters_of(self, holder: HolderKind, holder_id: int) -> list[Counter]:
        """Present counters and tokens of one holder, read inside this transaction."""
        rows = await self.tx.fetch(
            _COUNTER + " WHERE game_id = ? AND holder = ? AND holder_id = ? AND present = 1"
            " ORDER BY position, id",
            (self.game_id, holder, holder_id),
        )
        return [counter_of(r) for r in rows]

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
        rows = await self.tx.fetch(
            "SELECT id, present FROM tracker_counters"
            " WHERE game_id = ? AND holder = ? AND holder_id = ? AND key = ?",
            (self.game_id, holder, holder_id, key),
        )
        if rows:
            cid = int(rows[0][0])
            if not rows[0][1]:
                await self.set_field("counter", cid, "value", value)
                await self.set_field("counter", cid, "present", 1)
            return cid
        new = await self.tx.fetch(
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
        cid = int(new[0][0])
        await self._appear("counter", cid)
        return cid

    async def add_participant(self, user_id: int, name: str) -> int:
        """Seat a user (or bring back one who left); returns the participant id."""
        rows = await self.tx.fetch(
            "SELECT id, present FROM tracker_participants WHERE game_id = ? AND user_id = ?",
            (self.game_id, user_id),
        )
        if rows:
            await self.set_field("participant", int(rows[0][0]), "present", 1)
            return int(rows[0][0])
        new = await self.tx.fetch(
            "INSERT INTO tracker_participants (game_id, user_id, name, seat, present)"
            " VALUES (?, ?, ?, (SELECT COALESCE(MAX(seat) + 1, 0) FROM tracker_participants"
            " WHERE game_id = ?), 0) RETURNING id",
            (self.game_id, user_id, name, self.game_id),
        )
        pid = int(new[0][0])
        await self._appear("participant", pid)
        return pid

    async def add_unit(self, owner_id: int | None, kind: str, name: str) -> int:
        new = await self.tx.fetch(
            "INSERT INTO tracker_units (game_id, owner_id, kind, name, position, present)"
            " VALUES (?, ?, ?, ?, (SELECT COALESCE(MAX(position) + 1, 0) FROM tracker_units"
            " WHERE game_id = ?), 0) RETURNING id",
            (self.game_id, owner_id, kind, name, self.game_id),
        )
        uid = int(new[0][0])
        await self._appear("unit", uid)
        return uid

    async def add_item(self, participant_id: int, list_name: str, text: str) -> int:
        new = await self.tx.fetch(
            "INSERT INTO tracker_items (game_id, participant_id, list, text, present)"
            " VALUES (?, ?, ?, ?, 0) RETURNING id",
            (self.game_id, participant_id, list_name, text),
        )
        iid = int(new[0][0])
        await self._appear("item", iid)
        return iid

    async def state(self, base: GameState | None = None) -> GameState:
        """The whole game as this transaction sees it.

        Given `base`, the game as read before the step, and its version is the one the step
        found under its lock (nothing was committed since), the answer is `base` with this
        step's own events applied, with no read at all; otherwise the game is read again.
        """
        if base is not None and base.stamp is not None and base.stamp == (self.version, 0):
            self.base = base
            replayed = replay(base, self.written)
            if replayed is not None:
                return replayed
        state = parse_state(await self.tx.batch(read_statements(self.game_id)))
        assert state is not None
        return GameState(state.game, state.all_participants, state.all_units, state.live)

    def finish(self, drop_redo: bool) -> list[Statement]:
        """The statements that close a step that changed something: its events, the redo stack
        dropped, the game's version bumped (one statement on PostgreSQL)."""
        bumped = self.db.dialect == "postgresql"
        return finish_statements(
            self.db, self.game_id, self.step_id, self.written, drop_redo, bumped=bumped
        )


def finish_statements(
    db: Db,
    game_id: int,
    step_id: int,
    events: list[EventRecord],
    drop_redo: bool,
    *,
    bumped: bool = False,
) -> list[Statement]:
    pg = db.dialect == "postgresql"
    one = (
        "(?::bigint, ?::bigint, ?::text, ?::bigint, ?::text, ?::jsonb, ?::jsonb)"
        if pg
        else "(?, ?, ?, ?, ?, ?, ?)"
    )
    inserts: list[Statement] = []
    for start in range(0, len(events), 400):
        chunk = events[start : start + 400]
        args: list[Any] = []
        for ev in chunk:
            args += [step_id, game_id, ev.entity, ev.row_id, ev.field]
            args += [db.encode(ev.before), db.encode(ev.after)]
        inserts.append(
            (
                "INSERT INTO tracker_events"
                " (step_id, game_id, entity, row_id, field, before_value, after_value) VALUES "
                + ", ".join([one] * len(chunk)),
                args,
            )
        )
    drop = "UPDATE tracker_steps SET status = 'dropped' WHERE game_id = ? AND status = 'undone'"
    bump = "UPDATE tracker_games SET version = version + 1 WHERE id = ?"
    if not pg:
        return [*inserts, *([(drop, (game_id,))] if drop_redo else []), (bump, (game_id,))]
    # One statement per step where it fits; asyncpg takes at most 32,767 arguments a statement,
    # so a step with thousands of events sends its first inserts ahead, in groups that fit.
    ahead: list[Statement] = []
    while sum(len(args) for _, args in inserts) > PG_MAX_ARGS - 2:
        group: list[Statement] = []
        while inserts and sum(len(a) for _, a in group) + len(inserts[0][1]) <= PG_MAX_ARGS:
            group.append(inserts.pop(0))
        ahead.append(_with(group))
    return [*ahead, *_finish_pg(inserts, game_id, drop, bump, drop_redo, bumped)]


def _with(statements: list[Statement]) -> Statement:
    """Several statements as one: all but the last as CTEs (PostgreSQL runs every one)."""
    *head, (last, last_args) = statements
    parts = [f"e{i} AS ({sql})" for i, (sql, _) in enumerate(head)]
    prefix = ("WITH " + ", ".join(parts) + " ") if parts else ""
    return prefix + last, [a for _, args in head for a in args] + list(last_args)


def _finish_pg(
    inserts: list[Statement], game_id: int, drop: str, bump: str, drop_redo: bool, bumped: bool
) -> list[Statement]:
    parts = [f"e{i} AS ({sql})" for i, (sql, _) in enumerate(inserts)]
    params: list[Any] = [a for _, args in inserts for a in args]
    if drop_redo:
        parts.append(f"d AS ({drop})")
        params.append(game_id)
    if bumped:  # the step's first statement bumped the version already (PostgreSQL)
        if not parts:
            return []
        last = parts.pop()
        head = ("WITH " + ", ".join(parts) + " ") if parts else ""
        return [(head + last[last.index("(") + 1 : -1], params)]
    prefix = ("WITH " + ", ".join(parts) + " ") if parts else ""
    return [(prefix + bump, [*params, game_id])]
