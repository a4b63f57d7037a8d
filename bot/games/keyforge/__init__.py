"""KeyForge: Æmber, keys and the chains."""

from pathlib import Path

from bot.games.base import Game

GAME = Game(
    "keyforge",
    "KeyForge",
    Path(__file__).parent,
    aliases=("kf", "кф", "кейфордж", "кейфорж"),
    turns=True,
    each_turn=True,
    order=5,
)
