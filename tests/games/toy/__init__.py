"""A sixth, toy game written as a fixture (issue 16): a tracker only, with one win rule.

It lives outside `bot/games/` on purpose: registered with `bot.games.register(GAME)` by the
contract test, it runs through start, a change, next and a win with no change to shared code.
Its whole content is this file and `template.toml` (docs/architecture.md, "Adding a game").
"""

from pathlib import Path

from bot.games.base import Game

GAME = Game(
    "toy-relay",
    "Toy Relay",
    Path(__file__).parent,
    glossary=False,
    order=99,
    package=__name__,
)
