"""Playtest RU-14 (issue 17), WFB, Conquest and KeyForge share: each test pins the reworded
reply in both languages where the slip was in a shared template."""

from __future__ import annotations

from bot.console import Console

# ── W3: a number has its noun («записана одна рана»), not a bare «записана 1» ──────────────────


async def test_w3_default_wounds_name_the_wound(console: Console) -> None:
    console.lang = "ru"
    await console.execute("/игра начать игра:whfb игрок1:Борис")
    out = await console.execute("/существо добавить имя:Маг огня владелец:Борис")
    assert "Раны по профилю не указаны — записана одна рана." in out
    assert "поэтому записана 1." not in out
