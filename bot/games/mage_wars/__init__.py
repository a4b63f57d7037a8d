"""Mage Wars: arena duels of mages (dice, tracker template, rules)."""

from pathlib import Path

from bot.games.base import Game

GAME = Game(
    "mage-wars",
    "Mage Wars",
    Path(__file__).parent,
    aliases=("mw", "мв", "mage wars", "магические войны", "войны магов"),
    order=1,
    initiative=True,
)
