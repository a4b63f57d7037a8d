"""KeyForge: Æmber, keys and the chains."""

from pathlib import Path

from bot.games.base import Game

GAME = Game("keyforge", "KeyForge", "KeyForge", Path(__file__).parent, order=5, turns=True)
