"""The games Arbiter knows, discovered from the packages in this folder.

Each `bot/games/<game>/` package holds everything particular to one game and exports
`GAME = Game(...)`. Nothing else in the code lists the games: a new game is a new folder.
"""

from __future__ import annotations

import dataclasses
import importlib
import pkgutil

from bot.games.base import Game


def _discover() -> dict[str, Game]:
    found: dict[str, Game] = {}
    for info in sorted(pkgutil.iter_modules(__path__), key=lambda i: i.name):
        if not info.ispkg:
            continue
        dotted = f"{__name__}.{info.name}"
        game = getattr(importlib.import_module(dotted), "GAME", None)
        if isinstance(game, Game):
            found[game.slug] = game if game.package else dataclasses.replace(game, package=dotted)
    return dict(sorted(found.items(), key=lambda kv: kv[1].order))


ALL_GAMES: dict[str, Game] = _discover()
"""Every game with a tracker template, the custom game included."""
GAMES: dict[str, Game] = {slug: g for slug, g in ALL_GAMES.items() if g.glossary}
"""The games with a rule text (glossary, dice, `/rule game:`)."""
GAME_SLUGS: tuple[str, ...] = tuple(GAMES)

__all__ = ["ALL_GAMES", "GAMES", "GAME_SLUGS", "Game", "find_game"]


def find_game(text: str, games: dict[str, Game] | None = None) -> str | None:
    """The slug of the game `text` names: its slug, English title or an alias, any case."""
    want = " ".join(text.replace("_", " ").split()).casefold()
    if not want:
        return None
    for slug, game in (games if games is not None else ALL_GAMES).items():
        names = (slug, slug.replace("-", " "), game.title, *game.aliases)
        if want in (n.casefold() for n in names):
            return slug
    return None
