"""The roll log: every roll with its inputs and full result, newest first per channel.

The log is bounded: each new roll, in its own transaction, prunes its channel to the newest
`KEEP_PER_CHANNEL` rolls and its roller there to the newest `KEEP_PER_USER`, and drops up to
`AGE_BATCH` of the oldest rolls anywhere once they are older than `MAX_AGE` (rolls are logged in
time order, so the oldest are the lowest ids; each prune reads an index range, never the table).
"""

from __future__ import annotations

import json

from bot.storage.api import RollRecord
from bot.storage.db import Db
from bot.storage.dedupe import claim

KEEP_PER_CHANNEL = 1000
KEEP_PER_USER = 200  # per user in one channel
MAX_AGE = 90 * 24 * 3600.0  # seconds
AGE_BATCH = 50

_PRUNE_CHANNEL = (
    "DELETE FROM rolls WHERE channel_id = ? AND id <= (SELECT id FROM rolls WHERE channel_id = ?"
    " ORDER BY id DESC LIMIT 1 OFFSET ?)"
)
_PRUNE_USER = (
    "DELETE FROM rolls WHERE channel_id = ? AND user_id = ? AND id <= (SELECT id FROM rolls"
    " WHERE channel_id = ? AND user_id = ? ORDER BY id DESC LIMIT 1 OFFSET ?)"
)
_PRUNE_OLD = (
    "DELETE FROM rolls WHERE id IN (SELECT id FROM rolls ORDER BY id LIMIT ?) AND created_at < ?"
)


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
            channel, user = record.channel_id, record.user_id
            tx.at_commit(_PRUNE_CHANNEL, (channel, channel, KEEP_PER_CHANNEL))
            tx.at_commit(_PRUNE_USER, (channel, user, channel, user, KEEP_PER_USER))
            tx.at_commit(_PRUNE_OLD, (AGE_BATCH, record.created_at - MAX_AGE))
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
