"""A custom game: open counters and tokens, no rule text."""

from pathlib import Path

from bot.games.base import Game, NumberOption

GAME = Game(
    "custom",
    "Custom game",
    Path(__file__).parent,
    aliases=("своя", "своя игра", "custom game"),
    turns=True,
    glossary=False,
    order=9,
    start_options=(NumberOption("life", 1, 200),),
    unit_options=(NumberOption("life", 1, 200),),
)
