"""KeyForge: Æmber, keys and the chains."""

from pathlib import Path

from bot.games.base import Game, NumberOption

GAME = Game(
    "keyforge",
    "KeyForge",
    Path(__file__).parent,
    aliases=("kf", "кф", "кейфордж", "кейфорж"),
    turns=True,
    each_turn=True,
    order=5,
    start_options=(NumberOption("keycost", 1, 50),),
    unit_options=(NumberOption("power", 0, 50, text=True), NumberOption("armor", 0, 50)),
)
