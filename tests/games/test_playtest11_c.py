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


# ── M5: the last game's board names the game and round, without blank lines ─────────────────────


async def test_last_game_board_names_game_and_round(console: Console) -> None:
    await console.execute("/game start game:mage-wars player1:Борис life:36")
    await console.execute("/game next")
    await console.execute("/game end")
    await console.execute("!press 1")
    console.lang = "ru"
    out = await console.execute("/игра показать")
    assert "Сейчас партия не идёт. Итог последней партии (Mage Wars, раунд 2):\n\n▸" in out
    assert "\n\n\n" not in out and "Итог последней:" not in out
    console.lang = "en"
    out = await console.execute("/game show")
    assert "here is how the last one ended (Mage Wars, round 2)." in out


async def test_last_turn_game_board_counts_turns(console: Console) -> None:
    await console.execute("/game start game:keyforge player1:Борис")
    await console.execute("/game end")
    await console.execute("!press 1")
    console.lang = "ru"
    assert "Итог последней партии (KeyForge, ход 1):" in await console.execute("/игра показать")
