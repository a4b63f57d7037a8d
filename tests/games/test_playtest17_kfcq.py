"""Playtest 16 (ru) and English walk 9 (issue 17), the KeyForge, Conquest and game-start share:
each test pins the reworded reply in both languages."""

from __future__ import annotations

from bot.console import Console
from tests.games.seeds import seed_line


async def _cq(console: Console, lang: str) -> None:
    """Bob and Vicky seated by Anna, who does not play; Bob acts."""
    console.lang = lang
    console.user = "Anna"
    if lang == "en":
        await console.execute(
            "/game start game:conquest player1:Bob player2:Vicky play:no hale:7 bloodied:4"
        )
    else:
        await console.execute(
            "/игра начать игра:conquest игрок1:Борис игрок2:Вика играю:нет здоровье:7 "
            "окровавленный:4"
        )
    console.user = "Bob" if lang == "en" else "Борис"


# ── CQ-1: «Bob's Warlord», not «The warlord Bob» ─────────────────────────────────────────────


async def test_cq1_warlord_named_as_its_players(console: Console) -> None:
    await _cq(console, "en")
    out = await console.execute("/add target:Bob stat:cards amount:1")
    assert "Bob's Warlord has no stat “cards”" in out
    assert "The warlord" not in out


async def test_cq1_warlord_named_as_its_players_ru(console: Console) -> None:
    await _cq(console, "ru")
    out = await console.execute("/прибавить цель:Борис показатель:карты сколько:1")
    assert "У военачальника Бориса нет показателя «карты»" in out


async def _kf(console: Console, lang: str) -> None:
    """Bob (Борис) against Vicky (Вика), seated by Anna, who does not play; Bob's turn."""
    console.lang = lang
    console.user = "Anna"
    if lang == "en":
        await console.execute("/game start game:keyforge player1:Bob player2:Vicky play:no")
        console.user = "Bob"
        await console.execute("/unit add name:Troll owner:Bob traits:power 8")
        await console.execute("/unit add name:Krump owner:Vicky traits:power 6")
    else:
        await console.execute("/игра начать игра:keyforge игрок1:Борис игрок2:Вика играю:нет")
        console.user = "Борис"
        await console.execute("/существо добавить имя:Тролль владелец:Борис черты:сила 8")
        await console.execute("/существо добавить имя:Крамп владелец:Вика черты:сила 6")


# ── KF-2: no «damage 0» on an undamaged KeyForge creature ────────────────────────────────────


async def test_kf2_board_leaves_out_zero_damage(console: Console) -> None:
    await _kf(console, "en")
    await console.execute("/dmg target:Krump amount:2")
    board = (await console.execute("/game show")).split("Pick a unit")[0]  # the board, not buttons
    assert "• Troll · power 8\n" in board
    assert "damage 0" not in board
    assert "• Krump · power 6 · damage 2" in board


async def test_kf2_board_leaves_out_zero_damage_ru(console: Console) -> None:
    await _kf(console, "ru")
    board = (await console.execute("/игра показать")).split("Кого менять")[0]
    assert "• Тролль · сила 8\n" in board
    assert "урон 0" not in board


# ── C1: the start options speak of the Warlord card's hale and bloodied sides ────────────────


async def test_c1_start_speaks_of_the_warlords_sides(console: Console) -> None:
    # seed 003:116 «здоровый военачальник … на окровавленной стороне»
    assert seed_line("003", 116, "здоровый военачальник", "окровавленной стороне")
    console.user = "Аня"
    out = await console.execute(
        "/игра начать игра:conquest игрок1:Борис игрок2:Вика играю:нет здоровье:7 окровавленный:4"
    )
    assert "Очки здоровья обоих военачальников: на здоровой стороне 7, на окровавленной — 4." in out
    help_ = await console.execute("/помощь команда:игра начать")
    assert "Очки здоровья военачальника на здоровой стороне карты (Conquest)" in help_
    assert "Очки здоровья военачальника на окровавленной стороне карты (Conquest)" in help_
    console.lang = "en"
    help_ = await console.execute("/help command:game start")
    assert "The Warlord's HP on the hale side of its card (Conquest)" in help_


# ── K1: the thief and the one robbed, each named plainly ─────────────────────────────────────


async def test_k1_steal_from_names_the_victim(console: Console) -> None:
    await _kf(console, "ru")
    await console.execute("/задать цель:Вика показатель:янтарь значение:4")
    out = await console.execute("/кф украсть сколько:2 у_кого:Вика")
    assert "Вика · янтарь: 4 → 2" in out and "Борис · янтарь: 0 → 2" in out
    assert "Борис крадёт у Вики 2 янтаря." in out
    # the old option keeps its meaning (a contract), and its description says so
    out = await console.execute("/кф украсть сколько:1 игрок:Вика")
    assert "Вика крадёт у Бориса 1 янтарь." in out
    out = await console.execute("/кф украсть игрок:Вика у_кого:Вика")
    assert "у себя украсть нельзя. Ничего не изменено." in out
    help_ = await console.execute("/помощь команда:кф украсть")
    assert "Вор: кто забирает янтарь себе (по умолчанию вы)" in help_
    assert "▸ у_кого (victim)" in help_


async def test_k1_steal_from_names_the_victim_en(console: Console) -> None:
    await _kf(console, "en")
    await console.execute("/set target:Vicky stat:Æmber value:4")
    out = await console.execute("/kf steal amount:2 victim:Vicky")
    assert "Bob steals 2 Æmber from Vicky." in out
    help_ = await console.execute("/help command:kf steal")
    assert "The thief, who takes the Æmber (default: you)" in help_


# ── K2: the fight line says who fights whom, the damage each way, armor, what is left ───────


async def test_k2_fight_reads_naturally(console: Console) -> None:
    console.user = "Аня"
    await console.execute("/игра начать игра:keyforge игрок1:Борис игрок2:Вика играю:нет")
    console.user = "Борис"
    await console.execute("/существо добавить имя:Троглодит владелец:Борис черты:сила 5, броня 1")
    await console.execute("/существо добавить имя:Гоблин владелец:Вика черты:сила 3")
    out = await console.execute("/кф бой атакующий:Троглодит цель:Гоблин")
    assert (
        "⚔ Бой: Троглодит → Гоблин. Цель получает 5 урона — 💀 уничтожена. Атакующий получает "
        "3 урона: броня 1 предотвращает 1 урон — теперь на нём 2 урона (сила 5, до уничтожения "
        "ещё 3)."
    ) in out


# ── G-1: naming both players of a duel seats only them ──────────────────────────────────────


async def test_g1_naming_both_players_seats_only_them(console: Console) -> None:
    console.lang, console.user = "en", "Anna"
    out = await console.execute("/game start game:mage-wars player1:Bob player2:Vicky life:36")
    assert "Seated: Bob, Vicky." in out
    assert "You named both players, so you are not seated yourself." in out
    assert "3 players" not in out


async def test_g1_naming_both_players_seats_only_them_ru(console: Console) -> None:
    console.user = "Аня"
    out = await console.execute("/игра начать игра:berserk игрок1:Борис игрок2:Вика")
    assert "За столом: Борис, Вика." in out
    assert "Партию начали вы, так что можете вести её наравне с ними." in out  # CQ-3: full


async def test_g1_play_yes_keeps_a_third_seat(console: Console) -> None:
    console.lang, console.user = "en", "Anna"
    out = await console.execute(
        "/game start game:mage-wars player1:Bob player2:Vicky life:36 play:yes"
    )
    assert "Seated: Anna, Bob, Vicky." in out
