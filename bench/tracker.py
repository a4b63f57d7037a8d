"""Tracker speed on each back end (prints, never asserts): `python -m bench.tracker [--counts]`.

Side by side in one run, interleaved, medians of 3 rounds:
- trips per command (`--counts`: one await on the driver each), now and before (the code before
  issue 20, on the hand-written executor: `EXECUTOR_REV`, unpacked with `git archive` and
  measured by the same probe);
- durable changes per second: `/add` through the whole service, then bare drivers running the
  statements the service sends for it (SQLite: the version check, the step's closing statement,
  COMMIT) without the service: aiosqlite, sqlite3 without any thread, and today's executor
  (`bench/executor_sqlite.py`, the module this work replaced). On PostgreSQL the bare figure
  is asyncpg doing the whole change in one statement. Targets: service ÷ bare aiosqlite >= 0.7,
  service ÷ one-statement asyncpg >= 0.5 (the service sends that one statement too). Each ratio
  is the median of the per-round ratios (`--tp-rounds`, default 5, interleaved);
- p99 of `/game show`, a change and `/game undo` with 1,000 games and one of 100,000 events,
  before and after (none may be worse by more than a third).
`--explain` prints the query plans of the hot reads. PostgreSQL runs on a throwaway cluster
(tests/storage/pgcluster.py) or `--pg-url`; its databases are dropped before and after.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import sqlite3
import statistics
import subprocess
import sys
import tarfile
import tempfile
import time
import uuid
from collections.abc import Awaitable, Callable
from io import BytesIO
from pathlib import Path
from typing import Any

import aiosqlite
import asyncpg

from bench import executor_sqlite
from bot.app import create_services
from bot.config import Settings
from bot.context import Ctx, Services, UserRef, stable_id
from bot.games.custom import GAME as CUSTOM
from bot.handlers import tracker_ops as service
from bot.storage.db import Db
from bot.storage.postgres import numbered
from bot.storage.tracker_close import SQLITE_SETUP, close_statement
from bot.tracker.records import EventRecord

ROOT = Path(__file__).resolve().parents[1]
PROBE = Path(__file__).with_name("tracker_probe.py")
TARGET_AIOSQLITE = 0.7
TARGET_PG = 0.5
WORSE_AT_MOST = 4 / 3
# "Before" by default: the last commit on the hand-written executor, before issue 20.
EXECUTOR_REV = "c9e460c2f0a98e4d8e9e9d4a5c4b50f2bf3d42a3"
# The connection settings the back end uses (bot/storage/sqlite.py), foreign keys included.
PRAGMAS = ("PRAGMA synchronous=NORMAL", "PRAGMA busy_timeout=5000", "PRAGMA foreign_keys=ON")
CHECK = "SELECT id, version FROM tracker_games WHERE channel_id = ? AND status = 'active'"


async def timed(n: int, fn: Callable[[int], Awaitable[object]]) -> float:
    """Changes per second of n calls in a row."""
    start = time.perf_counter()
    for i in range(n):
        await fn(i)
    return n / (time.perf_counter() - start)


async def start_game(services: Services, channel: str) -> tuple[Ctx, int, int]:
    ctx = Ctx(services, UserRef.from_name("alice"), stable_id(channel), 1)
    await service.start(ctx, CUSTOM.slug, [UserRef.from_name("bob")], {"life": 0})
    state = await service.load_state(services.storage, ctx.channel_id)
    assert state is not None
    counter = state.participants[0].counter("life")
    assert counter is not None
    return ctx, state.game.id, counter.id


class Bare:
    """The statements of one `/add` as the service sends them, for a bare driver to run."""

    def __init__(self, db: Db, channel: int, game_id: int, counter_id: int) -> None:
        self.db, self.channel, self.game_id, self.counter_id = db, channel, game_id, counter_id
        self.value = 0

    def close(self, version: int) -> tuple[str, Any]:
        self.value += 1
        event = EventRecord(1, "counter", self.counter_id, "value", self.value - 1, self.value)
        step: tuple[float, int | None, str | None, str, dict[str, Any]] = (
            time.time(),
            1,
            "alice",
            "add",
            {},
        )
        return close_statement(
            self.db, self.game_id, version, step, [event], {self.counter_id: self.value}, True
        )


async def sqlite_variants(services: Services, path: str) -> dict[str, Callable[[int], Any]]:
    """Bare drivers on the same file, each on its own game: aiosqlite, sqlite3, the executor."""
    db = services.storage.db
    made: dict[str, Callable[[int], Any]] = {}

    _, gid, cid = await start_game(services, "#aiosqlite")
    aio = await aiosqlite.connect(path, isolation_level="IMMEDIATE")
    for sql in (*PRAGMAS, *SQLITE_SETUP):
        await aio.execute(sql)
    a = Bare(db, stable_id("#aiosqlite"), gid, cid)

    async def bare_aiosqlite(i: int) -> None:
        rows = list(await aio.execute_fetchall(CHECK, (a.channel,)))
        await aio.execute_fetchall(*a.close(int(rows[0][1])))
        await aio.commit()

    made["aiosqlite"] = bare_aiosqlite

    _, gid, cid = await start_game(services, "#sqlite3")
    sq = sqlite3.connect(path, isolation_level="IMMEDIATE")
    for sql in (*PRAGMAS, *SQLITE_SETUP):
        sq.execute(sql)
    b = Bare(db, stable_id("#sqlite3"), gid, cid)

    async def bare_sqlite3(i: int) -> None:
        rows = sq.execute(CHECK, (b.channel,)).fetchall()
        sq.execute(*b.close(int(rows[0][1]))).fetchall()
        sq.commit()

    made["sqlite3"] = bare_sqlite3

    _, gid, cid = await start_game(services, "#executor")
    exe = await executor_sqlite.SqliteDatabase.open(path)
    await exe.call(executor_sqlite._run_all, [], [(s, ()) for s in SQLITE_SETUP], [])
    c = Bare(db, stable_id("#executor"), gid, cid)

    async def executor(i: int) -> None:
        rows = await exe.call(executor_sqlite._run_all, [], [(CHECK, (c.channel,))], [])
        close = [c.close(int(rows[0][0][1]))]
        await exe.call(executor_sqlite._run_all, ["BEGIN IMMEDIATE"], close, ["COMMIT"])

    made["executor"] = executor

    async def done() -> None:
        await aio.close()
        sq.close()
        await exe.close()

    made["__close__"] = lambda _: done()
    return made


async def pg_variants(services: Services, url: str) -> dict[str, Callable[[int], Any]]:
    """asyncpg doing the whole change in one statement (version tracked here, checked there)."""
    _, gid, cid = await start_game(services, "#asyncpg")
    conn = await asyncpg.connect(url)
    bare = Bare(services.storage.db, stable_id("#asyncpg"), gid, cid)
    version = [int(await conn.fetchval("SELECT version FROM tracker_games WHERE id = $1", gid))]

    async def one_statement(i: int) -> None:
        sql, args = bare.close(version[0])
        row = await conn.fetchrow(numbered(sql), *args)
        version[0] = int(row[1])

    async def done() -> None:
        await conn.close()

    return {"asyncpg, one statement": one_statement, "__close__": lambda _: done()}


async def throughput(target: str, n: int, rounds: int = 5) -> dict[str, Any]:
    services = await create_services(Settings(), db_path=target, rng=random.Random(1))
    try:
        ctx, _, _ = await start_game(services, "#bench")
        if services.storage.db.dialect == "sqlite":
            variants = await sqlite_variants(services, target)
        else:
            variants = await pg_variants(services, target)
        finish = variants.pop("__close__")

        async def via_service(i: int) -> None:
            await service.add(ctx, "alice", "life", 1)

        runs: dict[str, Callable[[int], Any]] = {"service": via_service, **variants}
        for fn in runs.values():
            await timed(30, fn)
        rates: dict[str, list[float]] = {k: [] for k in runs}
        for _ in range(rounds):  # interleaved: every variant once per round
            for name, fn in runs.items():
                rates[name].append(await timed(n, fn))
        await finish(0)
    finally:
        await services.storage.close()
    med = {k: statistics.median(v) for k, v in rates.items()}
    return {
        "per_s": med,
        "rounds": rounds,
        # each round's service rate over the same round's bare rate, then the median of those
        "ratio": {
            k: statistics.median(s / b for s, b in zip(rates["service"], v, strict=True))
            for k, v in rates.items()
            if k != "service"
        },
        "load_average": os.getloadavg(),
    }


def before_tree(tmp: Path, rev: str) -> Path:
    """The code at `rev`, unpacked (not a worktree): what "before" measures."""
    out = tmp / "before"
    data = subprocess.run(["git", "archive", rev], cwd=ROOT, capture_output=True, check=True)
    with tarfile.open(fileobj=BytesIO(data.stdout)) as tar:
        tar.extractall(out, filter="data")
    return out


def probe(tree: Path, mode: str, target: str, n: int) -> dict[str, float]:
    env = {**os.environ, "PYTHONPATH": str(tree)}
    done = subprocess.run(
        [sys.executable, str(PROBE), mode, target, "--n", str(n)],
        cwd=tree,
        env=env,
        capture_output=True,
        text=True,
        check=True,
    )
    found: dict[str, float] = json.loads(done.stdout)
    return found


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


class Targets:
    """Fresh databases: SQLite files in `tmp`, PostgreSQL databases dropped before and after."""

    def __init__(self, tmp: Path, pg_base: str | None) -> None:
        self.tmp, self.pg_base = tmp, pg_base
        self.made: list[str] = []

    async def new(self, kind: str) -> str:
        name = f"bench_{os.getpid()}_{uuid.uuid4().hex[:8]}"
        if kind == "sqlite":
            return str(self.tmp / f"{name}.sqlite3")
        assert self.pg_base is not None
        conn = await asyncpg.connect(self.pg_base)
        try:
            await conn.execute(f'DROP DATABASE IF EXISTS "{name}"')
            await conn.execute(f'CREATE DATABASE "{name}" TEMPLATE template0')
        finally:
            await conn.close()
        self.made.append(name)
        head, _, query = self.pg_base.partition("?")
        return head.rsplit("/", 1)[0] + f"/{name}" + (f"?{query}" if query else "")

    async def drop_all(self) -> None:
        if not self.made:
            return
        assert self.pg_base is not None
        conn = await asyncpg.connect(self.pg_base)
        try:
            for name in self.made:
                await conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        finally:
            await conn.close()


def new_target(targets: Targets, kind: str) -> Callable[[str], Awaitable[str]]:
    async def make(_: str) -> str:
        return await targets.new(kind)

    return make


async def run(args: argparse.Namespace, tmp: Path) -> dict[str, Any]:
    cluster = None
    pg_base = args.pg_url
    if not args.no_pg and pg_base is None:
        from tests.storage.pgcluster import start_cluster

        cluster = start_cluster()
        pg_base = cluster.url()
    targets = Targets(tmp, pg_base)
    rev = args.before_rev or EXECUTOR_REV
    before = Path(args.before) if args.before else before_tree(tmp, rev)
    trees = {"before": before, "after": ROOT}
    kinds = ["sqlite"] + ([] if args.no_pg else ["postgresql"])
    out: dict[str, Any] = {}
    try:
        for kind in kinds:
            figures: dict[str, Any] = {}
            figures["trips"] = {
                when: await asyncio.to_thread(probe, tree, "counts", await targets.new(kind), 0)
                for when, tree in trees.items()
            }
            if not args.counts:
                figures["throughput"] = await throughput(
                    await targets.new(kind), args.n, args.tp_rounds
                )
                runs: dict[str, list[dict[str, float]]] = {w: [] for w in trees}
                for _ in range(args.rounds):  # interleaved: before, after, before, after …
                    for when, tree in trees.items():
                        target = await targets.new(kind)
                        found = await asyncio.to_thread(
                            probe, tree, "latency", target, args.latency_n
                        )
                        runs[when].append(found)
                figures["p99_ms"] = {
                    when: {k: statistics.median(r[k] for r in found) for k in found[0]}
                    for when, found in runs.items()
                }
                if args.explain:
                    figures["plans"] = await explain_big(new_target(targets, kind))
            out[kind] = figures
    finally:
        await targets.drop_all()
        if cluster is not None:
            cluster.remove()
    return out


def met(ok: bool) -> str:
    return "met" if ok else "NOT met"


def report(out: dict[str, Any]) -> None:
    for name, figures in out.items():
        print(f"== {name}")
        trips = figures["trips"]
        print(
            "trips per command (before -> after): "
            + ", ".join(
                f"{k} {trips['before'].get(k, float('nan')):.0f} -> {v:.0f}"
                for k, v in trips["after"].items()
            )
        )
        if "throughput" in figures:
            t = figures["throughput"]
            per_s = ", ".join(f"{k} {v:.0f}" for k, v in t["per_s"].items())
            load = ", ".join(f"{x:.2f}" for x in t["load_average"])
            print(f"durable changes/s (median of {t['rounds']}, interleaved): {per_s}")
            print(f"  load average after: {load}; ratios are medians of the rounds' ratios")
            for k, ratio in t["ratio"].items():
                goal = {"aiosqlite": TARGET_AIOSQLITE, "asyncpg, one statement": TARGET_PG}.get(k)
                verdict = (
                    ""
                    if goal is None
                    else f" (target >= {goal}: {'met' if ratio >= goal else 'NOT met'})"
                )
                print(f"  service / {k}: {ratio:.2f}{verdict}")
        if "p99_ms" in figures:
            b, a = figures["p99_ms"]["before"], figures["p99_ms"]["after"]
            worst = max(a[k] / b[k] for k in a)
            print(
                "p99 ms, 1,000 games + one of 100,000 events (before -> after): "
                + ", ".join(f"{k} {b[k]:.2f} -> {a[k]:.2f}" for k in a)
                + f"; worst after/before {worst:.2f}"
                + f" (at most {WORSE_AT_MOST:.2f}: {met(worst <= WORSE_AT_MOST)})"
            )
        for q, plan in figures.get("plans", {}).items():
            print(f"  {q}:")
            for line in plan:
                print(f"      {line}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--counts", action="store_true", help="trips per command only")
    parser.add_argument("--n", type=int, default=400, help="changes per round (default 400)")
    parser.add_argument("--latency-n", type=int, default=200, help="calls per latency figure")
    parser.add_argument("--rounds", type=int, default=3, help="latency runs per side (default 3)")
    parser.add_argument("--before", help="a tree of the code before (default: git archive)")
    parser.add_argument("--before-rev", help="what 'before' is (default: the executor's commit)")
    parser.add_argument("--tp-rounds", type=int, default=5, help="throughput rounds (default 5)")
    parser.add_argument("--pg-url", help="a PostgreSQL server to use (default: a throwaway one)")
    parser.add_argument("--no-pg", action="store_true", help="SQLite only")
    parser.add_argument("--explain", action="store_true", help="print the hot queries' plans")
    parser.add_argument("--json", action="store_true", help="print JSON instead of a table")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        out = asyncio.run(run(args, Path(tmp)))
    if args.json:
        print(json.dumps(out, indent=1))
    else:
        report(out)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
