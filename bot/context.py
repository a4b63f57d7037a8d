"""What a handler knows about the world: who acts, where, in which language, and the services.

Handlers take a `Ctx` instead of a discord.Interaction so the console, the CLI and Discord can all
call them. Services are created once per process and shared.
"""

from __future__ import annotations

import math
import random
import time
import zlib
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from functools import cached_property
from typing import TYPE_CHECKING, Protocol

from bot.config import Settings
from bot.i18n import t
from bot.ratelimit import RateLimited, RateLimits

if TYPE_CHECKING:
    from bot.storage import Storage
    from glossary.search import Glossary


@dataclass(frozen=True)
class UserRef:
    """A user as handlers see it: a Discord member, or a name typed in the console."""

    id: int
    name: str

    @classmethod
    def from_name(cls, name: str) -> UserRef:
        """A stable id for a console name, so the same name is the same user across runs."""
        return cls(id=stable_id(name), name=name)


def stable_id(name: str) -> int:
    """A deterministic snowflake-sized id for a console user or channel name."""
    return 10_000_000 + zlib.crc32(name.strip().lower().encode("utf-8"))


GameChangedHook = Callable[[int], Awaitable[None]]


class LivePoster(Protocol):
    """Re-posts a channel's live scoreboard message (the Discord live message manager)."""

    async def repost(self, channel_id: int) -> bool: ...


@dataclass
class Services:
    """Process-wide dependencies, injected so tests can swap the RNG, the clock or the database."""

    settings: Settings
    storage: Storage
    rng: random.Random = field(default_factory=random.SystemRandom)
    clock: Callable[[], float] = time.time
    started_at: float = field(default_factory=time.time)
    # Called with a channel id after a tracked game in it changed (the live message listens).
    game_changed_hooks: list[GameChangedHook] = field(default_factory=list)
    # Set on Discord by the live message manager, so `/game show` re-posts; None offline.
    live: LivePoster | None = None
    # Per-user budgets of heavy commands (big rolls, exports, big boards), in this process.
    rates: RateLimits = field(default_factory=RateLimits)

    @cached_property
    def glossary(self) -> Glossary:
        from glossary import load_glossary

        return load_glossary()

    async def game_changed(self, channel_id: int) -> None:
        for hook in self.game_changed_hooks:
            await hook(channel_id)


@dataclass
class Ctx:
    """One invocation: the actor, the place, the language and the services."""

    services: Services
    user: UserRef
    channel_id: int
    guild_id: int | None = None
    lang: str = "ru"
    # Manage Messages in this channel: lets a non-participant change a tracked game.
    can_manage: bool = False
    # Manage Server or Manage Channels: may also undo any player's steps in a tracked game.
    can_moderate: bool = False

    def t(self, key: str, /, **params: object) -> str:
        """A catalogue text in this invocation's language."""
        return t(key, self.lang, **params)

    def take(self, kind: str, units: float = 1, *, spend: bool = True) -> None:
        """Spend `units` of this user's budget of `kind` (`bot/ratelimit.py`), or refuse in
        words with the seconds to wait (`error.rate.<kind>`); `spend` off only checks."""
        from bot.registry import UserError

        rates, now = self.services.rates, self.services.clock()
        try:
            rates.check(kind, self.user.id, now, units)
            if spend:
                rates.spend(kind, self.user.id, now, units)
        except RateLimited as exc:
            seconds = max(1, math.ceil(exc.retry_after))
            raise UserError(f"error.rate.{kind}", seconds=seconds) from None

    def spend(self, kind: str, units: float) -> None:
        """Count work already done against the user's budget (dice rolled, known after)."""
        self.services.rates.spend(kind, self.user.id, self.services.clock(), units)
