"""Key/value settings the bot keeps for itself, such as the hash of the synced command payload."""

from __future__ import annotations

from bot.storage.db import Db


class MetaStore:
    def __init__(self, db: Db) -> None:
        self._db = db

    async def get(self, key: str) -> str | None:
        rows = await self._db.fetch("SELECT value FROM meta WHERE key = ?", (key,))
        return str(rows[0][0]) if rows else None

    async def set(self, key: str, value: str) -> None:
        async with self._db.write() as tx:
            await tx.fetch(
                "INSERT INTO meta (key, value) VALUES (?, ?)"
                " ON CONFLICT (key) DO UPDATE SET value = excluded.value",
                (key, value),
            )


SqliteMetaRepo = MetaStore
