"""Storage: one entry point, `open_storage`, returning repositories behind protocols.

Each area has a repository (`meta`, `rolls`, `tracker`, `learned`) written once over the small `Db`
interface; the back end is SQLite (a file path, the default) or PostgreSQL (a
`postgresql://` URL). Only modules in this package write SQL, and every query takes parameters.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from bot.storage.api import LearnedRepo, MetaRepo, RollRepo, TrackerRepo
from bot.storage.db import Db
from bot.storage.errors import SchemaTooNew, StorageError, StorageFault
from bot.storage.learned import LearnedStore
from bot.storage.meta import MetaStore
from bot.storage.rolls import RollStore
from bot.storage.tracker import TrackerStore

__all__ = [
    "SchemaTooNew",
    "Storage",
    "StorageError",
    "StorageFault",
    "is_postgres_url",
    "open_db",
    "open_storage",
]


@dataclass
class Storage:
    """The repositories of one database, plus the handle to close it."""

    db: Db
    meta: MetaRepo
    tracker: TrackerRepo
    rolls: RollRepo
    learned: LearnedRepo

    async def close(self) -> None:
        await self.db.close()


def is_postgres_url(target: Path | str) -> bool:
    return str(target).startswith(("postgresql://", "postgres://"))


async def open_db(target: Path | str) -> Db:
    """Connect to an SQLite file (a path) or a PostgreSQL server (a URL), without migrating."""
    if is_postgres_url(target):
        from bot.storage.postgres import PostgresDatabase

        return await PostgresDatabase.open(str(target))
    from bot.storage.sqlite import SqliteDatabase

    return await SqliteDatabase.open(target)


async def open_storage(target: Path | str) -> Storage:
    """Open the database, apply pending migrations and build the repositories."""
    db = await open_db(target)
    setting = "ARBITER_DATABASE_URL" if is_postgres_url(target) else "ARBITER_DB"
    try:
        await db.migrate()
    except SchemaTooNew:
        await db.close()
        raise
    except StorageFault as exc:  # e.g. a read-only file: one line, not a traceback
        await db.close()
        raise StorageError(f"{setting}: cannot migrate {db.name!r}: {exc}") from exc
    except BaseException:
        await db.close()
        raise
    return Storage(
        db=db,
        meta=MetaStore(db),
        tracker=TrackerStore(db),
        rolls=RollStore(db),
        learned=LearnedStore(db),
    )
