"""What the tracker needs from outside: who acts, where, a clock, and the repository protocols.

The tracker core is pure: it is handed a `Table` (the channel's game as one actor sees it) and
never imports the storage back end, Discord or the catalogue. `bot.storage` implements these
protocols (`bot/storage/api.py` re-exports them) and raises `GameExists` / `GameNotActive`.
"""

from __future__ import annotations

import random
import time
from collections.abc import Awaitable, Callable
from contextlib import AbstractAsyncContextManager
from dataclasses import dataclass, field
from typing import Any, Protocol

from bot.tracker.model import Counter, GameState, HolderKind, LiveMessage
from bot.tracker.records import StepRecord


class GameExists(RuntimeError):
    """The channel already has an active game."""


class GameNotActive(RuntimeError):
    """A change was asked of a game that has ended (or does not exist)."""


class GameChanged(RuntimeError):
    """The copy a step began from was no longer current when the step closed (another process
    wrote in between); nothing was written, and the step may run again from a fresh read."""


class StepsMoved(RuntimeError):
    """The steps an undo was checked for are no longer the last ones (someone acted meanwhile)."""


class Person(Protocol):
    """Anyone who can sit at the table: a user id and the name players see."""

    @property
    def id(self) -> int: ...

    @property
    def name(self) -> str: ...


@dataclass(frozen=True)
class Actor:
    """Who asks for a change; `may_manage` (Manage Messages) lets a non-player change a game.

    `may_moderate` (Manage Server or Manage Channels) also lets them undo anyone's steps.
    """

    id: int
    name: str
    may_manage: bool = False
    may_moderate: bool = False


async def _nobody(channel_id: int) -> None:
    return None


@dataclass(frozen=True)
class Table:
    """One request against a channel's game: the actor, the place, the repository and a clock.

    `changed` is called with the channel id after a committed change (the live message follows).
    """

    repo: TrackerRepo
    actor: Actor
    channel_id: int
    guild_id: int | None = None
    clock: Callable[[], float] = time.time
    rng: random.Random = field(default_factory=random.Random)
    changed: Callable[[int], Awaitable[None]] = _nobody


class TrackerTx(Protocol):
    """The open transaction of one tracker step; each write records an event in the same step."""

    game_id: int
    step_id: int
    events: int
    params: dict[str, Any]  # the step's parameters, as recorded at commit (names settled inside)
    keep_redo: bool  # set inside a step that should leave the redo stack as it was

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

    async def step_count(self, game_id: int) -> int: ...

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
        base: GameState | None = None,
        keep_redo: bool = False,
    ) -> AbstractAsyncContextManager[TrackerTx]:
        """One step; given `base` (the copy the command read), the step may work from it and
        raises `GameChanged` at the close when the game moved on since. `keep_redo` leaves the
        redo stack as it was (a join)."""
        ...

    async def done_steps(self, game_id: int, limit: int) -> list[StepRecord]: ...

    async def seated_since(self, game_id: int, user_id: int) -> int: ...

    async def undo(
        self,
        game_id: int,
        steps: int,
        *,
        at: float,
        user_name: str,
        expect: list[int] | None = None,
    ) -> list[StepRecord]: ...

    async def redo(self, game_id: int, *, expect: int | None = None) -> StepRecord | None: ...

    async def next_redo(self, game_id: int) -> StepRecord | None: ...

    async def drop_redo(self, game_id: int, step_id: int) -> bool: ...
