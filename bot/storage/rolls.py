"""The roll log: every roll with its inputs and full result, newest first per channel."""

from __future__ import annotations

import json

from bot.storage.api import RollRecord
from bot.storage.db import Db
from bot.storage.dedupe import claim


class RollStore:
    def __init__(self, db: Db) -> None:
        self._db = db

    async def add(self, record: RollRecord) -> int:
        async with self._db.write() as tx:
            await claim(tx)
            rows = await tx.fetch(
                "INSERT INTO rolls (channel_id, user_id, user_name, command, inputs, result,"
                " private, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?) RETURNING id",
                (
                    record.channel_id,
                    record.user_id,
                    record.user_name,
                    record.command,
                    json.dumps(record.inputs, ensure_ascii=False, sort_keys=True),
                    json.dumps(record.result, ensure_ascii=False, sort_keys=True),
                    1 if record.private else 0,
                    record.created_at,
                ),
            )
        return int(rows[0][0])

    async def recent(self, channel_id: int, viewer_id: int, limit: int) -> list[RollRecord]:
        rows = await self._db.fetch(
            "SELECT id, channel_id, user_id, user_name, command, inputs, result, private,"
            " created_at FROM rolls WHERE channel_id = ? AND (private = 0 OR user_id = ?)"
            " ORDER BY id DESC LIMIT ?",
            (channel_id, viewer_id, limit),
        )
        return [
            RollRecord(
                id=int(r[0]),
                channel_id=int(r[1]),
                user_id=int(r[2]),
                user_name=str(r[3]),
                command=str(r[4]),
                inputs=json.loads(r[5]),
                result=json.loads(r[6]),
                private=bool(r[7]),
                created_at=float(r[8]),
            )
            for r in rows
        ]


SqliteRollRepo = RollStore
