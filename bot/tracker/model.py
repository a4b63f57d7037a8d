"""The tracked game as plain, immutable data: what the service reads and the live message renders.

`GameState` is a snapshot of one game read in one go from storage. Counters (life, mana, Æmber …)
and tokens (Burn, Stun, ward …) are both named integers with optional bounds; `token` tells them
apart. Participants and units keep their database ids so a change can name exactly one row.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Generic, Literal, TypeVar, overload

HolderKind = Literal["participant", "unit"]
T = TypeVar("T")


class once(Generic[T]):
    """`functools.cached_property` without the lock Python 3.11 takes on each first read (the
    game's state is made anew by every change, and every command reads these): worked out on
    the first read, then kept in the instance's `__dict__`, which later reads find first."""

    def __init__(self, fn: Callable[[Any], T]) -> None:
        self.fn = fn
        self.name = fn.__name__

    @overload
    def __get__(self, obj: None, owner: type) -> once[T]: ...
    @overload
    def __get__(self, obj: object, owner: type | None = None) -> T: ...
    def __get__(self, obj: object | None, owner: type | None = None) -> T | once[T]:
        if obj is None:
            return self
        value = self.fn(obj)
        obj.__dict__[self.name] = value
        return value


ACTIVE = "active"
ENDED = "ended"
DESTROYED = "destroyed"


@dataclass(frozen=True)
class Counter:
    """A named integer on a participant or unit; `min`/`max` are inclusive bounds (None = open)."""

    id: int
    key: str
    value: int
    min: int | None = None
    max: int | None = None
    token: bool = False

    def allows(self, value: int) -> bool:
        return (self.min is None or value >= self.min) and (self.max is None or value <= self.max)


class HasCounters:
    """Lookups shared by participants and units: a counter or token by key, or its value."""

    counters: tuple[Counter, ...]
    tokens: tuple[Counter, ...]

    def counter(self, key: str) -> Counter | None:
        return _by_key(self.counters, key)

    def token(self, key: str) -> Counter | None:
        return _by_key(self.tokens, key)

    def value(self, key: str, default: int = 0) -> int:
        c = self.counter(key) or self.token(key)
        return c.value if c else default


def _by_key(counters: tuple[Counter, ...], key: str) -> Counter | None:
    """The counter `key`; a counter made on the fly keeps its typed case (`VP` is found as `vp`)."""
    for c in counters:
        if c.key == key:
            return c
    folded = key.casefold()
    return next((c for c in counters if c.key.casefold() == folded), None)


@dataclass(frozen=True)
class Participant(HasCounters):
    id: int
    user_id: int
    name: str
    seat: int
    present: bool = True
    counters: tuple[Counter, ...] = ()
    tokens: tuple[Counter, ...] = ()
    # Free-form lists kept per player, e.g. conquest planets won: {"planets": ("Elouith", …)}.
    lists: dict[str, tuple[str, ...]] = field(default_factory=dict)


@dataclass(frozen=True)
class Unit(HasCounters):
    """A mage, warlord or creature; `state` is '' normally or 'destroyed'."""

    id: int
    owner_id: int | None
    kind: str
    name: str
    position: int
    state: str = ""
    present: bool = True
    counters: tuple[Counter, ...] = ()
    tokens: tuple[Counter, ...] = ()

    @property
    def destroyed(self) -> bool:
        return self.state == DESTROYED


@dataclass(frozen=True)
class LiveMessage:
    message_id: int
    channel_id: int
    posted_at: float


@dataclass(frozen=True)
class Game:
    id: int
    channel_id: int
    guild_id: int | None
    slug: str
    status: str
    round: int
    active_seat: int
    created_at: float
    created_by: int | None = None
    ended_at: float | None = None
    winner_id: int | None = None  # participant id
    options: dict[str, int] = field(default_factory=dict)  # start options (life, channeling …)

    @property
    def active(self) -> bool:
        return self.status == ACTIVE


@dataclass(frozen=True)
class GameState:
    """One game read in one go. `participants`/`units` are those in play; `all_*` every row."""

    game: Game
    all_participants: tuple[Participant, ...]
    all_units: tuple[Unit, ...]
    live: LiveMessage | None = None
    # Storage's mark of when this was read (None: read inside a step); not part of the state.
    stamp: tuple[int, int] | None = field(default=None, compare=False, repr=False)

    # Worked out once per state (a state never changes; `replace` makes a new one): every
    # command asks for them several times.
    @once
    def participants(self) -> tuple[Participant, ...]:
        return tuple(p for p in self.all_participants if p.present)

    @once
    def units(self) -> tuple[Unit, ...]:
        """Units in play: present, and not of a player who has left (they leave with them)."""
        gone = {p.id for p in self.all_participants if not p.present}
        return tuple(u for u in self.all_units if u.present and u.owner_id not in gone)

    @property
    def slug(self) -> str:
        return self.game.slug

    @property
    def round(self) -> int:
        return self.game.round

    @property
    def status(self) -> str:
        return self.game.status

    @property
    def active_player(self) -> Participant | None:
        """The participant whose seat is `game.active_seat`, or the next present one after it."""
        seated = sorted(self.participants, key=lambda p: p.seat)
        if not seated:
            return None
        return next((p for p in seated if p.seat >= self.game.active_seat), seated[0])

    @property
    def winner(self) -> Participant | None:
        return self.participant(self.game.winner_id) if self.game.winner_id else None

    def participant(self, pid: int | None) -> Participant | None:
        return next((p for p in self.all_participants if p.id == pid), None)

    def participant_by_user(self, user_id: int) -> Participant | None:
        return next((p for p in self.participants if p.user_id == user_id), None)

    def unit(self, uid: int) -> Unit | None:
        return next((u for u in self.all_units if u.id == uid), None)

    def units_of(self, participant_id: int | None) -> tuple[Unit, ...]:
        return tuple(u for u in self.units if u.owner_id == participant_id)

    def leader(self, participant_id: int) -> Unit | None:
        """The player's mage or warlord (the first unit created for them at the start)."""
        return next(
            (u for u in self.all_units if u.owner_id == participant_id and u.kind != "creature"),
            None,
        )
