"""Playtest RU-16 and EN-9 (issue 17), the Berserk and WFB share: each test pins the reworded
reply or the rule, in both languages where the slip was in a shared template."""

from __future__ import annotations

import re

from bot.console import Console
from tests.games.seeds import seed_line

# ── W1: the default Wounds are the profile's value, not a wound inflicted ─────────────────────


async def test_w1_default_wounds_read_as_the_profile_value(console: Console) -> None:
    console.lang = "ru"
    await console.execute("/игра начать игра:whfb игрок1:Борис")
    out = await console.execute("/существо добавить имя:Маг Огня владелец:Борис черты:маг")
    assert (
        "Раны по профилю не указаны — записано 1. Если ран больше: "  # RU-19 W1
        "/задать цель:Маг Огня показатель:раны по профилю значение:N "
        "(в следующий раз — сразу «жизнь:N»)."
    ) in out
    assert "записана одна рана" not in out
    console.lang = "en"
    out = await console.execute("/unit add name:Hag owner:Борис traits:wizard")
    assert "No wounds given for the profile, so 1 is recorded." in out


# ── W2: a roll counting more wizards than the table holds says so plainly ─────────────────────


async def test_w2_wizards_in_the_roll_versus_the_table(console: Console) -> None:
    console.lang = "ru"
    console.user = "Аня"
    await console.execute("/игра начать игра:whfb игрок1:Борис")
    await console.execute("/существо добавить имя:Ведьма владелец:Аня жизнь:2 черты:маг")
    out = await console.execute("/вфб ветры маги:2 маги_врага:0")
    assert "Аня: в команде — 2 мага, на доске — 1 маг; число магов" in out
    assert "ничего не изменено" not in out


# ── BK-1: the fight mode line is a plain sentence in both languages ───────────────────────────


async def test_bk1_fight_mode_line_reads_plainly(console: Console) -> None:
    console.lang = "en"
    await console.execute("/game start game:berserk player1:Bob")
    out = await console.execute("/berserk strike values:1-2-3 defender_values:1-1-2")
    assert "Mode: fight — both players roll and the difference decides" in out
    assert "Mode: fight (" not in out
    console.lang = "ru"
    out = await console.execute("/берсерк удар сила:1-2-3 сила_цели:1-1-2")
    assert "Режим: сражение — бросают оба, исход решает разница бросков" in out


# ── WF-2: a new unit's hint says wizards channel, not that they add dice to the Winds roll ────


async def test_wf2_wizards_channel_they_do_not_add_to_the_winds_roll(console: Console) -> None:
    # seed 002:47: every wizard rolls a D6 and a 6 adds a power die
    seed_line("002", 47, "Сотворяющий игрок кидает D6 за каждого мага в своей армии")
    console.lang = "en"
    await console.execute("/game start game:whfb player1:Vicky")
    out = await console.execute("/unit add name:Hag owner:Vicky life:2")
    assert "New unit: Hag (Vicky) · 2 wounds.\nNot a wizard. If it is one" in out  # EN12 WF-3
    assert "only wizards channel: a 6 on each wizard's D6 adds a power or dispel die" in out
    assert "Winds of Magic" not in out
    console.lang = "ru"
    out = await console.execute("/существо добавить имя:Орк владелец:Vicky жизнь:2")
    assert "Маги отмечаются" not in out  # said once, with the side's first unit (scout W1)


# ── WF-3: a pool past 12 names the Power Limit and the sum ────────────────────────────────────


async def test_wf3_pool_over_twelve_names_the_power_limit(console: Console) -> None:
    # seed 002:53: the power pool cannot exceed 12
    seed_line("002", 53, "Размер пула кубиков силы не может превышать 12")
    console.lang = "en"
    await console.execute("/game start game:whfb player1:Bob")
    await console.execute("/add target:Bob stat:power dice amount:11")
    out = await console.execute("/add target:Bob stat:power dice amount:6")
    assert (
        "Bob's power pool can hold at most 12 power dice (Power Limit); this would make "
        "11 + 6 = 17. Nothing changed."
    ) in out
    console.lang = "ru"
    out = await console.execute("/прибавить цель:Bob показатель:кубики силы сколько:6")
    assert (
        "Bob: в пуле силы может быть самое большее 12 кубиков силы (Лимит силы), "
        "а получилось бы 11 + 6 = 17. Ничего не изменено."
    ) in out
    out = await console.execute("/прибавить цель:Bob показатель:кубики рассеивания сколько:13")
    assert "(Лимит антимагии), а получилось бы 13." in out
    board = await console.execute("/игра показать")
    assert "11" in board  # a refusal changes nothing


# ── WF-1: a typed result that differs from the last cast is said first, in plain words ───────


async def test_wf1_mismatch_comes_first_and_the_fail_note_reads_naturally(
    console: Console,
) -> None:
    console.lang = "en"
    console.user = "Anna"
    await console.execute("/game start game:whfb player2:Vicky")
    await console.execute("/whf winds wizards:2 enemy_wizards:2")
    cast = await console.execute("/whf cast dice:1 level:4 value:3 wizard:Bright Wizard")
    found = re.search(r"\*\*(\d+)\*\* against casting value", cast)
    assert found is not None and "is cast" in cast
    result = int(found.group(1))
    console.user = "Vicky"
    out = await console.execute("/whf dispel dice:1 level:0 against:30")
    body = out.strip().splitlines()
    note = (
        f"Note: the last spell was cast with {result}, but you entered 30; "
        "the roll is checked against 30."
    )
    assert body[2] == note  # title, rule, then the note before the dice
    await console.execute("/game undo")
    out = await console.execute("/whf dispel dice:1 level:1 against:30")
    assert (
        "A wizard who fails to dispel cannot try again this phase (name the wizard in the "
        "option “wizard” and Arbiter will keep track)."
    ) in out
    assert "enforce" not in out
    await console.execute("/game undo")
    console.lang = "ru"
    out = await console.execute("/вфб рассеивание кубики:1 уровень:1 против:30")
    assert out.strip().splitlines()[2].startswith("Внимание: последнее заклинание сотворено")
    assert (
        "Маг, которому не удалось рассеять заклинание, в эту фазу больше не рассеивает "
        "(укажите мага в параметре «маг» — и Arbiter это учтёт)."
    ) in out


# ── B2: Berserk heals as «излечение», in the log and in /помощь ───────────────────────────────


async def test_b2_berserk_heal_is_izlechenie(console: Console) -> None:
    # seed 001:211 «Излечить (излечение) на X»
    seed_line("001", 211, "Излечить (излечение) на X")
    console.lang = "ru"
    out = await console.execute("/помощь команда:лечить")
    assert "Снять урон (повреждения, раны)" in out  # no game in the channel: the shared wording
    await console.execute("/игра начать игра:berserk игрок1:Борис")
    await console.execute("/существо добавить имя:Тролль владелец:Борис жизнь:5")
    await console.execute("/урон цель:Тролль урон:3")
    await console.execute("/лечить цель:Тролль лечение:2")
    log = await console.execute("/игра журнал")
    assert ": излечение — Тролль · раны 3 → 1" in log
    out = await console.execute("/помощь команда:лечить")
    assert "Излечить раны" in out and "Снять урон" not in out


# ── B1: the option «вид» takes the способ атаки; the seed's вид is weak, medium or strong ─────


async def test_b1_kind_option_is_the_way_of_attacking(console: Console) -> None:
    # seed 001:63 «Любая атака (удар) подразделяется на 3 вида: слабая, средняя или сильная»
    seed_line("001", 63, "подразделяется на 3 вида")
    console.lang = "ru"
    help_ = await console.execute("/помощь команда:берсерк удар")
    assert "Способ атаки, не её вид: вид (слабый, средний, сильный удар) решит кубик" in help_
    help_ = await console.execute("/помощь команда:шансы берсерк")
    assert "Способ атаки, не её вид" in help_ and "Тип атаки" not in help_
    out = await console.execute("/берсерк удар сила:1-2-3 вид:пинок")
    assert "«пинок» — не способ атаки. Варианты: простой удар, выстрел," in out
    out = await console.execute("/шансы берсерк сила:1-2-3 вид:сильный")
    assert "здесь это способ атаки: простой удар" in out
    assert "Вид удара (слабый, средний или сильный) определяет бросок кубика" in out
    out = await console.execute("/берсерк удар сила:1-2-3 способ:выстрел")
    assert out.startswith("Выстрел")


# ── B3: a strike at a card whose Броня is spent this turn says so ─────────────────────────────


async def test_b3_spent_armor_is_said(console: Console) -> None:
    # seed 001:37: Броня Х prevents the first X wounds of each turn
    seed_line("001", 37, "Броня Х")
    console.lang = "ru"
    await console.execute("/игра начать игра:berserk игрок1:Борис")
    await console.execute("/существо добавить имя:Эльф владелец:Борис жизнь:4 броня:1")
    first = await console.execute("/урон цель:Эльф урон:1")
    assert "Броня 1 предотвратила 1 рану" in first and "уже израсходована" not in first
    out = await console.execute("/урон цель:Эльф урон:2")
    assert "🛡 Эльф: Броня 1 в этом ходу уже израсходована — раны не предотвращены." in out
    assert "раны: 0 → 2" in out
    console.lang = "en"
    out = await console.execute("/dmg target:Эльф amount:1")
    assert "🛡 Эльф: Armor 1 is already used up this turn — no wounds prevented." in out
