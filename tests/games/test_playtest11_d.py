"""Playtest 11 (issue 17, `docs/playtest-ru-11.md`), fourth share: G2, W1, W2, W3, C1, C2, C4, K1 —
each test pins the reworded reply, in both languages where the slip was in a shared template."""

from __future__ import annotations

from bot.console import Console
from tests.games.seeds import seed_line

# ── K1: the KeyForge retold «Бой» says «сила», as every command and the board do ───────────────


async def test_k1_keyforge_fight_says_power_as_sila(console: Console) -> None:
    await console.execute("/game start game:keyforge player1:Борис")
    console.lang = "ru"
    out = await console.execute("/правило бой")
    assert "какова его сила (число на карте)" in out
    assert "мощь" not in out


# ── C4: the Conquest board says a shield is held ready, not «карта щита (1 значок щита)» ───────


async def test_c4_conquest_board_says_shield_ready(console: Console) -> None:
    console.user = "Аня"
    await console.execute("/game start game:conquest player1:Егор hale:7 bloodied:4")
    await console.execute("/unit add name:Космодесантники owner:Егор life:3")
    console.lang = "ru"
    await console.execute("/жетон добавить цель:Космодесантники жетон:щит")
    board = await console.execute("/игра показать")
    assert "Космодесантники ❤ ▰▰▰▰▰ 3/3 · щит наготове на 1 урон" in board
    assert "значок" not in board
    console.lang = "en"
    assert "shield ready for 1 damage" in await console.execute("/game show")
