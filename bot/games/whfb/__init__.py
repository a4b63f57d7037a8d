"""Warhammer Fantasy Battles, magic phase: winds, casting and dispelling."""

from pathlib import Path

from bot.games.base import Game

GAME = Game(
    "whfb",
    "Warhammer Fantasy (фаза магии)",
    "Warhammer Fantasy (magic phase)",
    Path(__file__).parent,
    order=3,
)
