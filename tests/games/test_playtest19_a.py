"""Playtests ru-17 and en-10 (issue 17), the Mage Wars and tracker-log share: each test pins the
reworded reply, in both languages where the slip is in both."""

from __future__ import annotations

import re

from bot.console import Console
from tests.games.seeds import seed_line


async def _mw(console: Console) -> None:
    """alice and bob in a duel; alice's Медведь is on the board."""
    await console.execute("/game start game:mage-wars player1:bob life:36")
    await console.execute("/unit add name:Медведь life:8")


# ── MW-1: /heal on damage that is all Tainted says why nothing heals ─────────────────────────


async def test_mw1_tainted_damage_is_said_to_be_unhealable(console: Console) -> None:
    # seed 000:280–281: Tainted (Разложение) counts as 3 damage nothing heals or regenerates
    assert seed_line("000", 280, "Tainted (Разложение)")
    assert seed_line("000", 281, "3 повреждения, которые нельзя излечить или регенерировать")
    await _mw(console)
    await console.execute("/token add target:Медведь token:разложение")
    out = await console.execute("/heal target:Медведь amount:3")
    assert (
        "«Медведь»: лечить нечего — 3 повреждения от 1 жетона «разложение», "
        "а их нельзя ни вылечить, ни регенерировать. Ничего не изменено."
    ) in out
    console.lang = "en"
    await console.execute("/token add target:Медведь token:Tainted")
    out = await console.execute("/heal target:Медведь amount:3")
    assert (
        "Медведь has no damage that can be healed: its 6 damage is from Tainted (2 markers), "
        "which cannot be healed or regenerated."
    ) in out
    out = await console.execute("/heal target:bob amount:3")
    assert "bob has no damage to heal." in out  # no Tainted: the plain refusal


# ── MW-2: the unknown-token refusal names the command's word ─────────────────────────────────


async def test_mw2_unknown_token_names_the_commands_word(console: Console) -> None:
    await _mw(console)
    out = await console.execute("/token add target:Медведь token:чепуха")
    assert "Нет такого жетона состояния: «чепуха». В этой игре есть: горение," in out
    console.lang = "en"
    out = await console.execute("/token add target:Медведь token:frobnicate")
    assert "No such condition marker: “frobnicate”. In this game: Burn," in out


# ── MW-3: a Dazed attacker's line says what happens, in the seed's word ──────────────────────


async def test_mw3_dazed_attacker_line_reads_as_a_sentence(console: Console) -> None:
    # seed 000:67–68: Daze (Оцепенение): the effect die first, 7 or more attacks normally
    assert seed_line("000", 67, "Daze (Оцепенение)")
    assert seed_line("000", 68, "бросьте кубик эффектов", "Результат 7 или выше")
    await _mw(console)
    await console.execute("/token add target:Медведь token:оцепенение")
    out = await console.execute("/мв атака кубики:3 атакующий:Медведь цель:bob")
    said = "Медведь в оцепенении: сначала бросок кубика эффектов — на 7 и выше атака проходит."
    assert said in out
    console.lang = "en"
    out = await console.execute("/mw attack dice:3 attacker:Медведь target:bob")
    assert "Медведь is Dazed: the effect die is rolled first; on 7+ the attack goes ahead." in out
    assert "the Daze roll comes first" not in out


# ── MW-4, G-3: stat words lower case mid-line, in lists and on the board ─────────────────────


async def test_mw4_g3_stat_names_lower_case_mid_line(console: Console) -> None:
    await _mw(console)
    console.lang = "en"
    out = await console.execute("/set target:bob stat:banana value:3")
    assert "Known: life, damage, mana, channeling." in out
    board = await console.execute("/game show")
    assert "mana 10 · channeling 9" in board and "Mana 10" not in board
    console.lang = "ru"
    board = await console.execute("/игра показать")
    assert "мана 10 · прирост маны 9" in board


# ── MW-5: one style for the dice legend ──────────────────────────────────────────────────────


async def test_mw5_burn_legend_in_the_attack_legends_style(console: Console) -> None:
    await _mw(console)
    console.lang = "en"
    out = await console.execute("/mw burn tokens:3")
    assert "— · blank" in out and "= blank" not in out
    console.lang = "ru"
    out = await console.execute("/мв горение жетоны:3")
    assert "— · — пустая грань" in out


# ── M4, M5: a destroyed unit keeps its name; the refusal names the one in play, first ────────


async def _dead_wolf(console: Console) -> str:
    """The first Волк dies; a second is added under the same name. Returns the add's reply."""
    await console.execute("/game start game:mage-wars player1:bob life:36")
    await console.execute("/unit add name:Волк life:3")
    await console.execute("/dmg target:Волк amount:5")
    return await console.execute("/unit add name:Волк life:5")


async def test_m4_the_rename_note_says_the_name_is_a_dead_ones(console: Console) -> None:
    out = await _dead_wolf(console)
    assert "Имя «Волк» носит уничтоженное существо — новое записано как «Волк 2»." in out
    assert "уже занято" not in out
    out = await console.execute("/задать цель:Волк показатель:броня значение:2")
    assert (
        "Существо «Волк» уничтожено и уже вне игры — менять нечего. "
        "В игре — «Волк 2»: укажите цель:Волк 2."
    ) in out
    out = await console.execute("/задать цель:Волк 2 показатель:броня значение:2")
    assert "Волк 2 · броня: 0 → 2" in out
    out = await console.execute("/game log")
    assert "Волк" in out  # the dead one keeps its name in the log
    out = await console.execute("/мв атака кубики:2 цель:Волк")
    assert "В игре — «Волк 2»: укажите цель:Волк 2. Ничего не сделано." in out
    console.lang = "en"
    out = await console.execute("/dmg target:Волк amount:1")
    assert "The one in play is “Волк 2”: use target:Волк 2." in out


async def test_m5_destroyed_refusal_comes_first_whatever_the_stat(console: Console) -> None:
    await _dead_wolf(console)
    for line in (
        "/задать цель:Волк показатель:сила значение:3",
        "/задать цель:Волк показатель:броня значение:2",
        "/жетон добавить цель:Волк жетон:чепуха",
    ):
        out = await console.execute(line)
        assert "Существо «Волк» уничтожено и уже вне игры" in out, line
        assert "нет показателя" not in out and "Нет такого жетона" not in out


# ── MW-6: the initiative holder leaves: say to whom it passes ────────────────────────────────


async def test_mw6_leaving_with_the_initiative_says_who_has_it_now(console: Console) -> None:
    await console.execute("/игра начать игра:mage-wars игрок1:bob игрок2:carol игрок3:dave жизнь:9")
    await console.execute("/игра дальше")  # the initiative passes to bob
    console.user = "bob"
    out = await console.execute("/игра выйти")
    assert "bob выходит из партии; инициатива переходит к игроку carol." in out
    console.user = "alice"
    await console.execute("/игра отменить")
    console.user = "bob"
    console.lang = "en"
    out = await console.execute("/game leave")
    assert "bob leaves the game; initiative passes to carol." in out
    console.user = "dave"  # not holding the initiative (carol has it): the plain line
    out = await console.execute("/game leave")
    assert "dave leaves the game." in out and "initiative passes" not in out


# ── M2: the log says what moved the damage at the upkeep, as the round reply does ────────────


async def test_m2_log_carries_the_upkeep_causes(console: Console) -> None:
    # seed 000:24 Burn (Горение), 000:244 Regenerate (Регенерация)
    assert seed_line("000", 24, "Burn (Горение)")
    assert seed_line("000", 244, "Regenerate Х (Регенерация X)")
    await console.execute("/game start game:mage-wars player1:bob life:36")
    await console.execute("/unit add name:Тролль life:20 regenerate:2")
    await console.execute("/dmg target:Тролль amount:6")
    await console.execute("/token add target:Тролль token:горение count:2")
    reply = await console.execute("/игра дальше")
    log = await console.execute("/игра журнал")
    if "Тролль · повреждения: 6 → 6" not in reply and "[·] [·]" not in reply:  # Burn dealt some
        assert re.search(r"Тролль · горение: \d повреждени[еяй] \(6 → \d+\)", log), log
    assert "Тролль · регенерация: вылечено 2 повреждения" in log
    assert "Тролль · повреждения 6 →" not in log  # no bare change without its cause
    console.lang = "en"
    log = await console.execute("/game log")
    assert "Тролль · Regenerate: 2 damage healed" in log
