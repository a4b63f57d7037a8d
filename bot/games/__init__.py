"""The games Arbiter knows, discovered from the packages in this folder.

Each `bot/games/<game>/` package holds everything particular to one game and exports
`GAME = Game(...)`. Nothing else in the code lists the games: a new game is a new folder.
"""

from __future__ import annotations

import dataclasses
import importlib
import importlib.util
import pkgutil
from types import ModuleType

from bot.games.base import Game, NumberOption


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

__all__ = [
    "ALL_GAMES",
    "GAMES",
    "GAME_SLUGS",
    "Game",
    "NumberOption",
    "find_game",
    "game_options",
    "register",
    "ui_modules",
    "unregister",
]


def register(game: Game) -> None:
    """Add a game from outside this folder (a test's fixture package) until `unregister`."""
    if not game.package:
        raise ValueError(f"game {game.slug!r} needs its package name")
    ALL_GAMES[game.slug] = game


def unregister(slug: str) -> None:
    ALL_GAMES.pop(slug, None)


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


def ui_modules(name: str | None = None) -> list[ModuleType]:
    """Import each game's presentation: every module of `<game>.ui`, or only `<game>.ui.<name>`.

    The games' commands, buttons, CLI commands and data checks are found this way, so the
    shared layer never imports a particular game."""
    found: list[ModuleType] = []
    for game in ALL_GAMES.values():
        ui = f"{game.package}.ui"
        if importlib.util.find_spec(game.package) is None or importlib.util.find_spec(ui) is None:
            continue
        package = importlib.import_module(ui)
        if name is not None:
            if importlib.util.find_spec(f"{ui}.{name}") is not None:
                found.append(importlib.import_module(f"{ui}.{name}"))
            continue
        for info in sorted(pkgutil.iter_modules(package.__path__), key=lambda i: i.name):
            found.append(importlib.import_module(f"{ui}.{info.name}"))
    return found


def game_options(kind: str) -> tuple[NumberOption, ...]:
    """Every game's `start_options` or `unit_options`, one per name in the games' order; a name
    two games share takes the widest bounds (each template still bounds its own stat)."""
    merged: dict[str, NumberOption] = {}
    for game in ALL_GAMES.values():
        for opt in getattr(game, f"{kind}_options"):
            had = merged.get(opt.name)
            if had is not None:
                low, high = min(had.min, opt.min), max(had.max, opt.max)
                opt = NumberOption(opt.name, low, high, had.text or opt.text)
            merged[opt.name] = opt
    return tuple(merged.values())
