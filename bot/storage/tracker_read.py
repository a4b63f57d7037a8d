"""Reading a whole game in one consistent snapshot, and replaying a step's events onto a copy.

A state read is three statements (game row; counters and list items; players and units): on
SQLite one statement of the three (`read_one`, one trip), on PostgreSQL one REPEATABLE READ
transaction. Each uses an index on `game_id`, so it reads only the game's rows, whatever else
the database holds.
"""

from __future__ import annotations

import json
from dataclasses import replace
from typing import Any

from bot.storage.db import Db, Row, Statement
from bot.tracker.model import ACTIVE, Counter, Game, GameState, LiveMessage, Participant, Unit
from bot.tracker.records import EventRecord, StepRecord

GAME_COLUMNS = (
    "SELECT id, channel_id, guild_id, slug, status, round, active_seat, created_at, created_by,"
    " ended_at, winner_id, options, live_message_id, live_channel_id, live_posted_at, version"
    " FROM tracker_games"
)
# The status is written into the SQL, not bound: SQLite prepares a statement again on every
# run when a bound value meets the WHERE of a partial index (the one active game per channel).
ACTIVE_SQL = f"status = '{ACTIVE}'"
_BY_CHANNEL = f"(SELECT id FROM tracker_games WHERE channel_id = ? AND {ACTIVE_SQL})"

# Counters (ordered by position) then list items (ordered by id); `kind` tells them apart.
_VALUES = (
    "SELECT 0 AS kind, id, key, value, min_value, max_value, token, '' AS text, holder,"
    " holder_id, position FROM tracker_counters WHERE game_id = {g} AND present = 1"
    " UNION ALL SELECT 1, id, list, 0, NULL, NULL, 0, text, 'participant', participant_id, 0"
    " FROM tracker_items WHERE game_id = {g} AND present = 1"
    " ORDER BY kind, position, id"
)
# Participants (by seat) then units (by position), as one result.
_HOLDERS = (
    "SELECT 0 AS kind, id, user_id, '' AS unit_kind, name, seat AS pos, '' AS state, present"
    " FROM tracker_participants WHERE game_id = {g}"
    " UNION ALL SELECT 1, id, owner_id, kind, name, position, state, present"
    " FROM tracker_units WHERE game_id = {g} ORDER BY kind, pos, id"
)


def read_statements(game_id: int | None = None, channel_id: int | None = None) -> list[Statement]:
    """The three reads of one game, by id or as the channel's active game."""
    arg: tuple[int | str | None, ...]
    if game_id is not None:
        g, arg = "?", (game_id,)
        first: Statement = (GAME_COLUMNS + " WHERE id = ?", (game_id,))
    else:
        g, arg = _BY_CHANNEL, (channel_id,)
        first = (GAME_COLUMNS + f" WHERE channel_id = ? AND {ACTIVE_SQL}", (channel_id,))
    return [
        first,
        (_VALUES.format(g=g), arg + arg),
        (_HOLDERS.format(g=g), arg + arg),
    ]


# The same three reads as one statement (SQLite: one trip, one read transaction by itself).
# Each part's rows keep their order through explicit sort keys (part, kind, position, id).
_ONE = (
    "SELECT 0, 0, 0, 0, g.* FROM (" + GAME_COLUMNS + " WHERE id = ?) AS g"
    " UNION ALL SELECT 1, v.kind, v.position, v.id, v.*"
    + ", NULL" * 5
    + " FROM ("
    + _VALUES.format(g="?")
    + ") AS v UNION ALL SELECT 2, h.kind, h.pos, h.id, h.*"
    + ", NULL" * 8
    + " FROM ("
    + _HOLDERS.format(g="?")
    + ") AS h ORDER BY 1, 2, 3, 4"
)
_WIDTHS = (16, 11, 8)


def read_one(game_id: int) -> Statement:
    """`read_statements(game_id)` as one statement; `split_one` turns its rows back."""
    return (_ONE, (game_id, game_id, game_id, game_id, game_id))


def split_one(rows: list[Row]) -> list[list[Row]]:
    parts: list[list[Row]] = [[], [], []]
    for r in rows:
        part = int(r[0])
        parts[part].append(tuple(r)[4 : 4 + _WIDTHS[part]])
    return parts


def counter_of(row: Row) -> Counter:
    cid, key, value, lo, hi, token = tuple(row)[:6]
    return Counter(
        int(cid),
        str(key),
        int(value),
        None if lo is None else int(lo),
        None if hi is None else int(hi),
        bool(token),
    )


def parse_state(results: list[list[Row]]) -> GameState | None:
    """The game from `read_statements`' rows, stamped with its version."""
    games, values, holders = results
    if not games:
        return None
    g = games[0]
    game = Game(
        id=int(g[0]),
        channel_id=int(g[1]),
        guild_id=None if g[2] is None else int(g[2]),
        slug=str(g[3]),
        status=str(g[4]),
        round=int(g[5]),
        active_seat=int(g[6]),
        created_at=float(g[7]),
        created_by=None if g[8] is None else int(g[8]),
        ended_at=None if g[9] is None else float(g[9]),
        winner_id=None if g[10] is None else int(g[10]),
        options={str(k): int(v) for k, v in json.loads(g[11]).items()},
    )
    live = LiveMessage(int(g[12]), int(g[13]), float(g[14] or 0.0)) if g[12] is not None else None
    counters: dict[tuple[str, int], list[Counter]] = {}
    items: dict[int, dict[str, list[str]]] = {}
    for r in values:
        if r[0] == 0:
            counters.setdefault((str(r[8]), int(r[9])), []).append(counter_of(tuple(r)[1:7]))
        else:
            items.setdefault(int(r[9]), {}).setdefault(str(r[2]), []).append(str(r[7]))

    def split(kind: str, hid: int) -> tuple[tuple[Counter, ...], tuple[Counter, ...]]:
        found = counters.get((kind, hid), [])
        return (
            tuple(c for c in found if not c.token),
            tuple(c for c in found if c.token and c.value != 0),
        )

    participants: list[Participant] = []
    units: list[Unit] = []
    for r in holders:
        hid = int(r[1])
        if r[0] == 0:
            cs, ts = split("participant", hid)
            lists = {k: tuple(v) for k, v in items.get(hid, {}).items()}
            participants.append(
                Participant(hid, int(r[2]), str(r[4]), int(r[5]), bool(r[7]), cs, ts, lists)
            )
        else:
            cs, ts = split("unit", hid)
            owner = None if r[2] is None else int(r[2])
            units.append(
                Unit(hid, owner, str(r[3]), str(r[4]), int(r[5]), str(r[6]), bool(r[7]), cs, ts)
            )
    return GameState(game, tuple(participants), tuple(units), live, stamp=(int(g[15]), 0))


def replay(state: GameState, events: list[EventRecord]) -> GameState | None:
    """`state` with `events` applied, exactly as a read would show it; None when an event names a
    row `state` does not show (a new unit or player, a token coming back from 0, an item), or
    moves a row in the order (a seat): then the caller reads the game instead."""
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
            if ev.field == "value":  # the hot case: built directly, not by `replace`
                new: Counter | None = Counter(c.id, c.key, int(ev.after), c.min, c.max, c.token)
            elif ev.field in ("min_value", "max_value"):
                new = replace(c, **{ev.field[:3]: ev.after})
            elif ev.field == "present" and not ev.after:
                new = None
            else:
                return False
            if new is not None and new.token and new.value == 0:
                new = None  # a token at 0 is not shown (see `parse_state`)
            kept = found[:at] + ((new,) if new is not None else ()) + found[at + 1 :]
            holders[hid] = _with_counters(h, group, kept)
            return True
    return False


def _with_counters(h: Any, group: str, kept: tuple[Counter, ...]) -> Any:
    """`replace(h, **{group: kept})` for a player or unit, built directly (every change)."""
    counters, tokens = (kept, h.tokens) if group == "counters" else (h.counters, kept)
    if type(h) is Participant:
        return Participant(h.id, h.user_id, h.name, h.seat, h.present, counters, tokens, h.lists)
    if type(h) is Unit:
        return Unit(
            h.id, h.owner_id, h.kind, h.name, h.position, h.state, h.present, counters, tokens
        )
    return replace(h, **{group: kept})


def stamped(state: GameState, version: int) -> GameState:
    """`state` stamped as read at `version` (what `replace(state, stamp=…)` gives, directly),
    with what `state` already worked out (`participants`, `units`) carried over: the copy kept
    after a change is the step's own replay, read again by the next command."""
    copy = GameState(
        state.game, state.all_participants, state.all_units, state.live, stamp=(version, 0)
    )
    copy.__dict__.update((k, v) for k, v in state.__dict__.items() if k in _WORKED_OUT)
    return copy


_WORKED_OUT = frozenset({"participants", "units"})


STEP_COLUMNS = (
    "SELECT id, at, user_id, user_name, action, params, status, undone_at, undone_by"
    " FROM tracker_steps"
)


def step_record(s: Row, events: tuple[EventRecord, ...]) -> StepRecord:
    """A `tracker_steps` row (`STEP_COLUMNS`) with its events."""
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


async def history_rows(
    db: Db, game_id: int, limit: int | None, ids: list[int] | None
) -> tuple[list[Row], list[Row]]:
    """The rows of `TrackerStore.history`: its steps (newest first) and their events (by id)."""
    sql = STEP_COLUMNS + " WHERE game_id = ?"
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
    else:
        # One statement (one trip, one read): the steps, then the events of just those
        # steps (all the game's when there is no limit), each part in its own order.
        which = "game_id = ?" if ids is None and limit is None else "step_id IN (SELECT id FROM s)"
        rows = await db.fetch(
            f"WITH s AS ({sql}) SELECT 0, -id, id, at, user_id, user_name, action, params,"
            " status, undone_at, undone_by FROM s UNION ALL SELECT 1, id, id, step_id,"
            " entity, row_id, field, before_value, after_value, NULL, NULL"
            f" FROM tracker_events WHERE {which} ORDER BY 1, 2",
            [*args, *([game_id] if ids is None and limit is None else [])],
        )
        steps = [tuple(r)[2:] for r in rows if r[0] == 0]
        events = [tuple(r)[2:9] for r in rows if r[0] == 1]
    return steps, events
