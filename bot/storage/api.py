"""The repository interfaces handlers depend on. A PostgreSQL back end implements the same ones.

Handlers and domain modules only see these protocols (through `Storage`), never SQL.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Protocol

from bot.tracker.ports import TrackerRepo, TrackerTx


class MetaRepo(Protocol):
    """Key/value pairs the bot keeps for itself, such as the synced command payload's hash."""

    async def get(self, key: str) -> str | None: ...

    async def set(self, key: str, value: str) -> None: ...


# --- tracker (game tracker area): the protocols live with the tracker, which they serve ----


# --- rolls (dice area) -------------------------------------------------------------------------


@dataclass(frozen=True)
class RollRecord:
    """One logged roll (dice): inputs and the full result as plain JSON-able data."""

    channel_id: int
    user_id: int
    user_name: str
    command: str
    inputs: dict[str, Any]
    result: dict[str, Any]
    private: bool
    created_at: float
    id: int | None = None


class RollRepo(Protocol):
    async def add(self, record: RollRecord) -> int: ...

    async def recent(self, channel_id: int, viewer_id: int, limit: int) -> list[RollRecord]:
        """The channel's latest rolls, newest first; private ones only for their roller."""
        ...


# --- learned lookups (glossary area) -------------------------------------------------------------


@dataclass(frozen=True)
class LearnedPair:
    """A learned link across servers: a query key, its text as last asked, the entry, and how
    many servers hold the link and how many members agreed in all (candidate aliases)."""

    query: str
    text: str
    entry_id: str
    servers: int
    members: int


class LearnedRepo(Protocol):
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
        """Record a member's pick (`member` is a hash); the entry the query now opens, if any."""
        ...

    async def link(self, guild_id: int, query: str) -> str | None: ...

    async def unlink(self, guild_id: int, query: str) -> str | None: ...

    async def pairs(self) -> list[LearnedPair]: ...


__all__ = [
    "LearnedPair",
    "LearnedRepo",
    "MetaRepo",
    "RollRecord",
    "RollRepo",
    "TrackerRepo",
    "TrackerTx",
]
