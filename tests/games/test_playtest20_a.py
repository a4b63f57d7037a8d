"""Playtest ru-18, share s6a: the log keeps old names, Mage Wars round phases, a Berserk strike
typed to `/unit add`, KeyForge's Assault (issue 17).

Each test pins the reply a reader found wrong, so the slip stays fixed."""

from __future__ import annotations

from bot.console import Console

# ── G1: a rename does not rewrite the log's earlier entries ────────────────────────────────────


async def test_g1_log_keeps_names_of_the_time_mage_wars(console: Console) -> None:
    console.user = "Аня"
    await console.execute("/игра начать игра:mage-wars игрок1:Борис жизнь:36")
    await console.execute("/существо добавить имя:Гоблин владелец:Борис жизнь:8")
    await console.execute("/урон цель:Гоблин урон:4")
    await console.execute("/лечить цель:Гоблин лечение:2")
    await console.execute("/существо переименовать цель:Гоблин имя:Гоблин-стрелок")
    await console.execute("/урон цель:Гоблин-стрелок урон:1")
    out = await console.execute("/игра журнал")
    assert "урон — Гоблин · повреждения 0 → 4" in out
    assert "Гоблин · повреждения 4 → 2" in out
    assert "переименование — Гоблин → Гоблин-стрелок" in out
    assert "Гоблин-стрелок · повреждения 2 → 3" in out
    assert "Гоблин-стрелок · повреждения 4" not in out


async def test_g1_log_keeps_names_of_the_time_berserk(console: Console) -> None:
    console.user = "Аня"
    await console.execute("/игра начать игра:berserk игрок1:Борис")
    await console.execute("/существо добавить имя:Тролль владелец:Борис жизнь:8")
    await console.execute("/урон цель:Тролль урон:3")
    await console.execute("/существо переименовать цель:Тролль имя:Горный тролль")
    await console.execute("/урон цель:Горный тролль урон:1")
    # an undone rename renamed nothing: the log before it keeps the name it had
    await console.execute("/существо переименовать цель:Горный тролль имя:Тр")
    await console.execute("/игра отменить")
    out = await console.execute("/игра журнал")
    assert "урон — Тролль · раны 0 → 3" in out
    assert "урон — Горный тролль · раны 3 → 4" in out
    assert "Горный тролль · раны 0 → 3" not in out
