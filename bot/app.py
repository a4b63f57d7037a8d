"""Build the process-wide services once, for the bot, the console and the CLI alike."""

from __future__ import annotations

import asyncio
import random
import threading
from pathlib import Path

from bot.config import Settings
from bot.context import Services
from bot.storage import open_storage

_SQLITE_WORKER = "_connection_worker_thread"  # aiosqlite's per-connection thread


async def create_services(
    settings: Settings, *, db_path: Path | str | None = None, rng: random.Random | None = None
) -> Services:
    """Open storage (running migrations) and wire the services; the caller closes storage."""
    before = set(_sqlite_workers())
    try:
        storage = await open_storage(db_path if db_path is not None else settings.db_path)
    except BaseException:
        await _let_sqlite_threads_finish(set(_sqlite_workers()) - before)
        raise
    return Services(settings=settings, storage=storage, rng=rng or random.SystemRandom())


def _sqlite_workers() -> list[threading.Thread]:
    return [
        t
        for t in threading.enumerate()
        if getattr(getattr(t, "_target", None), "__name__", "") == _SQLITE_WORKER
    ]


async def _let_sqlite_threads_finish(workers: set[threading.Thread], timeout: float = 2.0) -> None:
    """After a failed connect, aiosqlite's thread still answers its stop request on the loop.

    If the loop closes first, that answer prints an `Event loop is closed` traceback under the
    one-line error; waiting for the threads this open started, while the loop still runs,
    keeps the line alone.
    """
    for worker in workers:
        await asyncio.to_thread(worker.join, timeout)
    await asyncio.sleep(0)  # run the callbacks the threads scheduled
