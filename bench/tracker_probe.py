"""One measurement of the tracker, run against whichever `bot` package is importable.

`bench/tracker.py` runs this file in this tree and in a copy of the code before (git archive), in
turn, so "before" and "after" are measured in the same run on the same machine. It prints JSON:
`counts` (trips per command: one await on the driver each) or `latency` (p99 ms with 1,000
games and one game of 100,000 events). Only the public service API is used, which both trees
have.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import sys
import time
from collections.abc import Awaitable, Callable
from typing import Any

from bot.app import create_services
from bot.config import Settings
from bot.context import Ctx, Services, UserRef, stable_id
from bot.games.custom import GAME as CUSTOM
from bot.handlers import tracker_ops as service

TRIPS = [0]


def _counting(cls: Any, names: tuple[str, ...]) -> None:
    for name in names:
        original = getattr(cls, name)

        async def counted(self: Any, *args: Any, __f: Any = original, **kwargs: Any) -> Any:
            TRIPS[0] += 1
            return await __f(self, *args, **kwargs)

        setattr(cls, name, counted)


def count_driver_calls() -> None:
    """Count every await on the drivers: aiosqlite's calls, the old executor's calls, asyncpg's
    statements (BEGIN and COMMIT included: asyncpg sends them with `execute`)."""
    import asyncpg

    from bot.storage import sqlite

    if hasattr(sqlite.SqliteDatabase, "call"):  # the hand-written executor: one trip per call
        _counting(sqlite.SqliteDatabase, ("call",))
    else:
        import aiosqlite

        names = ("execute", "execute_fetchall", "executemany", "commit", "rollback")
        _counting(aiosqlite.Connection, names)
    names = ("fetch", "fetchval", "fetchrow", "execute", "executemany")
    _counting(asyncpg.connection.Connection, names)


async def start_game(services: Services, channel: str) -> tuple[Ctx, int, int]:
    ctx = Ctx(services, UserRef.from_name("alice"), stable_id(channel), 1)
    await service.start(ctx, CUSTOM.slug, [UserRef.from_name("bob")], {"life": 0})
    state = await service.load_state(services.storage, ctx.channel_id)
    assert state is not None
    counter = state.participants[0].counter("life")
    assert counter is not None
    return ctx, state.game.id, counter.id


async def counts(target: str) -> dict[str, float]:
    count_driver_calls()
    services = await create_services(Settings(), db_path=target, rng=random.Random(1))
    try:
        ctx, _, _ = await start_game(services, "#count")
        commands: dict[str, Callable[[], Awaitable[object]]] = {
            "/add": lambda: service.add(ctx, "alice", "life", 1),
            "/game show": lambda: service.load_state(services.storage, ctx.channel_id),
            "/game undo": lambda: service.undo(ctx),
            "/game redo": lambda: service.redo(ctx),
        }
        await service.add(ctx, "alice", "life", 1)  # warm: the connection's one-time setup
        out: dict[str, float] = {}
        for name, fn in commands.items():
            before = TRIPS[0]
            for _ in range(10):
                await fn()
            out[name] = (TRIPS[0] - before) / 10
        return out
    finally:
        await services.storage.close()


def p99(latencies: list[float]) -> float:
    ordered = sorted(latencies)
    return ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))] * 1000


async def populate(services: Services, game_id: int, counter_id: int, events: int) -> None:
    """1,000 games beside the big one, which gets `events` events (two per step)."""
    db = services.storage.db
    pg = db.dialect == "postgresql"
    series = (
        "SELECT i FROM generate_series(1, {n}) AS i"
        if pg
        else "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < {n})"
        " SELECT i FROM n"
    )
    enc = "to_jsonb(s.i)" if pg else "s.i"
    statements: list[tuple[str, tuple[Any, ...]]] = [
        (
            "INSERT INTO tracker_games (channel_id, guild_id, slug, options, created_at)"
            f" SELECT 900000 + i, 1, 'bulk', '{{}}', 0 FROM ({series.format(n=1000)}) AS x",
            (),
        ),
        (
            "INSERT INTO tracker_steps (game_id, at, user_id, user_name, action, params)"
            f" SELECT ?, i, 1, 'a', 'add', '{{}}' FROM ({series.format(n=events // 2)}) AS x",
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
        for sql, args in statements:
            await tx.fetch(sql, args)


async def latency(target: str, n: int) -> dict[str, float]:
    services = await create_services(Settings(), db_path=target, rng=random.Random(1))
    try:
        ctx, game_id, counter_id = await start_game(services, "#big")
        await populate(services, game_id, counter_id, 100_000)

        async def show(i: int) -> None:
            if i % 2:  # another process wrote in between: the copy must be read again
                await services.storage.db.fetch(
                    "UPDATE tracker_games SET version = version + 1 WHERE id = ?", (game_id,)
                )
            await service.load_state(services.storage, ctx.channel_id)

        async def change(i: int) -> None:
            await service.add(ctx, "alice", "life", 1)

        async def undo(i: int) -> None:
            await service.undo(ctx)

        out: dict[str, float] = {}
        for name, fn in (("/game show", show), ("change", change), ("/game undo", undo)):
            for i in range(5):
                await fn(i)
            lat: list[float] = []
            for i in range(n):
                t0 = time.perf_counter()
                await fn(i)
                lat.append(time.perf_counter() - t0)
            out[name] = p99(lat)
        return out
    finally:
        await services.storage.close()


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("mode", choices=("counts", "latency"))
    parser.add_argument("target")
    parser.add_argument("--n", type=int, default=200)
    args = parser.parse_args()
    if args.mode == "counts":
        out: dict[str, float] = asyncio.run(counts(args.target))
    else:
        out = asyncio.run(latency(args.target, args.n))
    json.dump(out, sys.stdout)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
