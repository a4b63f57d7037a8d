"""Build the process-wide services once, for the bot, the console and the CLI alike."""

from __future__ import annotations

import random
from pathlib import Path

from bot.config import Settings
from bot.context import Services
from bot.storage import open_storage


async def create_services(
    settings: Settings, *, db_path: Path | str | None = None, rng: random.Random | None = None
) -> Services:
    """Open storage (running migrations) and wire the services; the caller closes storage."""
    storage = await open_storage(db_path if db_path is not None else settings.db_path)
    return Services(settings=settings, storage=storage, rng=rng or random.SystemRandom())
