"""Storage: one entry point, `open_storage`, returning repositories behind protocols.

Each area has a repository (`meta`, and later `rolls`, `tracker`). Only modules in this package
write SQL, and every query takes parameters.
"""

from __future__ import annotations

import sqlite3
from dataclasses import dataclass
from pathlib import Path

from bot.storage.api import MetaRepo, RollRepo, TrackerRepo
from bot.storage.meta import SqliteMetaRepo
from bot.storage.rolls import SqliteRollRepo
from bot.storage.sqlite import Database, SchemaTooNew, StorageError
from bot.storage.tracker import SqliteTrackerRepo

__all__ = ["SchemaTooNew", "Storage", "StorageError", "open_storage"]


@dataclass
class Storage:
    """The repositories of one database, plus the handle to close it."""

    db: Database
    meta: MetaRepo
    tracker: TrackerRepo
    rolls: RollRepo

    async def close(self) -> None:
        await self.db.close()


async def open_storage(path: Path | str) -> Storage:
    """Open the database, apply pending migrations and build the repositories."""
    db = await Database.open(path)
    try:
        await db.migrate()
    except sqlite3.Error as exc:  # e.g. a read-only file: one line, not a traceback
        await db.close()
        raise StorageError(f"ARBITER_DB: cannot migrate {str(path)!r}: {exc}") from exc
    except BaseException:
        await db.close()
        raise
    return Storage(
        db=db, meta=SqliteMetaRepo(db), tracker=SqliteTrackerRepo(db), rolls=SqliteRollRepo(db)
    )
