"""Playtest ru-17 (issue 17), slips K1, B1, K3, W1: each test pins the reworded reply in both
languages."""

from __future__ import annotations

from bot.console import Console


async def _kf(console: Console) -> None:
    """Борис's Трокк against Вика's feminine-named Ведьма, Борис's turn."""
    console.user = "Борис"
    await console.execute("/game start game:keyforge player1:Вика")
    await console.execute("/unit add name:Трокк owner:Борис traits:power 8")
    await console.execute("/unit add name:Ведьма owner:Вика traits:power 3, elusive")


# ── K1: the Elusive note has no pronoun, so no gender to guess ───────────────────────────────


async def test_k1_elusive_note_has_no_gendered_pronoun(console: Console) -> None:
    await _kf(console)
    out = await console.execute("/кф бой атакующий:Трокк цель:Ведьма")
    assert (
        "💨 Существо «Ведьма»: неуловимость — на него впервые за ход нападают, "
        "урона нет ни с одной стороны."
    ) in out
    assert "с ним" not in out and "Неуловимость" not in out


async def test_k1_elusive_note_in_english(console: Console) -> None:
    console.lang = "en"
    await _kf(console)
    out = await console.execute("/kf fight attacker:Трокк target:Ведьма")
    assert "💨 Ведьма: Elusive — the first time it is attacked this turn" in out


# ── B1: the name of the player whose turn it is needs no case ───────────────────────────────


async def test_b1_off_turn_strike_names_the_player_without_a_case(console: Console) -> None:
    console.user = "Аня"
    await console.execute("/игра начать игра:berserk игрок1:Глеб")
    await console.execute("/существо добавить имя:Гном владелец:Аня жизнь:9")
    await console.execute("/существо добавить имя:Дриада владелец:Глеб жизнь:9")
    out = await console.execute("/берсерк удар сила:1-2-3 атакующий:Дриада цель:Гном")
    assert "Сейчас ходит Аня: карта «Дриада» атакует не в ход своего владельца" in out
    assert "игрока Аня" not in out
    console.lang = "en"
    await console.execute("/game undo")
    out = await console.execute("/berserk strike values:1-2-3 attacker:Дриада target:Гном")
    assert "It is Аня's turn: Дриада attacks outside its owner's turn" in out


# ── K3: the log says Elusive worked in this fight, not that it was already used ─────────────


async def test_k3_log_says_elusive_worked_now(console: Console) -> None:
    await _kf(console)
    await console.execute("/кф бой атакующий:Трокк цель:Ведьма")
    log = await console.execute("/игра журнал")
    assert "Ведьма: неуловимость сработала — урона нет" in log
    assert "уже сработала" not in log
    console.lang = "en"
    log = await console.execute("/game log")
    assert "Ведьма: Elusive — no damage this fight" in log
    assert "used up" not in log


# ── W1: no wizards on the table for either side: one short line, not a paragraph each ───────


async def test_w1_no_wizards_on_the_table_said_once(console: Console) -> None:
    console.user = "Аня"
    await console.execute("/игра начать игра:whfb игрок1:Борис")
    out = await console.execute("/вфб ветры маги:2 маги_врага:1")
    assert out.count("Магов на доске нет ни у одной стороны") == 1
    assert "Аня: магов на столе нет" not in out
    await console.execute("/игра отменить")
    console.lang = "en"
    out = await console.execute("/whf winds wizards:2 enemy_wizards:1")
    assert out.count("Neither side has wizards on the table") == 1
    assert "has no wizards on the table" not in out


# ── M3: the starter who does not play is told in one aspect ─────────────────────────────────


async def test_m3_non_playing_starter_one_aspect(console: Console) -> None:
    console.user = "Аня"
    out = await console.execute("/игра начать игра:keyforge игрок1:Борис игрок2:Вика играю:нет")
    assert (
        "записывать урон и жетоны, переходить к следующему ходу (/игра дальше) и отменять шаги "
        "(/игра отменить). Закончить партию — /игра закончить."
    ) in out  # ru-19 G2: the host records like a player
    assert "закончить её" not in out


# ── C4: the Warlord example has a blank value, not the value already set ────────────────────


async def test_c4_warlord_example_value_is_a_blank(console: Console) -> None:
    console.user = "Аня"
    out = await console.execute(
        "/игра начать игра:conquest игрок1:Борис здоровье:8 окровавленный:4"
    )
    assert ("Если у кого-то военачальник другой, исправьте его очки здоровья: /задать цель:") in out
    assert "показатель:здоровье значение:… (" in out and "значение:8" not in out


async def test_c4_warlord_example_value_is_a_blank_in_english(console: Console) -> None:
    console.user = "Аня"
    console.lang = "en"
    out = await console.execute("/game start game:conquest player1:Борис hale:8 bloodied:4")
    assert "correct its HP: /set target:" in out and "value:… (" in out


# ── C3: an owner who does not play is refused with the names of those who do ────────────────


async def test_c3_unknown_owner_refusal_names_the_players(console: Console) -> None:
    console.user = "Аня"
    await console.execute("/игра начать игра:mage-wars игрок1:Борис жизнь:32")
    out = await console.execute("/существо добавить имя:Скаут владелец:Гоша жизнь:2")
    assert "Гоша не участвует в партии. Игроки: Аня, Борис." in out
    console.lang = "en"
    out = await console.execute("/unit add name:Scout owner:Гоша life:2")
    assert "Гоша is not in the game. Players: Аня, Борис." in out


# ── M1: the Weak term of the attack dice reads «за слабость» ────────────────────────────────


async def test_m1_weak_term_reads_for_weak(console: Console) -> None:
    console.user = "Аня"
    await console.execute("/игра начать игра:mage-wars игрок1:Борис жизнь:32")
    await console.execute("/существо добавить имя:Волк владелец:Аня жизнь:5")
    await console.execute("/существо добавить имя:Тролль владелец:Борис жизнь:9")
    await console.execute("/задать цель:Волк показатель:слабость значение:2")
    out = await console.execute("/мв атака кубики:3 атакующий:Волк цель:Тролль")
    assert "Кубиков атаки: **1** (3 − 2 за слабость)" in out
    console.lang = "en"
    out = await console.execute("/mw attack dice:3 attacker:Волк target:Тролль")
    assert "(3 − 2 Weak)" in out
