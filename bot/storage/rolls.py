"""The roll log: every roll with its inputs and full result, newest first per channel."""

from __future__ import annotations

import json

from bot.storage.api import RollRecord
from bot.storage.sqlite import Database


class SqliteRollRepo:
    def __init__(self, db: Database) -> None:
        self._db = db

    async def add(self, record: RollRecord) -> int:
        async with self._db.transaction() as conn:
            cur = await conn.execute(
                "INSERT INTO rolls (channel_id, user_id, user_name, command, inputs, result,"
                " private, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
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
            return int(cur.lastrowid or 0)

    async def recent(self, channel_id: int, viewer_id: int, limit: int) -> list[RollRecord]:
        async with self._db.conn.execute(
            "SELECT id, channel_id, user_id, user_name, command, inputs, result, private,"
            " created_at FROM rolls WHERE channel_id = ? AND (private = 0 OR user_id = ?)"
            " ORDER BY id DESC LIMIT ?",
            (channel_id, viewer_id, limit),
        ) as cur:
            rows = await cur.fetchall()
        return [
            RollRecord(
                id=int(r["id"]),
                channel_id=int(r["channel_id"]),
                user_id=int(r["user_id"]),
                user_name=str(r["user_name"]),
                command=str(r["command"]),
                inputs=json.loads(r["inputs"]),
                result=json.loads(r["result"]),
                private=bool(r["private"]),
                created_at=float(r["created_at"]),
            )
            for r in rows
        ]
