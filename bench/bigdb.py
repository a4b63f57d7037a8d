"""A real-size SQLite database, built in seconds: thousands of games, rolls and events.

Two games are played through the real service: a small template game (a few units, tokens,
rounds, an undone step) and one of `big_units` units. The template's rows are then cloned,
every id shifted and every reference remapped, with `executemany` in one transaction, so each
clone is a game the tracker can load, undo and go on with, and its event log replays to its
state exactly as the template's does. Rolls are inserted the same way.

`python -m bench.bigdb PATH [--games N] [--events N]` builds one by hand.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import sqlite3
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from bot.app import create_services
from bot.config import Settings
from bot.context import Ctx, UserRef
from bot.games.mage_wars import GAME as _MAGE_WARS_GAME
from bot.handlers import tracker_ops as service

MAGE_WARS = _MAGE_WARS_GAME.slug
TEMPLATE_CHANNEL = 1
BIG_CHANNEL = 2
FIRST_CLONE_CHANNEL = 1000


@dataclass
class Size:
    games: int
    rolls: int
    events: int
    big_game_id: int
    big_units: int
    seconds: float


async def _play(path: Path, big_units: int) -> None:
    svc = await create_services(Settings(), db_path=path, rng=random.Random(7))
    try:
        alice = Ctx(svc, UserRef.from_name("alice"), TEMPLATE_CHANNEL, 1, lang="ru")
        bob = UserRef.from_name("bob")
        await service.start(alice, MAGE_WARS, [bob], {"life": 30})
        for name in ("Волк", "Тролль", "Гоблин"):
            await service.add_unit(alice, name, None, {"life": 99})
            await service.token(alice, name, "burn", 2)
            await service.token(alice, name, "rot", 1)
        for r in range(8):
            await service.damage(alice, "Тролль", 1)
            await service.mana(alice, -1)
            await service.next_round(alice, random.Random(r))
        await service.heal(alice, "Волк", 1)
        await service.undo(alice)  # one step waits on the redo stack
        big = Ctx(svc, UserRef.from_name("alice"), BIG_CHANNEL, 1, lang="ru")
        await service.start(big, MAGE_WARS, [bob], {"life": 30})
        for i in range(big_units - 2):  # the two mages count: the game sits at the unit cap
            await service.add_unit(big, f"Солдат {i}", None, {"life": 50})
    finally:
        await svc.storage.close()


def _rows(conn: sqlite3.Connection, table: str, game_id: int) -> tuple[list[str], list[Any]]:
    column = "id" if table == "tracker_games" else "game_id"
    cur = conn.execute(f"SELECT * FROM {table} WHERE {column} = ? ORDER BY id", (game_id,))
    return [d[0] for d in cur.description], cur.fetchall()


def _clone(conn: sqlite3.Connection, template: int, copies: int) -> None:
    """`copies` games like `template`, each in a channel of its own, ids after every id in use."""
    tables = [
        "tracker_games",
        "tracker_participants",
        "tracker_units",
        "tracker_counters",
        "tracker_items",
        "tracker_steps",
        "tracker_events",
    ]
    found = {t: _rows(conn, t, template) for t in tables}
    top = {
        t: int(conn.execute(f"SELECT COALESCE(MAX(id), 0) FROM {t}").fetchone()[0]) for t in tables
    }
    base = {t: min((r[0] for r in found[t][1]), default=0) for t in tables}
    span = {t: max((r[0] for r in found[t][1]), default=0) - base[t] + 1 for t in tables}
    entity_table = {
        "game": "tracker_games",
        "participant": "tracker_participants",
        "unit": "tracker_units",
        "counter": "tracker_counters",
        "item": "tracker_items",
    }

    def shift(table: str, old: int | None, k: int) -> int | None:
        if old is None:
            return None
        return top[table] + k * span[table] + (old - base[table]) + 1

    refs = {
        "game_id": "tracker_games",
        "step_id": "tracker_steps",
        "participant_id": "tracker_participants",
        "owner_id": "tracker_participants",
        "winner_id": "tracker_participants",
    }
    for table in tables:
        cols, rows = found[table]
        out: list[tuple[Any, ...]] = []
        for k in range(copies):
            for row in rows:
                values = dict(zip(cols, row, strict=True))
                values["id"] = shift(table, values["id"], k)
                for col, ref in refs.items():
                    if col in values and not (table == "tracker_games" and col == "game_id"):
                        values[col] = shift(ref, values[col], k)
                if table == "tracker_games":
                    values["channel_id"] = FIRST_CLONE_CHANNEL + top["tracker_games"] + k
                    values["live_message_id"] = values["live_channel_id"] = None
                    values["live_posted_at"] = None
                if table == "tracker_counters":
                    holder = (
                        "tracker_participants"
                        if values["holder"] == "participant"
                        else "tracker_units"
                    )
                    values["holder_id"] = shift(holder, values["holder_id"], k)
                if table == "tracker_events":
                    values["row_id"] = shift(entity_table[values["entity"]], values["row_id"], k)
                out.append(tuple(values[c] for c in cols))
        marks = ", ".join("?" * len(cols))
        conn.executemany(f"INSERT INTO {table} ({', '.join(cols)}) VALUES ({marks})", out)


def _add_rolls(conn: sqlite3.Connection, n: int) -> None:
    rng = random.Random(11)
    rows = []
    for i in range(n):
        dice = [rng.randint(1, 6) for _ in range(3)]
        result = json.dumps({"total": sum(dice), "dice": dice})
        rows.append(
            (
                100 + i % 50,
                1 + i % 20,
                f"игрок {i % 20}",
                "roll",
                '{"expr": "3d6"}',
                result,
                i % 7 == 0,
                1.7e9 + i,
            )
        )
    conn.executemany(
        "INSERT INTO rolls (channel_id, user_id, user_name, command, inputs, result, private,"
        " created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
        rows,
    )


def build(
    path: Path,
    *,
    games: int = 1000,
    rolls: int = 10_000,
    events: int = 100_000,
    big_units: int = 200,
) -> Size:
    """Build the database at `path` (which must not exist) with at least `games` games and
    `events` events; returns what it holds."""
    started = time.perf_counter()
    asyncio.run(_play(path, big_units))
    conn = sqlite3.connect(path, isolation_level=None)
    try:
        per_game = int(
            conn.execute("SELECT COUNT(*) FROM tracker_events WHERE game_id = 1").fetchone()[0]
        )
        have = int(conn.execute("SELECT COUNT(*) FROM tracker_events").fetchone()[0])
        copies = max(games - 2, -(-(events - have) // per_game), 0)
        conn.execute("BEGIN")
        _clone(conn, 1, copies)
        _add_rolls(conn, rolls)
        conn.execute("COMMIT")
        count = {
            t: int(conn.execute(f"SELECT COUNT(*) FROM {t}").fetchone()[0])
            for t in ("tracker_games", "rolls", "tracker_events")
        }
    finally:
        conn.close()
    return Size(
        count["tracker_games"],
        count["rolls"],
        count["tracker_events"],
        2,
        big_units,
        time.perf_counter() - started,
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("path", type=Path)
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--rolls", type=int, default=10_000)
    parser.add_argument("--events", type=int, default=100_000)
    args = parser.parse_args()
    size = build(args.path, games=args.games, rolls=args.rolls, events=args.events)
    print(size)


if __name__ == "__main__":
    main()
