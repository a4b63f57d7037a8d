"""The scope of one command, for the storage layer: each game's version is checked once in it.

A button checks that its game is the channel's game, then the change it runs reads the game
again; `/game show` reads it to choose what to show, then to show it. Inside `one_command` (the
registry runs every command and button in one) the second read uses the copy the first one
checked, or the one the command itself wrote. Outside a command (the live message manager,
tests calling the service) every read checks.
"""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar

# (the command's task, game id -> the version this command checked or wrote)
_SCOPE: ContextVar[tuple[object, dict[int, int]] | None] = ContextVar("arbiter_scope", default=None)


@contextmanager
def one_command() -> Iterator[None]:
    token = _SCOPE.set((asyncio.current_task(), {}))
    try:
        yield
    finally:
        _SCOPE.reset(token)


def checked() -> dict[int, int] | None:
    """This command's checked versions; None outside a command, and in tasks it started (the
    live message's refresh runs later: it checks for itself)."""
    scope = _SCOPE.get()
    if scope is None or scope[0] is not asyncio.current_task():
        return None
    return scope[1]


class StaleCopy(Exception):
    """A command that worked from an unchecked copy of a game found, at its first write, that
    the copy was not current: nothing was written, and the whole command runs again (checked)."""

    def __init__(self, game_id: int) -> None:
        super().__init__(game_id)
        self.game_id = game_id


class Trust:
    """Games a command was handed without a version check (`optimistic`), until it writes."""

    def __init__(self) -> None:
        self.unchecked: set[int] = set()
        self.wrote = False


# (the command's task, its trust); set only by `optimistic`.
_TRUST: ContextVar[tuple[object, Trust] | None] = ContextVar("arbiter_trust", default=None)


@contextmanager
def optimistic() -> Iterator[Trust]:
    """A command of one step whose close checks the game's version itself (PostgreSQL): its read
    of the game may use the copy in memory unchecked, saving a round trip. If the close finds the
    copy stale it writes nothing and raises `StaleCopy`; the caller then runs the command again,
    checked. A refusal answered from an unchecked copy is checked before it is given."""
    trust = Trust()
    token = _TRUST.set((asyncio.current_task(), trust))
    try:
        yield trust
    finally:
        _TRUST.reset(token)


def trusting() -> Trust | None:
    """The running command's trust, while it has written nothing; else None (check every read)."""
    found = _TRUST.get()
    if found is None or found[0] is not asyncio.current_task() or found[1].wrote:
        return None
    return found[1]
