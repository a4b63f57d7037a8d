"""Warhammer 40,000: Conquest LCG: warlords, units and planets."""

from pathlib import Path

from bot.games.base import Game

GAME = Game(
    "conquest",
    "Warhammer 40,000: Conquest",
    Path(__file__).parent,
    aliases=("conq", "wh40k", "40k", "конквест", "конкест", "завоевание"),
    order=4,
)
