"""The generic tracker's questions to a game's own package (`bot/games/<game>/rules.py`).

A game's rules module may define, all optional:
- `damage_cap(kind, values, default) -> int | None`: the damage that destroys a unit of `kind`
  (Conquest: a Warlord's current side), `default` being the generic sum of its toughness;
- `async unit_hurt(step, unit) -> bool | None`: its own consequence for a changed unit (a
  Warlord bloodied or defeated), True when a leader fell, None to leave it to the generic check.
"""

from __future__ import annotations

import importlib
import importlib.util
from functools import cache
from types import ModuleType

from bot.games import ALL_GAMES


@cache
def game_module(slug: str, name: str) -> ModuleType | None:
    """`bot.games.<game>.<name>` for the game `slug`, or None when the game has no such module."""
    game = ALL_GAMES.get(slug)
    if game is None:
        return None
    dotted = f"bot.games.{game.home.name}.{name}"
    if importlib.util.find_spec(dotted) is None:
        return None
    return importlib.import_module(dotted)


def rules(slug: str) -> ModuleType | None:
    """The game's rule consequences module, if it has one."""
    return game_module(slug, "rules")
