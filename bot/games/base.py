"""What a game package declares about itself: `GAME = Game(...)` in its `__init__.py`."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path


@dataclass(frozen=True)
class NumberOption:
    """A whole-number option the game adds to a shared command (`/game start life:`)."""

    name: str
    min: int
    max: int
    # Typed as text on Discord too, so a value in another game's form (a Berserk strike «2-3-4»
    # in KeyForge's `power`) reaches the handler, which reads the number (playtest 18, B3).
    text: bool = False


@dataclass(frozen=True)
class Game:
    """One game Arbiter knows: its slug (data files, options, JSON) and home folder.

    The names users read are in the catalogue (`game.<slug>`, `bot/games/<game>/locale.toml`);
    `title` is only the English title written into generated data files.
    `glossary` is False for a game without a rule text (the custom tracker game).
    """

    slug: str
    title: str
    home: Path = field(compare=False)
    glossary: bool = True
    order: int = 0  # where the game stands in lists (choices, /about)
    # Other words people call the game by (`mw`, `мв`); accepted wherever a game is asked.
    aliases: tuple[str, ...] = ()
    # Counted in turns (ход) rather than rounds (раунд): the same word in every reply.
    turns: bool = False
    # The dotted package (`bot.games.mage_wars`); discovery fills it in, a fixture game sets it.
    package: str = ""
    # Its options of `/game start` (a leader's starting stats) and `/unit add` (a card's stats);
    # the shared commands offer every game's, and the template says which stat each one sets.
    start_options: tuple[NumberOption, ...] = ()
    unit_options: tuple[NumberOption, ...] = ()
    # Its options of `/dmg`, read by its plugin as the damage is dealt (Conquest: `shield:N`).
    dmg_options: tuple[NumberOption, ...] = ()
    # The turn number counts every player's turn (Berserk, KeyForge: ход 1 — first player, ход 2 —
    # second), not each full round of turns (WFB, custom: both players' turn 2 is ход 2).
    each_turn: bool = False
    # The active seat holds the initiative (Mage Wars: no turns inside a round), not a turn.
    initiative: bool = False

    @property
    def template_path(self) -> Path:
        """The game's tracker template (`template.toml` beside its package)."""
        return self.home / "template.toml"
