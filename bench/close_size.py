"""Whether the SQLite closing statement grows with a game's history (issue 20).

Builds two databases through the service, one game each, and gives one of them 100,000 events
(with 1,000 other games) as `bench/tracker_probe.py` does. Then it runs the close of one `/add`
(`bot/storage/tracker_close.py`, its TEMP trigger) straight through `sqlite3` with real bound
values, timed alone (COMMIT not included), alternating between the two files, and prints
the medians and the plans of the trigger's history-sized reads.

`python -m bench.close_size [--n 300]`
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import sqlite3
import statistics
import tempfile
import time
from pathlib import Path

from bench.tracker_probe import populate, start_game
from bot.app import create_services
from bot.config import Settings
from bot.storage.tracker_close import _SQLITE_CLOSE, SQLITE_SETUP

PLANS = (
    "UPDATE tracker_steps SET status = 'dropped' WHERE 1 AND game_id = ? AND status = 'undone'",
    "SELECT MAX(id) FROM tracker_steps WHERE game_id = ?",
)


async def build(path: Path, events: int) -> tuple[int, int]:
    services = await create_services(Settings(), db_path=path, rng=random.Random(1))
    try:
        _, game_id, counter_id = await start_game(services, "#close")
        if events:
            await populate(services, game_id, counter_id, events)
        return game_id, counter_id
    finally:
        await services.storage.close()


def one_close(con: sqlite3.Connection, game_id: int, counter_id: int, i: int) -> float:
    version = con.execute("SELECT version FROM tracker_games WHERE id = ?", (game_id,)).fetchone()
    events = json.dumps([["counter", counter_id, "value", i, i + 1]])
    counters = json.dumps([[counter_id, i + 1]])
    args = (game_id, version[0], 0.0, 1, "a", "add", "{}", events, counters, 1, game_id, game_id)
    con.execute("BEGIN IMMEDIATE")
    t0 = time.perf_counter()
    con.execute(_SQLITE_CLOSE, args).fetchall()
    took = time.perf_counter() - t0
    con.execute("COMMIT")
    return took


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--n", type=int, default=300, help="closes per database (default 300)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        sides = {"small game": Path(tmp, "small.db"), "100,000 events": Path(tmp, "big.db")}
        ids = {
            name: asyncio.run(build(path, 100_000 if "events" in name else 0))
            for name, path in sides.items()
        }
        cons = {}
        for name, path in sides.items():
            con = sqlite3.connect(path, isolation_level=None)
            for pragma in ("PRAGMA foreign_keys=ON", "PRAGMA synchronous=NORMAL"):
                con.execute(pragma)
            for sql in SQLITE_SETUP:
                con.execute(sql)
            cons[name] = con
        took: dict[str, list[float]] = {name: [] for name in sides}
        for i in range(args.n):
            for name, con in cons.items():
                took[name].append(one_close(con, *ids[name], i))
        for name, con in cons.items():
            print(f"{name}: close median {statistics.median(took[name]) * 1e6:.1f} µs")
            for sql in PLANS:
                for row in con.execute("EXPLAIN QUERY PLAN " + sql, (ids[name][0],)):
                    print(f"  {row[3]}")
            con.close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
