"""KeyForge (en-7 KF-5, playtests 16 and 17): a creature is read by its power with its power
tokens, and a damage or heal line says how much more destroys it, and no ❤ (no life in KeyForge)."""

from __future__ import annotations

from bot.console import Console


async def test_kf_board_reads_power_with_tokens_and_damage_left(console: Console) -> None:
    console.user = "Аня"
    await console.execute("/игра начать игра:keyforge игрок1:Аня игрок2:Вика")
    await console.execute("/существо добавить имя:Крушитель черты:сила 9")
    await console.execute("/жетон добавить цель:Крушитель жетон:жетон силы сколько:3")
    out = await console.execute("/урон цель:Крушитель урон:2")
    assert "Крушитель · урон: 0 → 2 (до уничтожения ещё 10)" in out
    assert "❤" not in out
    out = await console.execute("/лечить цель:Крушитель лечение:1")
    assert "Крушитель · урон: 2 → 1 (до уничтожения ещё 11)" in out
    out = await console.execute("/игра показать")
    assert "• Крушитель · сила 12 (9 + 3 жетона) · урон 1 (до уничтожения ещё 11)" in out
    assert "жетона силы" not in out
    out = await console.execute("/урон цель:Крушитель урон:20")
    assert "урон: 1 → 12\n" in out and "до уничтожения" not in out


async def test_kf_board_reads_power_with_tokens_and_damage_left_en(console: Console) -> None:
    console.lang, console.user = "en", "Anna"
    await console.execute("/game start game:keyforge player1:Anna player2:Vicky")
    await console.execute("/unit add name:Crusher traits:power 9")
    await console.execute("/token add target:Crusher token:power token count:1")
    out = await console.execute("/dmg target:Crusher amount:2")
    assert "Crusher · damage: 0 → 2 (8 more destroys it)" in out
    out = await console.execute("/game show")
    assert "• Crusher · power 10 (9 + 1 token) · damage 2 (8 more destroys it)" in out
    await console.execute("/unit add name:Troll owner:Vicky traits:power 5")
    out = await console.execute("/kf fight attacker:Crusher target:Troll")
    # the fight reads power as the board does
    assert "Crusher takes 5 damage — 7 damage on it now (power 10, 3 more destroys it)." in out
