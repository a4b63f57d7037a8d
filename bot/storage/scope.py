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
