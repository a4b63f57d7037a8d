"""Playtest RU-17 and EN-10 (issue 17), the WFB and Conquest share: each test pins the reworded
reply or the rule, in both languages where the slip was in a shared template."""

from __future__ import annotations

from bot.console import Console

# ── W2: the profile's Wounds are lower case mid-line, as every other stat ─────────────────────


async def test_w2_wounds_lower_case_mid_line(console: Console) -> None:
    console.lang = "ru"
    console.user = "Аня"
    await console.execute("/игра начать игра:whfb игрок1:Борис")
    out = await console.execute("/существо добавить имя:Ученик владелец:Аня жизнь:1")
    assert "Новое подразделение: Ученик (Аня) · раны 1 (по профилю)." in out
    assert "· Раны" not in out
