"""Warhammer Fantasy Battles, magic phase: winds, casting and dispelling."""

from pathlib import Path

from bot.games.base import Game, NumberOption

GAME = Game(
    "whfb",
    "Warhammer Fantasy, magic phase",
    Path(__file__).parent,
    aliases=("wfb", "whf", "whfb", "вфб", "вархаммер", "warhammer fantasy", "фб"),
    turns=True,
    order=3,
    unit_options=(NumberOption("life", 1, 200),),
)
