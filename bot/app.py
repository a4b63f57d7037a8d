"""Build the process-wide services once, for the bot, the console and the CLI alike."""

from __future__ import annotations

import random
from pathlib import Path

from bot.config import Settings
from bot.context import Services
from bot.storage import StorageError, open_storage


async def create_services(
    settings: Settings, *, db_path: Path | str | None = None, rng: random.Random | None = None
) -> Services:
    """Open storage (running migrations) and wire the services; the caller closes storage."""
    storage = await open_storage(db_path if db_path is not None else settings.database)
    problems = await storage.db.self_check()  # writable and intact, or a one-line exit 2
    if problems:
        await storage.close()
        raise StorageError(problems[0])
    return Services(settings=settings, storage=storage, rng=rng or random.SystemRandom())
