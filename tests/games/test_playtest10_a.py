"""Playtest 10 (issue 17), first share: B1, B2, B3, W1, W3, C2, C3 and playtest 9 W1 — each test
pins the reworded reply in both languages where the slip was in a shared template."""

from __future__ import annotations

from bot.console import Console
from tests.games.seeds import seed_line

# ── B1: Berserk poison is «отравление» on the board and in the change line ─────────────────────


async def test_berserk_poison_is_one_word_everywhere(console: Console) -> None:
    # seed 001:189 «Существо не может получить отравление»
    seed_line("001", 189, "Существо не может получить отравление")
    await console.execute("/game start game:berserk player1:Борис")
    await console.execute("/unit add Гном-басаарг life:6")
    console.lang = "ru"
    out = await console.execute("/жетон добавить цель:Гном-басаарг жетон:яд")
    assert "Гном-басаарг · отравление: 0 → 1" in out
    out = await console.execute("/игра показать")
    assert "Гном-басаарг** ❤ ▰▰▰▰▰ 6/6 · отравление 1" in out  # picked (en-7 BK-1)
    assert "маркер" not in out
    console.lang = "en"
    assert "Poison 1" in await console.execute("/game show")  # EN11 BZ-4


# ── W1: WFB wounds suffered are «раны», in the change line, on the board and on the buttons ─────


async def test_wfb_wounds_suffered_read_rany(console: Console) -> None:
    await console.execute("/game start game:whfb player1:Борис")
    await console.execute("/unit add name:Маг-огнепоклонник life:2")
    console.lang = "ru"
    out = await console.execute("/урон цель:Маг-огнепоклонник урон:1")
    assert "Маг-огнепоклонник · раны: 0 → 1 · ❤ 1/2" in out
    out = await console.execute("/игра показать")
    assert "потеряно" not in out
    out = await console.execute("/задать цель:Маг-огнепоклонник показатель:потеряно ран значение:0")
    assert "раны: 1 → 0" in out  # the old name is still accepted
    console.lang = "en"
    assert "wounds suffered: 0 → 1" in await console.execute("/dmg Маг-огнепоклонник amount:1")


# ── W3: the log names a wizard as the reply did, «новый маг» ────────────────────────────────────


async def test_wfb_log_says_new_wizard(console: Console) -> None:
    await console.execute("/game start game:whfb player1:Борис")
    console.lang = "ru"
    assert "Новый маг: Маг-огнепоклонник" in await console.execute(
        "/существо добавить имя:Маг-огнепоклонник жизнь:1"
    )
    await console.execute("/существо добавить имя:Копейщики жизнь:10")
    out = await console.execute("/игра журнал")
    assert "новый маг — Маг-огнепоклонник" in out
    assert "новое подразделение — Копейщики" in out
    console.lang = "en"
    out = await console.execute("/game log")
    assert "wizard added — Маг-огнепоклонник" in out and "unit added — Копейщики" in out


# ── playtest 9, W1 → playtest 13, W3: counts typed to /whf winds are for the roll only ─────────


async def test_wfb_winds_record_the_wizard_counts_typed(console: Console) -> None:
    # seed 002:47 «Сотворяющий игрок кидает D6 за каждого мага в своей армии»
    seed_line("002", 47, "Сотворяющий игрок кидает D6 за каждого мага в своей армии")
    await console.execute("/game start game:whfb player1:Борис")
    console.lang = "ru"
    out = await console.execute("/вфб ветры маги:3 маги_врага:1")
    assert "число магов взято из команды. Чтобы бот считал их сам, добавьте их:" in out
    out = await console.execute("/игра показать")
    assert "маги 3" not in out  # the board counts the wizards on the table (W3)


# ── C3: the bloodied side's HP is typed as the start option names it, «окровавленный» ──────────


async def test_conquest_bloodied_hp_has_a_short_name(console: Console) -> None:
    console.lang = "ru"
    out = await console.execute(
        "/игра начать игра:conquest игрок1:Борис здоровье:10 окровавленный:5"
    )
    assert "(для окровавленной стороны — показатель:окровавленный)" in out
    out = await console.execute("/задать цель:Борис показатель:окровавленный значение:6")
    assert "Военачальник Бориса · здоровье окровавленной стороны: 5 → 6" in out
    out = await console.execute(
        "/задать цель:Борис показатель:здоровье окровавленной стороны значение:7"
    )
    assert "6 → 7" in out  # the old name still works
    console.lang = "en"
    out = await console.execute("/set target:Борис stat:bloodied HP value:5")
    assert "bloodied HP: 7 → 5" in out


# ── B2: the Berserk odds say who strikes weaker, and the return wounds in a sentence ─────────────


async def test_berserk_odds_name_each_side_as_the_subject(console: Console) -> None:
    console.lang = "ru"
    out = await console.execute("/шансы берсерк сила:2-3-4 сила_цели:1-1-2")
    assert "В ответ атакующий получает ран в среднем: 0,39" in out
    assert (
        "Ударить на ступень слабее без ответа может атакующий — при разнице +4 или +2 "
        "(16,7\u00a0%), атакованная карта — при −4 (5,6\u00a0%)." in out
    )
    assert "Ран атакующему" not in out and "Можно ударить слабее" not in out


# ── B3: the Berserk turn change says what the new turn brings ───────────────────────────────────


async def test_berserk_next_turn_says_cards_open_and_armor_counts_again(console: Console) -> None:
    """The turn line says what the new turn changes (playtest 10 B3), and only that: the closed
    cards that open and the Броня that counts again; a bare turn just ends (playtest 12 B3)."""
    # seed 001:53 the active player opens their cards; 001:37 Броня Х counts from the turn's start
    seed_line("001", 53, "Активный игрок откроет свои карты на Шаге открытия")
    seed_line("001", 37, "предотвращённые раны отсчитываются от начала хода")
    console.lang = "ru"
    await console.execute("/игра начать игра:berserk игрок1:Борис")
    out = await console.execute("/игра дальше")
    assert out.rstrip().endswith("Ход 1 окончен.") and "Броня" not in out
    await console.execute("/существо добавить имя:Рыцарь жизнь:6 черты:Броня 1")
    await console.execute("/существо добавить имя:Гоблин жизнь:2")
    await console.execute("/задать цель:Гоблин показатель:закрыт значение:1")
    console.user = "Борис"
    await console.execute("/берсерк раны цель:Рыцарь сколько:2")
    out = await console.execute("/игра дальше")  # alice's turn: her cards open
    opened = "закрытые карты игрока alice открываются (Гоблин)"
    assert f"Ход 2 окончен: {opened}. Броня снова действует: Рыцарь (Броня " in out
    console.lang = "en"
    out = await console.execute("/game next")
    assert out.rstrip().endswith("Turn 3 is over.")


# ── C2: the players' slang for bloodied finds Conquest's «Урон (Damage)» ───────────────────────


async def test_conquest_bloodied_slang_finds_damage(console: Console) -> None:
    console.lang = "ru"
    for word in ("бладед", "окровавленный", "bloodied"):
        out = await console.execute(f"/правило {word}")
        assert out.startswith("Урон (Damage)"), (word, out)
        assert "Кровотечение" not in out, word
