"""The tracker's refusals: domain exceptions with a code and the facts that explain them.

The core never writes user text. A refusal carries a short `code` and `params`; a param that
depends on the reader's language is a `Named` value (a stat definition, a `GameRef`, a
`NameList`). The handler layer turns each code into its catalogue message in one table
(`bot/handlers/tracker_refusals.py`), so what players read is decided in one place.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol


class Named(Protocol):
    """A value shown by name in the reader's language (a stat, a game, a list of them)."""

    def name(self, lang: str) -> str: ...


@dataclass(frozen=True)
class GameRef:
    """A game by slug; the presentation layer names it (`Берсерк ККИ`, `Своя игра`)."""

    slug: str

    def name(self, lang: str) -> str:
        """The game's English title (the handler layer shows the catalogue's `game.<slug>`)."""
        from bot.games import ALL_GAMES

        game = ALL_GAMES.get(self.slug)
        return game.title if game else self.slug


@dataclass(frozen=True)
class NameList:
    """Names joined for a message (`life, mana`). Empty, it makes the message take its `.none`
    wording (`bot.i18n.Catalogue.listing_key`); `—` is only a last resort."""

    items: Sequence[Named | str]

    @property
    def empty(self) -> bool:
        return not self.items

    def name(self, lang: str) -> str:
        return ", ".join(i if isinstance(i, str) else i.name(lang) for i in self.items) or "—"


class TrackerError(Exception):
    """A refused change; nothing was written. `code` picks the message, `params` fill it."""

    code = "refused"

    def __init__(self, code: str | None = None, /, **params: object) -> None:
        self.code = code or type(self).code
        super().__init__(self.code)
        self.params = params


class NoGame(TrackerError):
    code = "no_game"


class GameEnded(TrackerError):
    code = "ended"


class NotParticipant(TrackerError):
    """The actor neither plays nor manages the channel."""

    code = "not_player"


class NotInGame(TrackerError):
    """The player named (or the actor) has no seat in this game."""

    code = "not_in_game"


class WrongGame(TrackerError):
    """A game's own command in another game (`/kf forge` in Mage Wars); `fits`: the games a
    shared command applies to (`/mana`: Mage Wars), so the refusal can name them (playtest 15,
    G1)."""

    code = "wrong_game"

    def __init__(self, command: str, slug: str, fits: Sequence[str] = ()) -> None:
        super().__init__(command=command, game=GameRef(slug), fits=tuple(fits))


class NoTarget(TrackerError):
    code = "no_target"


class Ambiguous(TrackerError):
    code = "ambiguous"


class NoStat(TrackerError):
    code = "no_stat"


class Destroyed(TrackerError):
    code = "destroyed"


class BadName(TrackerError):
    code = "bad_name"


class NameTooLong(TrackerError):
    code = "name_too_long"


class OutOfBounds(TrackerError):
    """A stat would leave its bounds (`min`/`max` are shown as −∞/∞ when open)."""

    code = "bounds"


class Short(TrackerError):
    """Taking more than there is: `below_zero` for damage and tokens, else `short` (spending).

    `stat_key` lets the message be the stat's own (`not enough mana`) where the catalogue has one.
    """

    code = "short"


class AmountOutOfRange(TrackerError):
    """A number beyond what a command takes (`name`, `value`, `min`, `max`)."""

    code = "out_of_range"


__all__ = [
    "Ambiguous",
    "AmountOutOfRange",
    "BadName",
    "Destroyed",
    "GameEnded",
    "GameRef",
    "NameList",
    "NameTooLong",
    "Named",
    "NoGame",
    "NoStat",
    "NoTarget",
    "NotInGame",
    "NotParticipant",
    "OutOfBounds",
    "Short",
    "TrackerError",
    "WrongGame",
]
