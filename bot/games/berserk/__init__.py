"""Berserk CCG: strikes by the fight table, closed cards, tracker template."""

from pathlib import Path

from bot.games.base import Game, NumberOption

GAME = Game(
    "berserk",
    "Berserk CCG",
    Path(__file__).parent,
    aliases=("bers", "берсерк", "берс", "berserk ccg", "берсерк кки"),
    turns=True,
    each_turn=True,
    order=2,
    unit_options=(NumberOption("life", 1, 200), NumberOption("armor", 0, 50)),
)
