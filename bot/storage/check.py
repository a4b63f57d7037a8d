"""`python -m bot check`: open the configured database and report its state.

A file that is not a database, damaged pages, a read-only file or server, or a schema newer than
this Arbiter are problems (check fails); a database not created yet is only reported.
"""

from __future__ import annotations

import asyncio
from pathlib import Path

from bot.checks import checker
from bot.config import load_settings
from bot.storage import StorageError, is_postgres_url, open_db
from bot.storage.db import load_migrations
from bot.storage.postgres import MIGRATIONS_DIR as PG_MIGRATIONS
from bot.storage.sqlite import MIGRATIONS_DIR


async def inspect(target: Path | str) -> tuple[list[str], list[str]]:
    """(report lines, problems) for the database at `target`."""
    pg = is_postgres_url(target)
    if not pg and str(target) != ":memory:" and not Path(target).exists():
        return [f"database: {target} does not exist yet (created on first start)"], []
    latest = load_migrations(PG_MIGRATIONS if pg else MIGRATIONS_DIR)[-1].version
    try:
        db = await open_db(target)
    except StorageError as exc:
        return [], [f"database: {exc}"]
    try:
        version = await db.schema_version()
        problems = [f"database: {p}" for p in await db.self_check()]
        if version > latest:
            problems.append(
                f"database: schema version {version} is newer than this Arbiter ({latest})"
            )
        report = [f"database: {db.dialect} {db.name}, schema version {version} of {latest}"]
        if not problems and version:
            rows = await db.fetch(
                "SELECT COUNT(*), SUM(CASE WHEN status = 'active' THEN 1 ELSE 0 END)"
                " FROM tracker_games"
            )
            report.append(f"database: {rows[0][0]} games, {rows[0][1] or 0} active")
        return report, problems
    except StorageError as exc:
        return [], [f"database: {db.name}: {exc}"]
    finally:
        await db.close()


@checker("configured database")
def check_database(report: list[str]) -> list[str]:
    settings = load_settings()
    lines, problems = asyncio.run(inspect(settings.database))
    report.extend(lines)
    return problems
