"""`python -m bot roll berserk` and `odds berserk`: the Berserk engine from a shell."""

from __future__ import annotations

import random
from typing import Any

from bot.cli.generate import CliCommand, Result
from bot.games.berserk.ui import shapes, view


def _berserk(v: dict[str, Any], rng: random.Random) -> Result:
    from bot.games.berserk.dice import roll_strike
    from bot.games.berserk.ui.commands import build_strike

    result = roll_strike(build_strike(v), rng)
    return shapes.berserk_strike(result), lambda tr: view.berserk_reply(tr, result)


def _odds_berserk(v: dict[str, Any], rng: random.Random) -> Result:
    """JSON is one shape, the `auto` mode (a simple strike fights); the text shows both modes."""
    from bot.games.berserk.odds import berserk_odds
    from bot.games.berserk.ui.commands import build_strike, odds_strikes

    strike = build_strike(v)
    data = shapes.odds_berserk(strike, berserk_odds(strike))
    return data, lambda tr: view.berserk_odds_view(tr, odds_strikes(v))


CLI_GROUPS: dict[tuple[str, ...], str] = {}
CLI_COMMANDS: tuple[CliCommand, ...] = (
    CliCommand(("roll", "berserk"), ("berserk", "strike"), _berserk),
    CliCommand(("odds", "berserk"), ("odds", "berserk"), _odds_berserk, seeded=False),
)
