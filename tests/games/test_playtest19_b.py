"""Playtest RU-17 and EN-10 (issue 17), the Berserk and KeyForge share: each test pins the
reworded reply or the rule, in both languages where the slip was in a shared template."""

from __future__ import annotations

from bot.console import Console

# ── B2: an empty player block says what is missing and how to add it ─────────────────────────


async def test_b2_empty_board_says_no_cards_and_how_to_add(console: Console) -> None:
    console.lang = "ru"
    console.user = "Аня"
    await console.execute("/игра начать игра:berserk игрок1:Борис")
    out = await console.execute("/игра показать")
    assert "карт на столе нет — /существо добавить" in out
    assert "\n—\n" not in out
    console.lang = "en"
    out = await console.execute("/game show")
    assert "no cards on the table — /unit add" in out


# ── B3: the board writes every counter the same way, the word first ──────────────────────────


async def test_b3_counters_in_one_pattern(console: Console) -> None:
    console.lang = "ru"
    console.user = "Аня"
    await console.execute("/игра начать игра:berserk игрок1:Борис")
    await console.execute("/существо добавить имя:Гном-басаарг жизнь:8")
    await console.execute("/жетон добавить цель:Гном-басаарг жетон:отравление")
    await console.execute("/жетон добавить цель:Гном-басаарг жетон:фишки")
    out = await console.execute("/игра показать")
    assert "отравление 1 · фишки 1" in out or "фишки 1 · отравление 1" in out
    assert "1 фишка" not in out
