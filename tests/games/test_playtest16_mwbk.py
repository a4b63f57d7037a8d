"""Playtest RU-15, EN-8 and EN-7 (issue 17), Mage Wars and Berserk share: each test pins the
reworded reply or the rule reading in both languages where the slip was in a shared template."""

from __future__ import annotations

from bot.console import Console

# ── M1, MW-6: Life on a mage is the printed maximum; the reply says so and names /dmg ─────────


async def test_m1_lowering_life_names_the_damage_command(console: Console) -> None:
    console.lang = "ru"
    console.user = "Аня"
    await console.execute("/игра начать игра:mage-wars игрок1:Вика жизнь:36")
    out = await console.execute("/прибавить цель:Вика показатель:жизнь сколько:-4")
    assert "Вика · максимум жизни: 36 → 32 · ❤ 32/32" in out  # the stat keeps its meaning
    assert "Изменён максимум жизни." in out
    assert "/игра отменить" in out and "/урон цель:Вика урон:4." in out
    out = await console.execute("/урон цель:Вика урон:2")
    assert "Изменён" not in out
    out = await console.execute("/прибавить цель:Вика показатель:жизнь сколько:3")
    assert "/лечить цель:Вика лечение:3." in out


async def test_mw6_setting_life_in_english(console: Console) -> None:
    console.lang = "en"
    await console.execute("/game start game:mage-wars player1:Bob life:36")
    out = await console.execute("/set target:Bob stat:life value:20")
    assert "Bob · max life: 36 → 20 · ❤ 20/20" in out
    assert "This changed the maximum Life." in out
    assert "/dmg target:Bob amount:16." in out
    out = await console.execute("/set target:Bob stat:life value:24")
    assert "This changed" not in out  # raised on an unhurt mage: nothing to heal
