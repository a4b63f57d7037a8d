"""Tracker write speed (prints, never asserts): `python -m bench.tracker [--n 2000]`.

On a file database in a temporary directory, with the pragmas `Database.open` sets (WAL,
synchronous=NORMAL), it times:
- storage: one committed step per change (step row + atomic `UPDATE … RETURNING` + event row)
  through `storage.tracker.change()` — the durable unit every command writes;
- service: the whole `/add` path (`service.add`: load the game, resolve names, the step, the
  consequence check, the reload for the reply and the notification);
- concurrent: 100 `service.add` calls at once with `asyncio.gather`, repeated;
- raw: a plain `sqlite3` loop of one INSERT per committed transaction with the same pragmas,
  the floor a single-connection SQLite writer can reach. Printed as a ratio against storage;
- statements: how many SQL statements one `/add` and one `/dmg` on a creature send to the
  database thread (each is a round trip, the main cost of a change; steadier than timings).
Targets for the tracker: >= 1000 changes/s and p99 <= 10 ms (storage layer).
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
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

from bot.app import create_services
from bot.config import Settings
from bot.context import Ctx, UserRef, stable_id
from bot.games.custom import GAME as CUSTOM
from bot.games.mage_wars import GAME as MAGE_WARS
from bot.handlers import tracker_ops as service

TARGET_RATE = 1000.0
TARGET_P99_MS = 10.0


def summary(name: str, latencies: list[float], wall: float) -> dict[str, float | str]:
    ordered = sorted(latencies)
    p99 = ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))]
    return {
        "name": name,
        "n": len(latencies),
        "per_s": len(latencies) / wall,
        "p50_ms": statistics.median(ordered) * 1000,
        "p99_ms": p99 * 1000,
    }


async def timed(n: int, fn: Callable[[int], Awaitable[object]]) -> tuple[list[float], float]:
    latencies: list[float] = []
    start = time.perf_counter()
    for i in range(n):
        t0 = time.perf_counter()
        await fn(i)
        latencies.append(time.perf_counter() - t0)
    return latencies, time.perf_counter() - start


async def tracker_figures(directory: Path, n: int) -> list[dict[str, float | str]]:
    services = await create_services(
        Settings(), db_path=directory / "tracker.sqlite3", rng=random.Random(1)
    )
    try:
        ctx = Ctx(services, UserRef.from_name("alice"), stable_id("#bench"), 1)
        await service.start(ctx, CUSTOM.slug, [UserRef.from_name("bob")], {"life": 0})
        state = await service.load_state(services.storage, ctx.channel_id)
        assert state is not None
        counter = state.participants[0].counter("life")
        assert counter is not None
        repo = services.storage.tracker

        async def storage_change(i: int) -> None:
            async with repo.change(
                state.game.id, at=time.time(), user_id=ctx.user.id, user_name="alice", action="add"
            ) as tx:
                await tx.adjust(counter.id, 1)

        async def service_change(i: int) -> None:
            await service.add(ctx, "alice", "life", 1)

        rows = []
        await timed(50, storage_change)  # warm-up
        rows.append(summary("storage", *await timed(n, storage_change)))
        rows.append(summary("service", *await timed(max(1, n // 4), service_change)))

        batches = max(1, n // 400)
        latencies: list[float] = []
        start = time.perf_counter()
        for _ in range(batches):

            async def one() -> None:
                t0 = time.perf_counter()
                await service.add(ctx, "bob", "life", 1)
                latencies.append(time.perf_counter() - t0)

            await asyncio.gather(*(one() for _ in range(100)))
        rows.append(summary("concurrent x100", latencies, time.perf_counter() - start))
        final = await service.load_state(services.storage, ctx.channel_id)
        assert final is not None
        assert final.participants[1].value("life") == batches * 100, "lost updates"
    finally:
        await services.storage.close()
    return rows


async def statement_counts(directory: Path) -> dict[str, float]:
    """SQL statements per `/add` on a player and per `/dmg` on a creature (mean of 10)."""
    services = await create_services(
        Settings(), db_path=directory / "count.sqlite3", rng=random.Random(1)
    )
    try:
        conn = services.storage.db.conn  # the one connection every statement goes through
        sent = [0]
        execute, fetchall = conn.execute, conn.execute_fetchall

        def counted(fn: Callable[..., Any]) -> Callable[..., Any]:
            def wrapper(*args: Any, **kwargs: Any) -> Any:
                sent[0] += 1
                return fn(*args, **kwargs)

            return wrapper

        conn.execute = counted(execute)  # type: ignore[method-assign]
        conn.execute_fetchall = counted(fetchall)  # type: ignore[method-assign]
        ctx = Ctx(services, UserRef.from_name("alice"), stable_id("#count"), 1)
        await service.start(ctx, MAGE_WARS.slug, [UserRef.from_name("bob")], {"life": 20})
        await service.add_unit(ctx, "Bear", None, {"life": 100})
        counts: dict[str, float] = {}

        async def add() -> object:
            return await service.add(ctx, "alice", "mana", 1)

        async def dmg() -> object:
            return await service.damage(ctx, "Bear", 1)

        for name, change in (("/add", add), ("/dmg", dmg)):
            sent[0] = 0
            for _ in range(10):
                await change()
            counts[name] = sent[0] / 10
        return counts
    finally:
        await services.storage.close()


def raw_figures(directory: Path, n: int) -> dict[str, float | str]:
    conn = sqlite3.connect(directory / "raw.sqlite3", isolation_level=None)
    conn.execute("PRAGMA journal_mode=WAL")
    conn.execute("PRAGMA synchronous=NORMAL")
    conn.execute("PRAGMA busy_timeout=5000")
    conn.execute("CREATE TABLE t (id INTEGER PRIMARY KEY, at REAL, value INTEGER)")
    latencies: list[float] = []
    start = time.perf_counter()
    for i in range(n):
        t0 = time.perf_counter()
        conn.execute("BEGIN IMMEDIATE")
        conn.execute("INSERT INTO t (at, value) VALUES (?, ?)", (time.time(), i))
        conn.execute("COMMIT")
        latencies.append(time.perf_counter() - t0)
    wall = time.perf_counter() - start
    conn.close()
    return summary("raw sqlite3", latencies, wall)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--n", type=int, default=2000, help="changes to time (default 2000)")
    parser.add_argument("--json", action="store_true", help="print JSON instead of a table")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        rows = asyncio.run(tracker_figures(Path(tmp), args.n))
        counts = asyncio.run(statement_counts(Path(tmp)))
        raw = raw_figures(Path(tmp), args.n)
    rows.append(raw)
    storage = rows[0]
    ratio = float(raw["per_s"]) / float(storage["per_s"])
    ok = float(storage["per_s"]) >= TARGET_RATE and float(storage["p99_ms"]) <= TARGET_P99_MS
    if args.json:
        out = {"rows": rows, "raw_over_storage": ratio, "targets_met": ok, "statements": counts}
        print(json.dumps(out, indent=1))
        return 0
    print(f"{'path':<16} {'n':>6} {'changes/s':>10} {'p50 ms':>8} {'p99 ms':>8}")
    for r in rows:
        print(
            f"{r['name']!s:<16} {r['n']:>6} {float(r['per_s']):>10.0f}"
            f" {float(r['p50_ms']):>8.3f} {float(r['p99_ms']):>8.3f}"
        )
    print(f"raw sqlite3 / storage: {ratio:.1f}x (the cost of aiosqlite, the step and event rows)")
    print(
        "SQL statements per change: "
        + ", ".join(f"{name} {n:.0f}" for name, n in counts.items())
        + " (one round trip each)"
    )
    print(
        f"targets (storage): >= {TARGET_RATE:.0f} changes/s, p99 <= {TARGET_P99_MS:.0f} ms:"
        f" {'met' if ok else 'NOT met'}"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
