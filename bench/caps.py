"""Cost of a game at the unit cap (prints, never asserts): `python -m bench.caps [--rounds 5]`.

A Mage Wars game with two mages and creatures up to `MAX_UNITS` (200 units in play), each
creature with three kinds of tokens, on an in-memory SQLite database. Each command runs
`--n` times per round; the rounds interleave the commands (show, change, board, undo, export,
show, …), and the figures are the medians over rounds of each round's p50 and p99, in ms:
- `/game show`: the handler offline (the game read, the board laid out in pages);
- change: `/dmg 1` or `/heal 1` (in turn) on a creature through the whole service;
- board: the live message rendered from a fresh read (what every change re-renders);
- undo: `/game undo` of one change (the change itself is not timed);
- export: `/game export` with the JSON encoded and packed.
"stall p99" is the longest the event loop was kept from other work during one call (export
makes its file a slice at a time, yielding between, so its wall time is not all stall); "cpu
p99" is the process's CPU time per call, which a loaded machine does not inflate. Target: under
50 ms (the event loop's budget for one command), wall p99 and stall p99 alike. `--steps 5000`
also exports a game at the steps cap and prints its file size and times.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import statistics
import time
from collections.abc import Awaitable, Callable

from bot.app import create_services
from bot.config import Settings
from bot.context import Ctx, Services, UserRef, stable_id
from bot.games.mage_wars import GAME as MAGE_WARS
from bot.handlers import tracker_ops as service
from bot.handlers.tracker_export import game_export
from bot.handlers.tracker_layout import render_live
from bot.handlers.tracker_live import show
from bot.ratelimit import RateLimits
from bot.tracker.caps import MAX_UNITS

TARGET_MS = 50.0
TOKENS = ("горение", "кровотечение", "слабость")


async def build(services: Services) -> Ctx:
    """Two mages and MAX_UNITS - 2 creatures with tokens, built through the service."""
    ctx = Ctx(services, UserRef.from_name("alice"), stable_id("#caps"), 1)
    bob = UserRef.from_name("bob")
    await service.start(ctx, MAGE_WARS.slug, [bob], {"life": 36})
    for i in range(MAX_UNITS - 2):
        name = f"Существо {i}"
        await service.add_unit(ctx, name, bob if i % 2 else None, {"life": 12})
        for token in TOKENS:
            await service.token(ctx, name, token, 1 + i % 3)
    return ctx


class Stalls:
    """The longest the event loop went without running a 1 ms ticker, since the last `take`:
    what a bystander's command would have waited behind this one."""

    def __init__(self) -> None:
        self.worst = 0.0
        self._task: asyncio.Task[None] | None = None

    async def _tick(self) -> None:
        last = time.perf_counter()
        while True:
            await asyncio.sleep(0.001)
            now = time.perf_counter()
            self.worst = max(self.worst, now - last - 0.001)
            last = now

    def start(self) -> None:
        self._task = asyncio.get_running_loop().create_task(self._tick())

    def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()

    def take(self) -> float:
        worst, self.worst = self.worst, 0.0
        return worst


def pct(samples: list[float], q: float) -> float:
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, int(len(ordered) * q))] * 1000


async def main(rounds: int, n: int, steps: int) -> None:
    services = await create_services(Settings(), db_path=":memory:", rng=random.Random(1))
    services.rates = RateLimits({})  # the cost of each command, not the per-user budget
    try:
        t0 = time.perf_counter()
        ctx = await build(services)
        state = await service.load_state(services.storage, ctx.channel_id)
        assert state is not None
        print(
            f"game: {len(state.units)} units, {sum(len(u.tokens) for u in state.units)} tokens,"
            f" built in {time.perf_counter() - t0:.1f} s"
        )

        flip = [0]

        async def change() -> None:  # one damage, then one heal: the creature never falls
            flip[0] ^= 1
            if flip[0]:
                await service.damage(ctx, "Существо 7", 1)
            else:
                await service.heal(ctx, "Существо 7", 1)

        async def board() -> None:
            fresh = await service.load_state(services.storage, ctx.channel_id)
            assert fresh is not None
            render_live(fresh)

        async def undo() -> None:
            await service.undo(ctx, 1)

        commands: dict[str, Callable[[], Awaitable[object]]] = {
            "/game show": lambda: show(ctx),
            "change (/dmg)": change,
            "board render": board,
            "/game undo": undo,
            "/game export": lambda: game_export(ctx),
        }
        p50s: dict[str, list[float]] = {k: [] for k in commands}
        p99s: dict[str, list[float]] = {k: [] for k in commands}
        stall99s: dict[str, list[float]] = {k: [] for k in commands}
        cpu99s: dict[str, list[float]] = {k: [] for k in commands}
        stalls = Stalls()
        stalls.start()
        for name, fn in commands.items():  # warm up
            if name == "/game undo":
                await service.damage(ctx, "Существо 8", 1)
            await fn()
        for _ in range(rounds):
            for name, fn in commands.items():
                samples: list[float] = []
                stalled: list[float] = []
                cpu: list[float] = []
                for _ in range(n):
                    if name == "/game undo":
                        await service.damage(ctx, "Существо 8", 1)  # to undo, not timed
                    await asyncio.sleep(0.002)
                    stalls.take()
                    t, c = time.perf_counter(), time.process_time()
                    await fn()
                    samples.append(time.perf_counter() - t)
                    cpu.append(time.process_time() - c)
                    await asyncio.sleep(0)
                    stalled.append(stalls.take())
                p50s[name].append(pct(samples, 0.5))
                p99s[name].append(pct(samples, 0.99))
                stall99s[name].append(pct(stalled, 0.99))
                cpu99s[name].append(pct(cpu, 0.99))
        stalls.stop()
        print(
            f"{'command':<16}{'p50 ms':>9}{'p99 ms':>9}{'stall p99':>11}{'cpu p99':>9}"
            f"   (median of {rounds} rounds × {n})"
        )
        for name in commands:
            p50 = statistics.median(p50s[name])
            p99 = statistics.median(p99s[name])
            stall = statistics.median(stall99s[name])
            cpu_ms = statistics.median(cpu99s[name])
            mark = "ok" if max(p99, stall) < TARGET_MS else f"over {TARGET_MS:.0f} ms"
            print(f"{name:<16}{p50:>9.1f}{p99:>9.1f}{stall:>11.1f}{cpu_ms:>9.1f}   {mark}")
        if steps:
            await long_export(services, stalls, steps, rounds)
    finally:
        await services.storage.close()


async def long_export(services: Services, stalls: Stalls, steps: int, rounds: int) -> None:
    """`/game export` of a small game with `steps` steps (the steps cap): file size and times."""
    ctx = Ctx(services, UserRef.from_name("alice"), stable_id("#long"), 1)
    await service.start(ctx, MAGE_WARS.slug, [UserRef.from_name("bob")], {"life": 36})
    await service.add_unit(ctx, "Существо", None, {"life": 12})
    for i in range(steps - 2):
        if i % 2:
            await service.heal(ctx, "Существо", 1)
        else:
            await service.damage(ctx, "Существо", 1)
    stalls.start()
    walls: list[float] = []
    stalled: list[float] = []
    size, name = 0, ""
    for _ in range(rounds):
        await asyncio.sleep(0.002)
        stalls.take()
        t = time.perf_counter()
        reply = await game_export(ctx)
        walls.append(time.perf_counter() - t)
        await asyncio.sleep(0)
        stalled.append(stalls.take())
        size, name = len(reply.attachments[0].data), reply.attachments[0].filename
    stalls.stop()
    print(
        f"export of {steps} steps: {name} {size / 1e6:.2f} MB, wall median"
        f" {statistics.median(walls) * 1000:.0f} ms, stall median"
        f" {statistics.median(stalled) * 1000:.1f} ms, max {max(stalled) * 1000:.1f} ms"
    )


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--n", type=int, default=20)
    parser.add_argument(
        "--steps", type=int, default=0, help="also export a game of this many steps (cap: 5000)"
    )
    args = parser.parse_args()
    asyncio.run(main(args.rounds, args.n, args.steps))
