"""Mage Wars: arena duels of mages (dice, tracker template, rules)."""

from pathlib import Path

from bot.games.base import Game

GAME = Game("mage-wars", "Mage Wars", "Mage Wars", Path(__file__).parent, order=1)
