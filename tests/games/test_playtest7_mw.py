"""Playtest 7 (issue 17): the Mage Wars slips M1–M10 and the general slips G1–G4, each asserted
where the reply is made, in Russian and, where the wording changed, in English."""

from __future__ import annotations

from bot.console import Console
from bot.context import Services
from tests.games.seeds import seed_line


async def _start(console: Console) -> None:
    await console.execute("/game start game:mage-wars player1:bob life:36")


async def test_m3_a_destroyed_pick_hands_the_buttons_to_the_next_living(console: Console) -> None:
    await _start(console)
    await console.execute("/unit add Тролль life:12")
    await console.execute("/unit add Тролль 2 life:12")
    await console.execute("/game show")
    await console.execute("!press 2")  # the select: Тролль
    await console.execute("/dmg target:Тролль amount:12")
    board = await console.execute("/game show")
    assert "меняют —" not in board
    assert "Кнопки ± меняют повреждения, выбрано: **Тролль 2**" in board
    assert "▸ **Тролль 2**" in board and "▸ **Тролль**" not in board


async def test_m3_in_english(services: Services) -> None:
    en = Console(services, user="alice", channel="table", lang="en")
    await en.execute("/game start game:mage-wars player1:bob life:36")
    await en.execute("/unit add Troll life:12")
    await en.execute("/game show")
    await en.execute("!press 2")
    await en.execute("/dmg target:Troll amount:12")
    board = await en.execute("/game show")
    assert "change —" not in board and "change **bob**'s" in board


async def test_m2_escape_points_at_a_command_that_records_it(console: Console) -> None:
    seed_line("000", 271, "на 7 и выше, уберите жетон Stuck")
    seen: set[str] = set()
    for _ in range(40):
        out = await console.execute("/mw escape")
        assert "цель не указана" not in out
        if "удалось (" in out and "не удалось" not in out:
            assert "Бросок в партию не записан. Снимите жетон сами: /жетон убрать" in out
            seen.add("ok")
        else:
            assert "«застрявший» или «паралич» остаётся." in out
            seen.add("fail")
    assert seen == {"ok", "fail"}


async def test_m5_history_names_the_barrier_roll_in_words(
    console: Console, services: Services
) -> None:
    await _start(console)
    await console.execute("/unit add Голем owner:bob life:12 traits:Защитное поле 2")
    out = await console.execute("/mw attack dice:3 target:Голем attacker:alice melee:true")
    assert "Защитное поле («Голем»)" in out
    await console.execute("!press 1")
    out = await console.execute("/history rolls")
    assert "`/мв атака → защитное поле`" in out and "barrier" not in out
    en = Console(services, user="alice", channel="table", lang="en")
    out = await en.execute("/history rolls")
    assert "`/mw attack → Damage Barrier`" in out


async def test_m6_effect_odds_say_when_the_effect_rolls(console: Console) -> None:
    out = await console.execute("/odds mw dice:5 armor:2 defense:8 effect:7+ life:6")
    assert "Эффект (если атака попала): 50,0\xa0%" in out and "брошен" not in out
    out = await console.execute("/odds mw dice:5 strikes:2 effect:7+ life:6")
    assert "Эффект за каждый попавший удар: 50,0\xa0%" in out


async def test_m7_a_spell_ignores_weak_without_repeating_the_count(
    console: Console, services: Services
) -> None:
    out = await console.execute("/mw attack dice:4 weak:2 spell:true")
    assert "Кубиков атаки: **4** (слабость не действует на заклинания)" in out
    out = await console.execute("/mw attack dice:4 weak:2 bonus:1 spell:true")
    assert "Кубиков атаки: **5** (4 + 1 бонус; слабость не действует на заклинания)" in out
    en = Console(services, user="alice", channel="table", lang="en")
    out = await en.execute("/mw attack dice:4 weak:2 spell:true")
    assert "Attack dice: **4** (Weak does not apply to spells)" in out


async def test_m8_sweeping_says_what_the_codex_says(console: Console) -> None:
    seed_line("000", 279, "задевает две разные цели в той же зоне", "сразу после окончания первой")
    await _start(console)
    await console.execute("/unit add Лесной волк life:6")
    await console.execute("/unit add Страж-голем life:10")
    out = await console.execute("/mw sweep dice:3 targets:Лесной волк, Страж-голем")
    assert "Зачистка: вторая атака — по другой цели в той же зоне, сразу после первой." in out
    assert "броском оцепенения" not in out


async def test_g4_extra_dice_option_reads_as_per_strike(console: Console) -> None:
    out = await console.execute("/help command:mw attack")
    assert "▸ доп_кубики_каждому_удару (extra)" in out and "кубики_всем" not in out
    for typed in ("доп_кубики_каждому_удару", "кубики_всем"):  # the former name still works
        out = await console.execute(f"/мв атака кубики:3 {typed}:1")
        assert "Кубиков атаки: **4** (3 + 1 каждому удару)" in out


async def test_m10_a_mage_falls_under_its_players_name(
    console: Console, services: Services
) -> None:
    seed_line("000", 170, "Если маг погибает, Вы проиграли")
    await console.execute("/game start game:mage-wars player1:bob player2:carol life:36 play:yes")
    out = await console.execute("/dmg target:bob amount:36")
    assert "💀 bob: маг погиб." in out and "Маг «bob»" not in out
    out = await console.execute("/dmg target:bob amount:1")
    assert "bob: маг погиб и уже вне игры" in out
    en = Console(services, user="alice", channel="other", lang="en")
    await en.execute("/game start game:mage-wars player1:bob life:36")
    out = await en.execute("/dmg target:bob amount:36")
    assert "💀 bob: the mage has fallen." in out
