"""The games a glossary command knows, named for the reply (not by their slugs)."""

from __future__ import annotations

from bot.games import GAMES
from bot.i18n import game_list
from bot.registry import Localized


def known_games() -> Localized:
    """The games' names in the reply's language, as `/game start` lists them (ru-19, G8)."""
    return Localized(game_list(GAMES, "ru"), game_list(GAMES, "en"))
