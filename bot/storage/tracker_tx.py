"""The open transaction of one tracker step: each write records an event in the same step.

A step begins without a statement. While it works from a copy of the game known to be at
`expected` (the version the command read), a counter's arithmetic and bounds are worked out from
that copy and the new value waits for the close (`tracker_close`), which checks the version and
writes everything in one statement. The first operation that needs the database (a read, an
insert, a field change) locks the game first ("goes live"): from then on statements run as they
come, counter arithmetic and bounds are checked in the UPDATE itself, as before.
"""

from __future__ import annotations

from typing import Any

from bot.storage.db import Db, Statement, Tx
from bot.storage.dedupe import Delivery, DuplicateInteraction, carried, claim, claimed
from bot.storage.errors import UniqueViolation
from bot.storage.tracker_close import CHANGED, ENDED, close_statement
from bot.storage.tracker_read import (
    ACTIVE_SQL,
    counter_of,
    parse_state,
    read_one,
    read_statements,
    replay,
    split_one,
)
from bot.tracker.model import ACTIVE, Counter, GameState, HolderKind
from bot.tracker.ports import GameChanged, GameNotActive
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
_COUNTER = "SELECT id, key, value, min_value, max_value, token FROM tracker_counters"
# Takes the game's write lock (SQLite: the write opens the transaction; PostgreSQL: the row
# lock) and answers the version under it.
_LOCK = {
    "sqlite": f"UPDATE tracker_games SET version = version WHERE id = ? AND {ACTIVE_SQL}"
    " RETURNING version",
    "postgresql": f"SELECT version FROM tracker_games WHERE id = ? AND {ACTIVE_SQL} FOR UPDATE",
}
_SET_VALUE = "UPDATE tracker_counters SET value = ? WHERE id = ?"


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
        *,
        expected: int | None,
        base: GameState | None = None,
        params: dict[str, Any] | None = None,
        live: bool = False,
    ) -> None:
        self.db = db
        self.params: dict[str, Any] = dict(params or {})
        self.tx = tx
        self.game_id = game_id
        self.step_id = 0  # known once the step is closed
        # The version of the copy the step works from (checked at the close), unless the step
        # locked the game (then `version` is what the lock found).
        self.expected = None if live else expected
        self.version = expected
        self.live = live  # the game is locked and statements run as they come
        self.events = 0
        self.written: list[EventRecord] = []
        self.base: GameState | None = None  # a state known current at the lock (see `state`)
        self.pending: dict[int, int] = {}  # counter id -> value to write at the close
        self.served = False  # `state` answered from the copy before the step locked the game
        self._known: dict[int, Counter] | None = None
        if base is not None and expected is not None and base.stamp == (expected, 0):
            self._known = {
                c.id: c
                for h in (*base.all_participants, *base.all_units)
                for c in (*h.counters, *h.tokens)
            }
        self._replay: tuple[tuple[int, int], GameState | None] | None = None
        # The interaction being served, not claimed yet: the close carries the claim, or, in a
        # step that goes live first, an INSERT of its own does before the first statement.
        self.claim: Delivery | None = None
        self.strict = False  # the copy was not checked: any version moved on is GameChanged
        self.keep_redo = False  # set by a step that leaves the redo stack as it was (a leave)

    def _event(self, entity: str, row_id: int, field: str, before: Any, after: Any) -> None:
        self.events += 1
        self.written.append(EventRecord(self.events, entity, row_id, field, before, after))

    async def lock(self) -> None:
        """Lock the game ("go live") before the step's first statement; GameNotActive if it has
        ended, GameChanged if the step worked from a copy that is no longer current."""
        if self.live:
            return
        self.live = True
        if self.claim is not None:
            self.claim = None
            await claim(self.tx)
        rows = await self.tx.fetch(_LOCK[self.db.dialect], (self.game_id,))
        if not rows:
            raise GameNotActive(self.game_id)
        version = int(rows[0][0])
        if self.expected is not None and version != self.expected:
            if self.events or self.served or self.strict:  # worked from a copy not current
                raise GameChanged(self.game_id)
            self._known = None
        self.version = version
        self.expected = None  # the lock holds from here: the close need not check again

    async def _ready(self) -> None:
        """Live, and the values waiting so far written: the database shows what the step did."""
        await self.lock()
        if self.pending:
            await self.tx.many(_SET_VALUE, [(v, cid) for cid, v in self.pending.items()])
            self.pending.clear()

    async def fetch(self, sql: str, args: Any = ()) -> list[Any]:
        """A statement of this step, run live."""
        await self._ready()
        return await self.tx.fetch(sql, args)

    def _forget(self, counter_id: int) -> None:
        if self._known is not None:
            self._known.pop(counter_id, None)

    async def adjust(self, counter_id: int, delta: int) -> tuple[int, int]:
        """value += delta atomically, refused (OutOfBounds) when the result leaves the bounds."""
        known = self._known.get(counter_id) if self._known is not None else None
        if known is not None:
            after = known.value + delta
            if not known.allows(after):
                raise OutOfBounds(known, after)
            if delta:
                self._known[counter_id] = Counter(  # type: ignore[index]
                    known.id, known.key, after, known.min, known.max, known.token
                )
                self.pending[counter_id] = after
                self._event("counter", counter_id, "value", known.value, after)
            return known.value, after
        rows = await self.fetch(
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
            await self.fetch(_SET_VALUE, (value, counter_id))
            if self._known is not None and counter_id in self._known:
                self._known[counter_id] = Counter(
                    counter.id, counter.key, value, counter.min, counter.max, counter.token
                )
            self._event("counter", counter_id, "value", counter.value, value)
        return counter.value, value

    async def set_field(self, entity: str, row_id: int, field: str, value: Any) -> Any:
        """Change one whitelisted column of one row; returns the value before."""
        table = target(entity, field)
        where = "id = ? AND game_id = ?" if entity != "game" else "id = ? AND id = ?"
        rows = await self.fetch(
            f"SELECT {field} FROM {table} WHERE {where}", (row_id, self.game_id)
        )
        if not rows:
            raise LookupError(f"no {entity} {row_id} in game {self.game_id}")
        before = rows[0][0]
        if before != value:
            await self.fetch(*write_statement(entity, row_id, field, value))
            if entity == "counter":
                self._forget(row_id)
            self._event(entity, row_id, field, before, value)
        return before

    async def _appear(self, entity: str, row_id: int) -> None:
        """A row just inserted with present = 0 comes into play (undo takes it out again)."""
        await self.fetch(*write_statement(entity, row_id, "present", 1))
        self._event(entity, row_id, "present", 0, 1)

    async def counter(self, counter_id: int) -> Counter:
        rows = await self.fetch(
            _COUNTER + " WHERE id = ? AND game_id = ?", (counter_id, self.game_id)
        )
        if not rows:
            raise LookupError(f"no counter {counter_id} in game {self.game_id}")
        return counter_of(rows[0])

    async def counters_of(self, holder: HolderKind, holder_id: int) -> list[Counter]:
        """Present counters and tokens of one holder, read inside this transaction."""
        rows = await self.fetch(
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
        rows = await self.fetch(
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
        new = await self.fetch(
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
        rows = await self.fetch(
            "SELECT id, present FROM tracker_participants WHERE game_id = ? AND user_id = ?",
            (self.game_id, user_id),
        )
        if rows:
            await self.set_field("participant", int(rows[0][0]), "present", 1)
            return int(rows[0][0])
        new = await self.fetch(
            "INSERT INTO tracker_participants (game_id, user_id, name, seat, present)"
            " VALUES (?, ?, ?, (SELECT COALESCE(MAX(seat) + 1, 0) FROM tracker_participants"
            " WHERE game_id = ?), 0) RETURNING id",
            (self.game_id, user_id, name, self.game_id),
        )
        pid = int(new[0][0])
        await self._appear("participant", pid)
        return pid

    async def add_unit(self, owner_id: int | None, kind: str, name: str) -> int:
        new = await self.fetch(
            "INSERT INTO tracker_units (game_id, owner_id, kind, name, position, present)"
            " VALUES (?, ?, ?, ?, (SELECT COALESCE(MAX(position) + 1, 0) FROM tracker_units"
            " WHERE game_id = ?), 0) RETURNING id",
            (self.game_id, owner_id, kind, name, self.game_id),
        )
        uid = int(new[0][0])
        await self._appear("unit", uid)
        return uid

    async def add_item(self, participant_id: int, list_name: str, text: str) -> int:
        new = await self.fetch(
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
        stands on (the close checks it, or the lock found it), the answer is `base` with this
        step's own events applied, with no read at all; otherwise the game is read again.
        """
        if base is not None and base.stamp is not None and base.stamp == (self.version, 0):
            self.base = base
            replayed = self.replayed(base)
            if replayed is not None:
                self.served = self.served or not self.live
                return replayed
        await self._ready()
        if self.db.dialect == "sqlite":
            found = split_one(await self.tx.fetch(*read_one(self.game_id)))
        else:
            found = await self.tx.batch(read_statements(self.game_id))
        state = parse_state(found)
        assert state is not None
        return GameState(state.game, state.all_participants, state.all_units, state.live)

    def replayed(self, base: GameState) -> GameState | None:
        """`base` with this step's events so far applied (`replay`), worked out once per event
        count: the answer's state and the copy kept after the commit are the same replay."""
        key = (id(base), len(self.written))
        if self._replay is None or self._replay[0] != key:
            self._replay = (key, replay(base, self.written))
        return self._replay[1]

    async def close(
        self, step: tuple[float, int | None, str | None, str, dict[str, Any]], drop_redo: bool
    ) -> int:
        """Write the step (it changed something) in one statement; the game's new version."""
        delivery = self.claim
        sql, args = close_statement(
            self.db,
            self.game_id,
            self.expected,
            step,
            self.written,
            self.pending,
            drop_redo,
            carried(self.tx, delivery) if delivery is not None else None,
        )
        try:
            rows = await self.tx.final(sql, args)
        except UniqueViolation as exc:
            if delivery is not None and "interactions" in str(exc):
                raise DuplicateInteraction(delivery.interaction_id) from None
            raise
        except Exception as exc:  # SQLite's trigger refused the close
            if CHANGED in str(exc):
                raise GameChanged(self.game_id) from None
            if ENDED in str(exc):
                raise GameNotActive(self.game_id) from None
            raise
        step_id, version, status = rows[0]
        if step_id is None:
            if status != ACTIVE:
                raise GameNotActive(self.game_id)
            raise GameChanged(self.game_id)
        self.step_id = int(step_id)
        self.pending.clear()
        if delivery is not None:
            self.claim = None
            claimed(self.tx, delivery)
        return int(version)


BUMP = "UPDATE tracker_games SET version = version + 1 WHERE id = ?"
