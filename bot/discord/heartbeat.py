"""A heartbeat file the connected bot refreshes, so a health check can tell it is really serving.

While the gateway is connected and ready, the bot rewrites the file every `INTERVAL` seconds
with the time and its gateway latency; on a clean stop it removes it. `python -m bot health`
(the container's health check) reads it: missing, or older than `MAX_AGE`, means the bot is not
connected. The file sits next to the database unless `ARBITER_HEARTBEAT` names another path;
its name carries the shard ids the process runs (`arbiter.shards-0-1.heartbeat`).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import math
import os
import tempfile
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

from bot.config import Settings

log = logging.getLogger("arbiter.discord")

INTERVAL = 30.0  # seconds between two refreshes
MAX_AGE = 120.0  # a heartbeat older than this means the bot is not serving
ENV = "ARBITER_HEARTBEAT"


def heartbeat_path(
    db_path: Path | str,
    env: Mapping[str, str] | None = None,
    shard_ids: Sequence[int] | None = None,
) -> Path:
    """`ARBITER_HEARTBEAT`, else `<database>.heartbeat` (in the temp folder for `:memory:`).

    A process that runs chosen shards names them (`arbiter.shards-0-1.heartbeat`), so shard
    processes sharing one data volume each report their own state, never each other's.
    """
    environ = os.environ if env is None else env
    if environ.get(ENV):
        return Path(environ[ENV])
    stem = "arbiter" if str(db_path) == ":memory:" else Path(db_path).stem
    folder = Path(tempfile.gettempdir()) if str(db_path) == ":memory:" else Path(db_path).parent
    shards = f".shards-{'-'.join(map(str, sorted(shard_ids)))}" if shard_ids else ""
    return folder / f"{stem}{shards}.heartbeat"


def heartbeat_of(settings: Settings) -> Path:
    """The heartbeat file of the process these settings start: what `run` writes and `health`
    reads."""
    return heartbeat_path(
        settings.db_path,
        {ENV: str(settings.heartbeat)} if settings.heartbeat else {},
        settings.shard_ids,
    )


def write_beat(path: Path, latency: float, now: float | None = None) -> None:
    """Replace the file in one rename, so a reader never sees half of it."""
    beat = {"time": time.time() if now is None else now}
    if math.isfinite(latency):
        beat["latency_ms"] = round(latency * 1000, 1)
    tmp = path.with_name(path.name + ".tmp")
    tmp.write_text(json.dumps(beat), encoding="utf-8")
    tmp.replace(path)


def remove_beat(path: Path) -> None:
    with contextlib.suppress(OSError):
        path.unlink()


@dataclass(frozen=True)
class Health:
    ok: bool
    message: str


def check_beat(path: Path, max_age: float = MAX_AGE, now: float | None = None) -> Health:
    """Whether the heartbeat at `path` is fresh, and one line saying so."""
    try:
        beat = json.loads(path.read_text(encoding="utf-8"))
        stamp = float(beat["time"])
    except FileNotFoundError:
        return Health(False, f"health: no heartbeat at {path}: the bot is not connected")
    except (OSError, ValueError, KeyError, TypeError) as exc:
        return Health(False, f"health: unreadable heartbeat at {path}: {exc}")
    age = (time.time() if now is None else now) - stamp
    if age > max_age:
        return Health(False, f"health: last heartbeat {age:.0f} s ago (limit {max_age:.0f} s)")
    latency = beat.get("latency_ms")
    extra = f", gateway latency {latency} ms" if latency is not None else ""
    return Health(True, f"health: OK, heartbeat {max(age, 0):.0f} s ago{extra}")


async def beat_while(
    path: Path,
    connected: Callable[[], bool],
    latency: Callable[[], float],
    interval: float = INTERVAL,
) -> None:
    """Refresh `path` every `interval` while `connected()`; remove it when not. Runs until
    cancelled, and removes the file then too."""
    try:
        while True:
            up = connected()
            try:
                if up:
                    await asyncio.to_thread(write_beat, path, latency())
                else:
                    remove_beat(path)
            except OSError as exc:
                log.warning("cannot write the heartbeat file %s: %s", path, exc)
            # until connected, look every second, so the first beat follows READY closely
            await asyncio.sleep(interval if up else min(1.0, interval))
    finally:
        remove_beat(path)
