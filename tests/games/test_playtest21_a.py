"""Playtest ru-19 / en-12, share a: start, permissions and token replies (issue 17).

Each test pins the reworded reply, so the slip a reader found stays fixed."""

from __future__ import annotations

from bot.console import Console

# ── G1 / MW-1: the start reply gives the join hint once, only to the unseated ───────────────────


async def test_g1_join_hint_once_for_the_unseated_starter(console: Console) -> None:
    console.user = "Аня"
    out = await console.execute("/игра начать игра:mage-wars игрок1:Борис игрок2:Вика жизнь:36")
    assert out.count("/игра войти") == 1
    assert "Если играете и вы — /игра войти." in out
    assert "Доска партии: /игра показать." in out
    assert "Войти в игру" not in out


async def test_g1_seated_starter_gets_no_join_hint(console: Console) -> None:
    console.user = "Борис"
    out = await console.execute("/игра начать игра:mage-wars игрок2:Вика жизнь:36")
    assert "/игра войти" not in out
    assert "Доска партии: /игра показать." in out


async def test_mw_1_english_join_hint_once(console: Console) -> None:
    console.lang = "en"
    out = await console.execute("/game start game:mage-wars player1:Bob player2:Vicky life:36")
    assert out.count("/game join") == 1
    assert "To join" not in out
