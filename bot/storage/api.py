"""The repository interfaces handlers depend on. A PostgreSQL back end implements the same ones.

Handlers and domain modules only see these protocols (through `Storage`), never SQL.
"""

from __future__ import annotations

from contextlib import AbstractAsyncContextManager
from dataclasses import dataclass
from typing import Any, Protocol

from bot.tracker.model import Counter, GameState, HolderKind, LiveMessage
from bot.tracker.records import StepRecord


class MetaRepo(Protocol):
    """Key/value pairs the bot keeps for itself, such as the synced command payload's hash."""

    async def get(self, key: str) -> str | None: ...

    async def set(self, key: str, value: str) -> None: ...


# --- tracker (game tracker area) ---------------------------------------------------------------


class TrackerTx(Protocol):
    """The open transaction of one tracker step; each write records an event in the same step."""

    game_id: int
    step_id: int
    events: int
    params: dict[str, Any]  # the step's parameters, as recorded at commit (names settled inside)

    async def adjust(self, counter_id: int, delta: int) -> tuple[int, int]: ...

    async def set_value(self, counter_id: int, value: int) -> tuple[int, int]: ...

    async def set_field(self, entity: str, row_id: int, field: str, value: Any) -> Any: ...

    async def counter(self, counter_id: int) -> Counter: ...

    async def counters_of(self, holder: HolderKind, holder_id: int) -> list[Counter]: ...

    async def ensure_counter(
        self,
        holder: HolderKind,
        holder_id: int,
        key: str,
        *,
        value: int = 0,
        min_value: int | None = None,
        max_value: int | None = None,
        token: bool = False,
        position: int = 0,
    ) -> int: ...

    async def add_participant(self, user_id: int, name: str) -> int: ...

    async def add_unit(self, owner_id: int | None, kind: str, name: str) -> int: ...

    async def add_item(self, participant_id: int, list_name: str, text: str) -> int: ...

    async def state(self, base: GameState | None = None) -> GameState: ...


class TrackerRepo(Protocol):
    """Tracked games: state, the step/event log, undo/redo and the live message reference."""

    async def active_game_slug(self, channel_id: int) -> str | None: ...

    async def active_game_id(self, channel_id: int) -> int | None: ...

    async def latest_game_id(self, channel_id: int) -> int | None: ...

    async def load(self, game_id: int) -> GameState | None: ...

    async def load_active(self, channel_id: int) -> GameState | None: ...

    async def history(
        self, game_id: int, limit: int | None = None, *, ids: list[int] | None = None
    ) -> list[StepRecord]: ...

    async def event_count(self, game_id: int) -> int: ...

    async def counter_index(self, game_id: int) -> dict[int, tuple[str, int, str]]: ...

    async def set_live_message(
        self,
        game_id: int,
        message_id: int | None,
        posted_at: float | None,
        channel_id: int | None = None,
    ) -> None: ...

    async def live_message(self, game_id: int) -> LiveMessage | None: ...

    async def live_messages(self) -> list[tuple[int, LiveMessage]]: ...

    def create_game(
        self,
        *,
        channel_id: int,
        guild_id: int | None,
        slug: str,
        options: dict[str, int],
        at: float,
        user_id: int,
        user_name: str,
    ) -> AbstractAsyncContextManager[TrackerTx]: ...

    def change(
        self,
        game_id: int,
        *,
        at: float,
        user_id: int,
        user_name: str,
        action: str,
        params: dict[str, Any] | None = None,
    ) -> AbstractAsyncContextManager[TrackerTx]: ...

    async def undo(
        self, game_id: int, steps: int, *, at: float, user_name: str
    ) -> list[StepRecord]: ...

    async def redo(self, game_id: int) -> StepRecord | None: ...


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
