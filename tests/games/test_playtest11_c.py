"""Playtest 11 (issue 17), third share: M1–M5, G1, G3, K2, B2, B3 — each test pins the reworded
reply (or the rule now applied) in both languages where the slip was in a shared template."""

from __future__ import annotations

from bot.console import Console
from tests.games.seeds import seed_line

# ── M3: Mage Wars and Conquest boards name the initiative holder, as their headers do ───────────


async def test_round_games_board_says_initiative(console: Console) -> None:
    # seed 000:143 Initiative (Инициатива)
    await console.execute("/game start game:mage-wars player1:Борис life:36")
    console.lang = "ru"
    out = await console.execute("/игра показать")
    assert "Инициатива: **" in out and "Ходит:" not in out
    console.lang = "en"
    assert "Initiative: **" in await console.execute("/game show")


async def test_conquest_board_says_initiative(console: Console) -> None:
    await console.execute("/game start game:conquest player1:Борис hale:12 bloodied:6")
    console.lang = "ru"
    out = await console.execute("/игра показать")
    assert "Инициатива: **" in out and "Ходит:" not in out


async def test_turn_games_board_still_says_whose_turn(console: Console) -> None:
    await console.execute("/game start game:keyforge player1:Борис")
    console.lang = "ru"
    assert "Ходит: **" in await console.execute("/игра показать")


# ── M5: the last game's board names the game and round, without blank lines ─────────────────────


async def test_last_game_board_names_game_and_round(console: Console) -> None:
    await console.execute("/game start game:mage-wars player1:Борис life:36")
    await console.execute("/game next")
    await console.execute("/dmg target:Борис amount:36")  # alice wins
    console.lang = "ru"
    out = await console.execute("/игра показать")
    # en-9 CQ-3: the title names the game and round, one line says who won
    assert "Mage Wars · раунд 2\n" in out
    assert "Сейчас партия не идёт. Победитель последней партии: **alice**." in out
    assert "Игра окончена" not in out and out.count("раунд 2") == 1
    assert "\n\n\n" not in out and "Итог последней:" not in out
    console.lang = "en"
    out = await console.execute("/game show")
    assert "No game is running. The last game was won by **alice**." in out
    assert "The game is over" not in out


async def test_last_turn_game_board_counts_turns(console: Console) -> None:
    await console.execute("/game start game:keyforge player1:Борис")
    await console.execute("/set target:alice stat:keys value:2")
    await console.execute("/add target:alice stat:aember amount:6")
    await console.execute("/kf forge")  # the third key: alice wins
    console.lang = "ru"
    out = await console.execute("/игра показать")
    assert "KeyForge · ход 1\n" in out and "Победитель последней партии: **alice**." in out


async def test_a_game_ended_with_no_winner_says_the_round_once(console: Console) -> None:
    """With no winner, the line under the heading says who ended it after which round."""
    await console.execute("/game start game:mage-wars player1:Борис life:36")
    await console.execute("/game next")
    await console.execute("/game end")
    await console.execute("!press 1")
    console.lang = "ru"
    out = await console.execute("/игра показать")
    assert "Партия окончена по команде игрока alice после раунда 2." in out
    assert out.count("раунд 2") == 1 and "\n\n\n" not in out


# ── G1: the end-of-game line shows no gender hedge ──────────────────────────────────────────────


async def test_game_end_line_has_no_gender_hedge(console: Console) -> None:
    console.lang = "ru"
    await console.execute("/игра начать игра:mage-wars игрок1:Борис жизнь:36")
    await console.execute("/игра дальше")
    await console.execute("/игра закончить")
    out = await console.execute("!press 1")
    assert "Партия окончена по команде игрока alice после раунда 2." in out
    assert "(а)" not in out


# ── G3: the undo refusal names who may undo others' steps, and that one's own can be undone ─────


async def test_undo_others_refusal_names_who_may(console: Console) -> None:
    console.lang = "ru"
    await console.execute("/игра начать игра:mage-wars игрок1:Борис жизнь:36")
    await console.execute("/урон цель:Борис урон:2")  # the starter's step
    await console.execute("!user Борис")
    await console.execute("/урон цель:Борис урон:1")
    out = await console.execute("/игра отменить шаги:2")
    assert "Автор шага #2 — alice." in out and "(а)" not in out  # G1 (issue 17)
    assert (
        "Чужие шаги может отменить только тот, кто начал партию, или модератор сервера "
        "(право «Управлять каналами» или «Управлять сервером»); свои последние шаги вы "
        "отменяете сами. Ничего не отменено." in out
    )
    console.lang = "en"
    out = await console.execute("/game undo steps:2")
    assert "you can undo your own latest steps yourself. Nothing was undone." in out


# ── M4: a successful escape says the reason first, then what to remove ──────────────────────────


async def test_escape_success_reason_then_instruction(console: Console) -> None:
    # seed 000:271 «на 7 и выше, уберите жетон Stuck»
    seed_line("000", 271, "на 7 и выше, уберите жетон Stuck")
    console.lang = "ru"
    for _ in range(60):
        out = await console.execute("/мв спасение")
        if "Спасение удалось" in out:
            break
    assert (
        "Бросок в партию не записан. Снимите жетон сами: /жетон убрать цель:… "
        "жетон:застрявший (или паралич)." in out
    )


# ── B2: the magic-attack caveat after hand-written wounds is one short clause ───────────────────


async def test_berserk_armor_caveat_is_one_clause(console: Console) -> None:
    # seed 001:37: Броня Х does not stop a magical attack's wounds
    seed_line("001", 37, "Броня Х")
    console.lang = "ru"
    await console.execute("/игра начать игра:berserk игрок1:Борис")
    await console.execute("/существо добавить имя:Лесной эльф жизнь:4 броня:1")
    out = await console.execute("/берсерк раны цель:Лесной эльф сколько:2")
    assert "(Атака считается немагической; иначе — /берсерк раны источник:магическая атака.)" in out
    assert "отмените" not in out


# ── K2: the ready step skips a destroyed creature ───────────────────────────────────────────────


async def test_keyforge_ready_step_skips_destroyed_creature(console: Console) -> None:
    await console.execute("/game start game:keyforge player1:bob")
    await console.execute("/unit add Тролль life:3")
    console.user = "bob"
    await console.execute("/unit add Гоблин life:8")
    console.user = "alice"
    out = await console.execute("/kf fight attacker:Тролль target:Гоблин")
    assert "Атакующий получает 8 урона — 💀 уничтожен." in out and "истощается" not in out
    await console.execute("/game next")
    console.lang = "ru"
    out = await console.execute("/игра журнал")
    assert "Тролль: карта снова готова" not in out
    console.lang = "en"
    assert "Тролль readied" not in await console.execute("/game log")


# ── M1: armor and defense typed for a target that records none are said to come from the command


async def test_mw_attack_typed_values_for_an_untracked_target(console: Console) -> None:
    await console.execute("/game start game:mage-wars player1:Борис player2:Вика life:36 play:yes")
    console.lang = "ru"
    out = await console.execute("/мв атака кубики:3 броня:2 защита:6 удары:2 цель:Вика")
    assert "Цель: **Вика** (из команды: броня, защита; в партии не записано)" in out
    assert "не бросается" not in out and "броня 0" not in out
    assert "Броня: **2**" in out and "Защита цели: 6+" in out
    out = await console.execute("/мв атака кубики:3 броня:2 цель:Вика")
    assert "Цель: **Вика** (из команды: броня; защита в партии не записана и не бросается)" in out
    assert "Защита цели" not in out
    console.lang = "en"
    out = await console.execute("/mw attack dice:3 armor:2 defense:6 target:Вика")
    assert "Target: **Вика** (armor, defense from the command; not recorded in the game)" in out


# ── M2: a typed value equal to the recorded one is not mentioned; a different one is, in words ──


async def test_mw_attack_typed_value_said_only_when_it_differs(console: Console) -> None:
    await console.execute("/game start game:mage-wars player1:Борис life:36")
    await console.execute("/unit add name:Медведь owner:Борис life:10 armor:1 defense:8")
    console.lang = "ru"
    out = await console.execute("/мв атака кубики:4 броня:1 цель:Медведь")
    assert "из команды" not in out
    out = await console.execute("/мв атака кубики:4 броня:2 цель:Медведь")
    assert "Броня: **2** (из команды, а в партии записано 1)" in out  # en-9 MW-1
    assert "— из команды (в партии" not in out


# ── B3: «сила:1-2-3» on a Berserk creature: the refusal says where the strike goes ──────────────


async def test_berserk_unit_strike_refusal_names_the_strike_option(console: Console) -> None:
    # seed 001:17 «Атака на Х… удар на X-X-X»
    await console.execute("/game start game:berserk player1:Борис")
    console.lang = "ru"
    out = await console.execute("/существо добавить имя:Гном-басаарг жизнь:5 сила:1-2-3")
    assert "не число" not in out  # playtest 17, B4: whose option «сила» is
    # playtest 18 B3: the card is added, and the strike said to go to the strike command
    assert "указывайте его при каждом ударе: /берсерк удар сила:1-2-3." in out
    console.lang = "en"
    out = await console.execute("/unit add name:Гном-воин life:5 power:1-2-3")
    assert "give it with each strike, /berserk strike values:1-2-3." in out
