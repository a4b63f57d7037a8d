"""Playtest RU-15 and EN-8 (issue 17), the WFB, Conquest and general share: each test pins the
reworded reply or the rule in both languages where the slip was in a shared template."""

from __future__ import annotations

import re

from bot.console import Console
from tests.games.seeds import seed_line

# ── W1: no wizard of that side on the table is said plainly, with how to add one ─────────────


async def test_w1_no_wizard_on_the_table_says_how_to_add_one(console: Console) -> None:
    console.lang = "ru"
    await console.execute("/игра начать игра:whfb игрок1:Вика")
    out = await console.execute("/вфб ветры маги:1 маги_врага:1")
    assert (  # playtest ru-17, W1: neither side has one, so one line for both
        "Магов на доске нет ни у одной стороны — число магов взято из команды. Чтобы бот считал "
        "их сам, добавьте их: /существо добавить имя:… владелец:… черты:маг."
    ) in out
    assert "счётчик" not in out
    await console.execute("/игра отменить")
    await console.execute("/существо добавить имя:Шаман жизнь:1 черты:маг")
    out = await console.execute("/вфб ветры маги:1 маги_врага:1")
    assert (
        "Вика: магов на доске нет, поэтому число взято из команды — 1 маг. Чтобы бот считал их "
        "сам, добавьте их: /существо добавить имя:… владелец:Вика черты:маг."
    ) in out
    await console.execute("/игра отменить")
    console.lang = "en"
    out = await console.execute("/whf winds wizards:1 enemy_wizards:2")
    assert (
        "Вика has no wizards on the table, so the roll used the command's count: 2 wizards. "
        "To have Arbiter count them, add them: /unit add name:… owner:Вика traits:wizard."
    ) in out


# ── C1: a value a Conquest unit does not keep is «не записано», not «пропущено» ───────────────


async def test_c1_unit_power_is_not_recorded(console: Console) -> None:
    console.user = "Аня"
    await console.execute("/game start game:conquest player1:Борис hale:7 bloodied:4")
    console.lang = "ru"
    out = await console.execute(
        "/существо добавить имя:Космодесантник владелец:Борис жизнь:3 сила:2"
    )
    assert "«сила:2» не записано: у отрядов бот ведёт только здоровье и урон." in out
    assert "пропущен" not in out and "бот хранит" not in out
    console.lang = "en"
    out = await console.execute("/unit add name:Scout owner:Борис life:1 power:2")
    assert "“power:2” is not recorded: for a unit the bot tracks only HP and damage." in out


# ── G1: a shared command that fits one game names that game, like a game's own command ───────


async def test_g1_mana_in_berserk_names_mage_wars(console: Console) -> None:
    console.lang = "ru"
    await console.execute("/игра начать игра:berserk игрок1:Борис")
    out = await console.execute("/мана сколько:3")
    assert "Команда /мана — из игры Mage Wars, а в этом канале идёт партия Берсерк ККИ." in out
    assert "не подходит" not in out
    out = await console.execute("/планета планета:Таррус")
    assert "Команда /планета — из игры Warhammer 40\u00a0000: Conquest, а в этом канале" in out
    console.lang = "en"
    out = await console.execute("/mana amount:3")
    assert "/mana is a Mage Wars command, and this channel is playing Berserk CCG." in out


# ── WF-1: a new wizard's Wounds read as the profile prints them, with no stray bracket ────────


async def test_wf1_new_wizard_shows_wounds_as_the_profile(console: Console) -> None:
    console.lang = "en"
    await console.execute("/game start game:whfb player1:Bob")
    console.user = "Bob"
    out = await console.execute("/unit add name:Bright Wizard life:2 traits:wizard")
    assert "New wizard: Bright Wizard (Bob) · 2 wounds" in out  # EN12 WF-3
    assert "(Wounds in the profile)" not in out
    console.lang = "ru"
    out = await console.execute("/существо добавить имя:Шаман жизнь:3 черты:маг")
    assert "Новый маг: Шаман (Bob) · раны 3 (по профилю)" in out


# ── CQ-1: the icon is Technology in English; «tech» is still accepted ────────────────────────


async def test_cq1_technology_icon_in_english(console: Console) -> None:
    console.lang = "en"
    console.user = "Anna"
    await console.execute("/game start game:conquest player2:Bob hale:6 bloodied:4")
    out = await console.execute("/planet name:Tarrus player:Bob icons:material, tech")
    assert "Bob captures Tarrus (material, technology)." in out  # EN-10 CQ-3: one line
    assert "technology 1/3" in out and "tech 1/3" not in out
    board = await console.execute("/game show")
    assert "technology 1/3" in board and "tech 1/3" not in board
    out = await console.execute("/planet name:Elouith player:Bob icons:banana")
    assert "Icons: material, technology, strongpoint." in out


# ── CQ-4: the board's rule options are capitalised in every game and language ───────────────


async def test_cq4_rule_options_are_capitalised(console: Console) -> None:
    console.lang = "en"
    console.user = "Anna"
    await console.execute("/game start game:conquest player2:Bob hale:6 bloodied:4")
    await console.execute("/unit add name:Orks life:3")
    await console.execute("/dmg target:Orks amount:1")
    board = await console.execute("/game show")
    assert "] Damage" in board and "] damage" not in board
    console.lang = "ru"
    board = await console.execute("/игра показать")
    assert "] Урон" in board and "] урон" not in board


# ── WF-3: a dispel is against the last cast unless told otherwise, and a mismatch is said ─────


async def test_wf3_dispel_defaults_to_the_last_cast_and_names_a_mismatch(
    console: Console,
) -> None:
    console.lang = "en"
    console.user = "Anna"
    await console.execute("/game start game:whfb player2:Bob")
    await console.execute("/whf winds wizards:2 enemy_wizards:2")
    cast = await console.execute(
        "/whf cast dice:1 level:4 value:3 wizard:Bright Wizard spell:Fireball"
    )
    found = re.search(r"\*\*(\d+)\*\* against casting value", cast)
    assert found is not None and "is cast" in cast
    result = int(found.group(1))
    console.user = "Bob"
    out = await console.execute(f"/whf dispel dice:1 level:1 against:{result + 1}")
    assert f"against the casting result {result + 1}" in out
    assert (
        f"Note: the last spell (Fireball) was cast with {result}, but you entered {result + 1};"
        in out
    )
    await console.execute("/game undo")
    out = await console.execute("/whf dispel dice:1 level:1")
    assert f"against the casting result {result}" in out and "the last spell" not in out
    await console.execute("/game undo")
    console.lang = "ru"
    out = await console.execute(f"/вфб рассеивание кубики:1 уровень:1 против:{result + 1}")
    assert (
        f"Внимание: последнее заклинание, «Fireball», сотворено с результатом {result}, "
        f"а указано {result + 1} — бросок сравнивается с {result + 1}."
    ) in out


async def test_wf3_dispel_with_no_cast_asks_for_against(console: Console) -> None:
    console.lang = "ru"
    out = await console.execute("/вфб рассеивание кубики:2 уровень:1")
    assert "Против чего рассеивать? Сотворённого заклинания, которое можно рассеять, нет" in out
    assert "Ничего не брошено." in out
    console.lang = "en"
    await console.execute("/whf cast dice:2 level:1 value:3")  # untracked: the channel's rolls
    out = await console.execute("/whf dispel dice:2 level:1 against:40")
    assert "Note: the last spell was cast with " in out and "you entered 40;" in out


# ── CQ-2: a Conquest shield card is discarded as the damage is dealt, `/dmg … shield:N` ───────


async def test_cq2_shield_goes_with_the_damage(console: Console) -> None:
    # seed 003:137: «За каждый отряд, которому наносится урон, его владелец может сбросить из руки
    # 1 карту щита»
    seed_line("003", 137, "которому наносится урон", "может сбросить из руки 1 карту щита")
    console.lang = "en"
    console.user = "Anna"
    await console.execute("/game start game:conquest player2:Bob hale:6 bloodied:4")
    await console.execute("/unit add name:Ork Boyz life:5")
    out = await console.execute("/dmg target:Ork Boyz amount:3 shield:2")
    assert "🛡 Ork Boyz: the shield card prevents 2 damage and is discarded." in out
    assert "damage: 0 → 1" in out
    out = await console.execute("/dmg target:Ork Boyz amount:1")  # nothing carries over
    assert "damage: 1 → 2" in out and "shield" not in out
    out = await console.execute("/token add target:Ork Boyz token:shield")
    assert "/dmg target:… amount:N shield:M (M = the shield icons on the card, 1–3)" in out
    assert "set aside" not in out
    console.lang = "ru"
    out = await console.execute("/урон цель:Ork Boyz урон:1 щит:3")
    assert "🛡 Ork Boyz: карта щита предотвращает 1 урон и сбрасывается — урон не нанесён · ❤" in out


async def test_cq2_shield_outside_conquest_is_refused(console: Console) -> None:
    console.lang = "ru"
    await console.execute("/игра начать игра:mage-wars игрок1:Борис жизнь:36")
    out = await console.execute("/урон цель:Борис урон:3 щит:2")
    assert "У /урон в партии Mage Wars нет параметра «щит». Ничего не изменено." in out
    console.lang = "en"
    out = await console.execute("/dmg target:Борис amount:3 shield:2")
    assert "/dmg has no “shield” option in Mage Wars. Nothing changed." in out
    board = await console.execute("/game show")
    assert "Борис" in board and "33/36" not in board  # a refusal changes nothing
