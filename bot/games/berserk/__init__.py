"""Berserk CCG: strikes by the fight table, closed cards, tracker template."""

from pathlib import Path

from bot.games.base import Game

GAME = Game("berserk", "Берсерк ККИ", "Berserk CCG", Path(__file__).parent, order=2)
