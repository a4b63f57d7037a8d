"""Playtest 11 (issue 17), third share: M1–M5, G1, G3, K2, B2, B3 — each test pins the reworded
reply (or the rule now applied) in both languages where the slip was in a shared template."""

from __future__ import annotations

from bot.console import Console
from tests.games.seeds import seed_line

# ── M3: Mage Wars and Conquest boards name the initiative holder, as their headers do ───────────


async def test_round_games_board_says_initiative(console: Console) -> None:
    # seed 000:143 Initiative (Инициатива)
    await console.execute("/game start game:mage-wars player1:Борис life:36")
    console.lang = "ru"
    out = await console.execute("/игра показать")
    assert "Инициатива: **" in out and "Ходит:" not in out
    console.lang = "en"
    assert "Initiative: **" in await console.execute("/game show")


async def test_conquest_board_says_initiative(console: Console) -> None:
    await console.execute("/game start game:conquest player1:Борис hale:12 bloodied:6")
    console.lang = "ru"
    out = await console.execute("/игра показать")
    assert "Инициатива: **" in out and "Ходит:" not in out


async def test_turn_games_board_still_says_whose_turn(console: Console) -> None:
    await console.execute("/game start game:keyforge player1:Борис")
    console.lang = "ru"
    assert "Ходит: **" in await console.execute("/игра показать")
