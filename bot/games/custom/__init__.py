"""A custom game: open counters and tokens, no rule text."""

from pathlib import Path

from bot.games.base import Game

GAME = Game("custom", "Своя игра", "Custom game", Path(__file__).parent, glossary=False, order=9)
