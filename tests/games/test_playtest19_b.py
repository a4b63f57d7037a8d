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
