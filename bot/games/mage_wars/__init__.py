"""Mage Wars: arena duels of mages (dice, tracker template, rules)."""

from pathlib import Path

from bot.games.base import Game, NumberOption

GAME = Game(
    "mage-wars",
    "Mage Wars",
    Path(__file__).parent,
    aliases=("mw", "мв", "mage wars", "магические войны", "войны магов"),
    order=1,
    start_options=(NumberOption("life", 1, 200), NumberOption("channeling", 0, 50)),
    unit_options=(
        NumberOption("life", 1, 200),
        NumberOption("armor", 0, 50),
        NumberOption("defense", 0, 12),
        NumberOption("regenerate", 0, 20),
    ),
    initiative=True,
)
