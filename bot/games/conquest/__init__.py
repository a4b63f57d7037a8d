"""Warhammer 40,000: Conquest LCG: warlords, units and planets."""

from pathlib import Path

from bot.games.base import Game, NumberOption

GAME = Game(
    "conquest",
    "Warhammer 40,000: Conquest",
    Path(__file__).parent,
    aliases=("conq", "wh40k", "40k", "конквест", "конкест", "завоевание"),
    order=4,
    initiative=True,  # a round passes the initiative, not a turn (playtest 10 C1)
    start_options=(
        NumberOption("hale", 1, 100),
        NumberOption("bloodied", 1, 100),
        NumberOption("resources", 0, 100),  # printed on the Warlord (playtest en-4, CQ-4)
    ),
    unit_options=(NumberOption("life", 1, 200),),
    # EN-8 CQ-2: a shield card is discarded as the damage is dealt, preventing 1–3 (003:137).
    dmg_options=(NumberOption("shield", 1, 3),),
)
