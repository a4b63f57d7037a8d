"""What `/rule` learned from its players: picks from its lists and the links members agreed on.

A pick is one row per server, query key, entry and member, where the member is a salted hash,
never the id: it only lets agreement count distinct members. Once `agree` distinct members
picked the same entry for a query, the server gets a link and `/rule` opens that entry directly.
Both tables are bounded per server (oldest rows dropped), so a busy server cannot grow them
without end. Every read goes to the database: another process may have learned or unlearned.
"""

from __future__ import annotations

from bot.storage.api import LearnedPair
from bot.storage.db import Db

PICKS_PER_LINK = 5  # picks kept per server: this many times the link bound


class LearnedStore:
    def __init__(self, db: Db) -> None:
        self._db = db

    async def record_pick(
        self,
        guild_id: int,
        query: str,
        text: str,
        entry_id: str,
        member: str,
        at: float,
        *,
        agree: int,
        bound: int,
    ) -> str | None:
        """Record one member's pick; the entry the query now opens on this server, if any."""
        async with self._db.write() as tx:
            rows = await tx.batch(
                [
                    (
                        "INSERT INTO lookup_picks (guild_id, query, entry_id, member, at)"
                        " VALUES (?, ?, ?, ?, ?) ON CONFLICT (guild_id, query, entry_id, member)"
                        " DO UPDATE SET at = excluded.at",
                        (guild_id, query, entry_id, member, at),
                    ),
                    (
                        "INSERT INTO lookup_links (guild_id, query, text, entry_id, members, at)"
                        " SELECT CAST(? AS BIGINT), CAST(? AS TEXT), CAST(? AS TEXT),"
                        " CAST(? AS TEXT), COUNT(*), CAST(? AS DOUBLE PRECISION) FROM lookup_picks"
                        " WHERE guild_id = ? AND query = ? AND entry_id = ?"
                        " HAVING COUNT(*) >= ?"
                        " ON CONFLICT (guild_id, query) DO UPDATE SET entry_id = excluded.entry_id,"
                        " text = excluded.text, members = excluded.members, at = excluded.at",
                        (guild_id, query, text, entry_id, at, guild_id, query, entry_id, agree),
                    ),
                    (
                        "DELETE FROM lookup_links WHERE guild_id = ? AND query NOT IN"
                        " (SELECT query FROM lookup_links WHERE guild_id = ?"
                        " ORDER BY at DESC, query LIMIT ?)",
                        (guild_id, guild_id, bound),
                    ),
                    (
                        "DELETE FROM lookup_picks WHERE guild_id = ? AND at <"
                        " (SELECT at FROM lookup_picks WHERE guild_id = ?"
                        " ORDER BY at DESC LIMIT 1 OFFSET ?)",
                        (guild_id, guild_id, bound * PICKS_PER_LINK),
                    ),
                    (
                        "SELECT entry_id FROM lookup_links WHERE guild_id = ? AND query = ?",
                        (guild_id, query),
                    ),
                ]
            )
        found = rows[-1]
        return str(found[0][0]) if found else None

    async def link(self, guild_id: int, query: str) -> str | None:
        """The entry this server's members agreed on for the query key, if any."""
        rows = await self._db.fetch(
            "SELECT entry_id FROM lookup_links WHERE guild_id = ? AND query = ?",
            (guild_id, query),
        )
        return str(rows[0][0]) if rows else None

    async def unlink(self, guild_id: int, query: str) -> str | None:
        """Take the link back («не то»), with the picks that made it; the entry it pointed at."""
        async with self._db.write() as tx:
            rows = await tx.fetch(
                "DELETE FROM lookup_links WHERE guild_id = ? AND query = ? RETURNING entry_id",
                (guild_id, query),
            )
            if rows:
                tx.at_commit(
                    "DELETE FROM lookup_picks WHERE guild_id = ? AND query = ? AND entry_id = ?",
                    (guild_id, query, rows[0][0]),
                )
        return str(rows[0][0]) if rows else None

    async def pairs(self) -> list[LearnedPair]:
        """Every learned link across servers, grouped by query and entry, most agreed first."""
        rows = await self._db.fetch(
            "SELECT query, MAX(text), entry_id, COUNT(*), SUM(members) FROM lookup_links"
            " GROUP BY query, entry_id ORDER BY COUNT(*) DESC, SUM(members) DESC, query, entry_id",
        )
        return [
            LearnedPair(
                query=str(r[0]), text=str(r[1]), entry_id=str(r[2]), servers=int(r[3]),
                members=int(r[4]),
            )
            for r in rows
        ]  # fmt: skip
