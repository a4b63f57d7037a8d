"""One serving process per database and shard: a lock taken at start and held for life.

Two bot processes that receive the same interactions (one SQLite file started twice, or
overlapping `ARBITER_SHARD_IDS` on one PostgreSQL) would apply every change twice. So the
serving process (`python -m bot run`, or the default start with a token) takes, before it
connects to Discord:

- SQLite: an exclusive `flock` on `<db>.lock` beside the database file, held by an open file
  descriptor; the kernel releases it when the process ends, however it ends (kill -9 too).
- PostgreSQL: session advisory locks on a connection of its own, kept open for the process's
  life. A process with shard ids takes a shared lock on the whole bot plus an exclusive lock
  per shard id; a process without shards (it serves every guild) takes the whole-bot lock
  exclusively. So shards 0 and 1 run side by side, while 0 and 0,1 (or anything and an
  unsharded process) do not. The server releases them when the connection ends.

A second process is refused with one line (`storage.lock.held`) and exit code 2.

The offline console and the other CLI commands take no lock and are not blocked by one: they
receive no Discord interactions, so they cannot duplicate one, and their writes go through the
same transactions and row locks as the bot's. An admin can inspect or fix a game while it runs.
"""

from __future__ import annotations

import asyncio
import os
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import asyncpg

from bot.storage.errors import DatabaseUnavailable

EXIT_LOCKED = 2
_NAMESPACE = 0x4152_4253  # "ARBS": the advisory-lock class of Arbiter's serving processes
_WHOLE = -1  # the key of "the whole bot" within the namespace


class InstanceLocked(RuntimeError):
    """Another serving process holds the lock of this database (and shard)."""

    def __init__(self, where: str, shard_ids: Sequence[int] | None) -> None:
        shards = "all shards" if shard_ids is None else "shards " + ",".join(map(str, shard_ids))
        super().__init__(f"{where} ({shards})")
        self.where = where
        self.shard_ids = None if shard_ids is None else tuple(shard_ids)


class InstanceLock:
    """What holds the lock: an open lock file or a PostgreSQL connection. `release` ends it."""

    def __init__(self, fd: int | None = None, conn: Any = None) -> None:
        self._fd = fd
        self._conn = conn

    def on_lost(self, callback: Callable[[], None]) -> None:
        """Call `callback` once if the lock goes away under the process: the PostgreSQL
        connection that holds it closed (a server restart, an admin's pg_terminate_backend).
        The session's advisory locks went with it, so another process may take them now; the
        holder must stop serving rather than write beside it. A lock file cannot be lost."""
        conn = self._conn
        if conn is None:
            return

        def lost(_: Any) -> None:
            if self._conn is conn:  # not our own release
                callback()

        conn.add_termination_listener(lost)

    async def release(self) -> None:
        if self._fd is not None:
            os.close(self._fd)  # closing the descriptor drops the flock
            self._fd = None
        if self._conn is not None:
            conn, self._conn = self._conn, None
            try:
                await asyncio.wait_for(conn.close(), 5)
            except (OSError, TimeoutError, asyncpg.PostgresError, asyncpg.InterfaceError):
                conn.terminate()


def lock_sqlite(path: Path | str) -> InstanceLock:
    """An exclusive lock on `<path>.lock`, or InstanceLocked."""
    import fcntl

    name = str(path)
    if name == ":memory:":
        return InstanceLock()
    lock_path = Path(f"{name}.lock")
    lock_path.parent.mkdir(parents=True, exist_ok=True)
    fd = os.open(lock_path, os.O_RDWR | os.O_CREAT, 0o600)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        os.close(fd)
        raise InstanceLocked(name, None) from None
    except BaseException:
        os.close(fd)
        raise
    os.ftruncate(fd, 0)
    os.write(fd, f"{os.getpid()}\n".encode())  # for the admin: who holds it
    return InstanceLock(fd=fd)


async def lock_postgres(url: str, shard_ids: Sequence[int] | None) -> InstanceLock:
    """Advisory locks for `shard_ids` (None: the whole bot) on a dedicated connection."""
    from bot.storage.postgres import CONNECT_TIMEOUT_S, safe_url

    try:
        conn = await asyncpg.connect(
            url, timeout=CONNECT_TIMEOUT_S, server_settings={"application_name": "arbiter-lock"}
        )
    except (OSError, TimeoutError, asyncpg.PostgresError, asyncpg.InterfaceError) as exc:
        raise DatabaseUnavailable(f"{safe_url(url)}: {exc}") from exc
    held = InstanceLock(conn=conn)
    try:
        if shard_ids is None:
            wanted = [("pg_try_advisory_lock", _WHOLE)]
        else:
            wanted = [("pg_try_advisory_lock_shared", _WHOLE)]
            wanted += [("pg_try_advisory_lock", int(s)) for s in sorted(set(shard_ids))]
        for function, key in wanted:
            if not await conn.fetchval(f"SELECT {function}($1::int, $2::int)", _NAMESPACE, key):
                raise InstanceLocked(safe_url(url), shard_ids)
    except BaseException:
        await held.release()
        raise
    return held


async def take_instance_lock(target: Path | str, shard_ids: Sequence[int] | None) -> InstanceLock:
    """The lock for serving `target` (an SQLite path or a PostgreSQL URL) as `shard_ids`."""
    from bot.storage import is_postgres_url

    if is_postgres_url(target):
        return await lock_postgres(str(target), shard_ids)
    return lock_sqlite(target)


__all__ = [
    "EXIT_LOCKED",
    "InstanceLock",
    "InstanceLocked",
    "lock_postgres",
    "lock_sqlite",
    "take_instance_lock",
]
