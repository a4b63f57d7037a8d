"""Tracker speed on each back end (prints, never asserts): `python -m bench.tracker [--n 400]`.

Durable changes per second, side by side in one run, interleaved, medians of 3 rounds:
- service: `/add` through the whole service (`service.add`: the validated copy of the game,
  names resolved, the step, the consequence check, the reply's state);
- raw: the driver alone doing the same statements (BEGIN, the step row, the counter's
  `UPDATE … RETURNING`, the event row, COMMIT), one transaction per change, one await each.
  On SQLite that driver is the back end's own database thread; on PostgreSQL, asyncpg.
The ratio service/raw is the figure (target >= 0.5). Then, with 1,000 games and one game of
100,000 events in the database, p99 of `/game show`, one change, `/game log` and `/game undo`
(target < 10 ms each), and `--explain` prints the query plans of the hot reads.
PostgreSQL runs on a throwaway cluster (tests/storage/pgcluster.py) or `--pg-url`.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import statistics
import tempfile
import time
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import asyncpg

from bot.app import create_services
from bot.config import Settings
from bot.context import Ctx, Services, UserRef, stable_id
from bot.games.custom import GAME as CUSTOM
from bot.handlers import tracker_ops as service
from bot.storage.db import Db
from bot.storage.sqlite import SqliteDatabase

TARGET_RATIO = 0.5
TARGET_P99_MS = 10.0


async def timed(n: int, fn: Callable[[int], Awaitable[object]]) -> tuple[float, list[float]]:
    """(changes per second, latencies) of n calls in a row."""
    latencies: list[float] = []
    start = time.perf_counter()
    for i in range(n):
        t0 = time.perf_counter()
        await fn(i)
        latencies.append(time.perf_counter() - t0)
    return n / (time.perf_counter() - start), latencies


def p99(latencies: list[float]) -> float:
    ordered = sorted(latencies)
    return ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))] * 1000


STEP = (
    "INSERT INTO tracker_steps (game_id, at, user_id, user_name, action, params)"
    " VALUES (?, ?, ?, ?, ?, ?) RETURNING id"
)
ADJUST = "UPDATE tracker_counters SET value = value + ? WHERE id = ? RETURNING value"
EVENT = (
    "INSERT INTO tracker_events (step_id, game_id, entity, row_id, field, before_value,"
    " after_value) VALUES (?, ?, 'counter', ?, 'value', ?, ?)"
)


def raw_change(db: Db, game_id: int, counter_id: int) -> Callable[[int], Awaitable[None]]:
    """The same statements through the bare driver: one await per statement."""
    if isinstance(db, SqliteDatabase):

        async def sqlite_change(i: int) -> None:
            step = await db.rows(STEP, (game_id, time.time(), 1, "a", "add", "{}"))
            value = await db.rows(ADJUST, (1, counter_id))
            after = int(value[0][0])
            sid = int(step[0][0])
            await db.rows(EVENT, (sid, game_id, counter_id, after - 1, after))
            await db.commit()

        return sqlite_change
    url = db.url  # type: ignore[attr-defined]
    holder: dict[str, Any] = {}

    async def pg_change(i: int) -> None:
        conn = holder.get("conn")
        if conn is None:
            conn = holder["conn"] = await asyncpg.connect(url)
        from bot.storage.postgres import numbered

        async with conn.transaction():
            sid = await conn.fetchval(numbered(STEP), game_id, time.time(), 1, "a", "add", "{}")
            after = await conn.fetchval(numbered(ADJUST), 1, counter_id)
            await conn.execute(
                numbered(EVENT.replace("?, ?)", "?::jsonb, ?::jsonb)")),
                sid,
                game_id,
                counter_id,
                str(after - 1),
                str(after),
            )

    pg_change.holder = holder  # type: ignore[attr-defined]
    return pg_change


async def start_game(services: Services, channel: str) -> tuple[Ctx, int, int]:
    ctx = Ctx(services, UserRef.from_name("alice"), stable_id(channel), 1)
    await service.start(ctx, CUSTOM.slug, [UserRef.from_name("bob")], {"life": 0})
    state = await service.load_state(services.storage, ctx.channel_id)
    assert state is not None
    counter = state.participants[0].counter("life")
    assert counter is not None
    return ctx, state.game.id, counter.id


async def ratio_figures(target: str, n: int) -> dict[str, Any]:
    services = await create_services(Settings(), db_path=target, rng=random.Random(1))
    try:
        ctx, _, _ = await start_game(services, "#bench")
        _, raw_game, raw_counter = await start_game(services, "#raw")
        raw = raw_change(services.storage.db, raw_game, raw_counter)

        async def via_service(i: int) -> None:
            await service.add(ctx, "alice", "life", 1)

        await timed(30, via_service)
        await timed(30, raw)
        rounds: list[tuple[float, float]] = []
        for _ in range(3):  # interleaved: raw, service, raw, service …
            raw_rate, _ = await timed(n, raw)
            svc_rate, _ = await timed(n, via_service)
            rounds.append((raw_rate, svc_rate))
        conn = getattr(raw, "holder", {}).get("conn")
        if conn is not None:
            await conn.close()
        trips = await count_trips(services, ctx)
    finally:
        await services.storage.close()
    raw_med = statistics.median(r for r, _ in rounds)
    svc_med = statistics.median(s for _, s in rounds)
    return {
        "raw_per_s": raw_med,
        "service_per_s": svc_med,
        "ratio": svc_med / raw_med,
        "rounds": rounds,
        "trips": trips,
    }


async def count_trips(services: Services, ctx: Ctx) -> dict[str, float]:
    """Round trips to SQLite's thread per command (mean of 10); empty on PostgreSQL."""
    db = services.storage.db
    if not isinstance(db, SqliteDatabase):
        return {}
    out: dict[str, float] = {}
    commands: dict[str, Callable[[], Awaitable[object]]] = {
        "/add": lambda: service.add(ctx, "alice", "life", 1),
        "/game show": lambda: service.load_state(services.storage, ctx.channel_id),
        "/game undo": lambda: service.undo(ctx),
    }
    for name, fn in commands.items():
        before = db.trips
        for _ in range(10):
            await fn()
        out[name] = (db.trips - before) / 10
    return out


POPULATE_SQLITE = [
    # 1,000 other games, two players each, a life counter each.
    "INSERT INTO tracker_games (channel_id, guild_id, slug, options, created_at)"
    " WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 1000)"
    " SELECT 900000 + i, 1, 'bulk', '{}', 0 FROM n",
    "INSERT INTO tracker_participants (game_id, user_id, name, seat)"
    " SELECT g.id, s.u, 'p' || s.u, s.u FROM tracker_games g,"
    " (SELECT 0 AS u UNION ALL SELECT 1) s WHERE g.slug = 'bulk'",
    "INSERT INTO tracker_counters (game_id, holder, holder_id, key, value)"
    " SELECT game_id, 'participant', id, 'life', 20 FROM tracker_participants"
    " WHERE game_id IN (SELECT id FROM tracker_games WHERE slug = 'bulk')",
]


async def populate(db: Db, game_id: int, counter_id: int, events: int) -> None:
    """1,000 games beside the big one, which gets `events` events (two per step)."""
    pg = db.dialect == "postgresql"
    series = (
        "SELECT i FROM generate_series(1, {n}) AS i"
        if pg
        else "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < {n})"
        " SELECT i FROM n"
    )
    statements: list[tuple[str, tuple[Any, ...]]] = [(s, ()) for s in POPULATE_SQLITE]
    if pg:
        statements[0] = (
            "INSERT INTO tracker_games (channel_id, guild_id, slug, options, created_at)"
            " SELECT 900000 + i, 1, 'bulk', '{}', 0 FROM generate_series(1, 1000) AS i",
            (),
        )
    steps = events // 2
    enc = "to_jsonb(s.i)" if pg else "s.i"
    statements += [
        (
            "INSERT INTO tracker_steps (game_id, at, user_id, user_name, action, params)"
            f" SELECT ?, i, 1, 'a', 'add', '{{}}' FROM ({series.format(n=steps)}) AS x",
            (game_id,),
        ),
        (
            "INSERT INTO tracker_events (step_id, game_id, entity, row_id, field, before_value,"
            f" after_value) SELECT s.id, ?, 'counter', ?, 'value', {enc}, {enc}"
            " FROM (SELECT id, id AS i FROM tracker_steps WHERE game_id = ?) AS s,"
            " (SELECT 1 AS k UNION ALL SELECT 2) AS two",
            (game_id, counter_id, game_id),
        ),
    ]
    async with db.write() as tx:
        await tx.batch(statements)


async def latency_figures(target: str, n: int) -> dict[str, float]:
    services = await create_services(Settings(), db_path=target, rng=random.Random(1))
    try:
        ctx, game_id, counter_id = await start_game(services, "#big")
        await populate(services.storage.db, game_id, counter_id, 100_000)
        other = Ctx(services, UserRef.from_name("alice"), 900_001, 1)
        del other
        out: dict[str, float] = {}

        async def show(i: int) -> None:
            # Another process wrote in between: the validated copy must be read again.
            if i % 2:
                await services.storage.db.fetch(
                    "UPDATE tracker_games SET version = version + 1 WHERE id = ?", (game_id,)
                )
            await service.load_state(services.storage, ctx.channel_id)

        async def change(i: int) -> None:
            await service.add(ctx, "alice", "life", 1)

        async def log(i: int) -> None:
            await services.storage.tracker.history(game_id, 10)

        async def undo(i: int) -> None:
            await service.undo(ctx)

        for name, fn in (
            ("/game show", show),
            ("change", change),
            ("/game log", log),
            ("/game undo", undo),
        ):
            await timed(5, fn)
            _, lat = await timed(n, fn)
            out[name] = p99(lat)
        return out
    finally:
        await services.storage.close()


HOT = {
    "validate (one game's version)": "SELECT id, version FROM tracker_games WHERE channel_id = ?"
    " AND status = 'active'",
    "steps of /game log": "SELECT id FROM tracker_steps WHERE game_id = ? ORDER BY id DESC"
    " LIMIT 10",
    "events of /game log": "SELECT id FROM tracker_events WHERE step_id IN (SELECT id FROM"
    " tracker_steps WHERE game_id = ? ORDER BY id DESC LIMIT 10) ORDER BY id",
    "undo: last done steps": "SELECT id FROM tracker_steps WHERE game_id = ? AND status = 'done'"
    " AND action != 'start' ORDER BY id DESC LIMIT ?",
    "state: counters": "SELECT id FROM tracker_counters WHERE game_id = ? AND present = 1"
    " ORDER BY position, id",
    "state: items": "SELECT id FROM tracker_items WHERE game_id = ? AND present = 1",
    "state: players": "SELECT id FROM tracker_participants WHERE game_id = ?",
    "state: units": "SELECT id FROM tracker_units WHERE game_id = ?",
    "redo dropped": "UPDATE tracker_steps SET status = 'dropped' WHERE game_id = ?"
    " AND status = 'undone'",
}


async def explain(target: str) -> dict[str, list[str]]:
    services = await create_services(Settings(), db_path=target)
    db = services.storage.db
    try:
        plans: dict[str, list[str]] = {}
        for name, sql in HOT.items():
            args = [1] * sql.count("?")
            if db.dialect == "postgresql":
                from bot.storage.postgres import numbered

                rows = await db.fetch(
                    "EXPLAIN " + numbered(sql).replace("$1", "1").replace("$2", "1")
                )
                plans[name] = [str(r[0]) for r in rows]
            else:
                rows = await db.fetch("EXPLAIN QUERY PLAN " + sql, args)
                plans[name] = [str(r[-1]) for r in rows]
        return plans
    finally:
        await services.storage.close()


async def run(args: argparse.Namespace, tmp: Path) -> dict[str, Any]:
    targets: dict[str, Callable[[str], Awaitable[str]]] = {}
    counter = iter(range(1000))

    async def sqlite_target(_: str) -> str:
        return str(tmp / f"bench{next(counter)}.sqlite3")

    targets["sqlite"] = sqlite_target
    cluster = None
    if not args.no_pg:
        base = args.pg_url
        if base is None:
            from tests.storage.pgcluster import start_cluster

            cluster = start_cluster()
            base = cluster.url()

        async def pg_target(_: str) -> str:
            name = f"bench{next(counter)}"
            conn = await asyncpg.connect(base)
            try:
                await conn.execute(f'CREATE DATABASE "{name}" TEMPLATE template0')
            finally:
                await conn.close()
            head, _, query = str(base).partition("?")
            return head.rsplit("/", 1)[0] + f"/{name}" + (f"?{query}" if query else "")

        targets["postgresql"] = pg_target
    out: dict[str, Any] = {}
    try:
        for name, make in targets.items():
            out[name] = {"throughput": await ratio_figures(await make(""), args.n)}
            out[name]["p99_ms"] = await latency_figures(await make(""), args.latency_n)
            if args.explain:
                out[name]["plans"] = await explain_big(make)
    finally:
        if cluster is not None:
            cluster.remove()
    return out


async def explain_big(make: Callable[[str], Awaitable[str]]) -> dict[str, list[str]]:
    target = await make("")
    services = await create_services(Settings(), db_path=target, rng=random.Random(1))
    try:
        _, game_id, counter_id = await start_game(services, "#big")
        await populate(services.storage.db, game_id, counter_id, 20_000)
        if services.storage.db.dialect == "postgresql":
            await services.storage.db.fetch("ANALYZE")
        else:
            await services.storage.db.fetch("ANALYZE")
    finally:
        await services.storage.close()
    return await explain(target)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--n", type=int, default=400, help="changes per round (default 400)")
    parser.add_argument("--latency-n", type=int, default=300, help="calls per latency figure")
    parser.add_argument("--pg-url", help="a PostgreSQL server to use (default: a throwaway one)")
    parser.add_argument("--no-pg", action="store_true", help="SQLite only")
    parser.add_argument("--explain", action="store_true", help="print the hot queries' plans")
    parser.add_argument("--json", action="store_true", help="print JSON instead of a table")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        out = asyncio.run(run(args, Path(tmp)))
    if args.json:
        print(json.dumps(out, indent=1))
        return 0
    for name, figures in out.items():
        t = figures["throughput"]
        ok = t["ratio"] >= TARGET_RATIO
        print(f"== {name}")
        print(
            f"durable changes/s (median of 3, interleaved): raw {t['raw_per_s']:.0f},"
            f" service {t['service_per_s']:.0f}; ratio {t['ratio']:.2f}"
            f" (target >= {TARGET_RATIO}: {'met' if ok else 'NOT met'})"
        )
        if t["trips"]:
            print(
                "trips to the database thread: "
                + ", ".join(f"{k} {v:.1f}" for k, v in t["trips"].items())
            )
        lat = figures["p99_ms"]
        worst = max(lat.values())
        print(
            "p99 ms with 1,000 games + one of 100,000 events: "
            + ", ".join(f"{k} {v:.2f}" for k, v in lat.items())
            + f" (target < {TARGET_P99_MS:.0f}: {'met' if worst < TARGET_P99_MS else 'NOT met'})"
        )
        for q, plan in figures.get("plans", {}).items():
            print(f"  {q}:")
            for line in plan:
                print(f"      {line}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
