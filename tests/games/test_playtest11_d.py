"""Playtest 11 (issue 17, `docs/playtest-ru-11.md`), fourth share: G2, W1, W2, W3, C1, C2, C4, K1 —
each test pins the reworded reply, in both languages where the slip was in a shared template."""

from __future__ import annotations

from bot.console import Console
from tests.games.seeds import seed_line

# ── K1: the KeyForge retold «Бой» says «сила», as every command and the board do ───────────────


async def test_k1_keyforge_fight_says_power_as_sila(console: Console) -> None:
    await console.execute("/game start game:keyforge player1:Борис")
    console.lang = "ru"
    out = await console.execute("/правило бой")
    assert "какова его сила (число на карте)" in out
    assert "мощь" not in out


# ── C4: the Conquest board says a shield is held ready, not «карта щита (1 значок щита)» ───────


async def test_c4_conquest_board_says_shield_ready(console: Console) -> None:
    console.user = "Аня"
    await console.execute("/game start game:conquest player1:Егор hale:7 bloodied:4")
    await console.execute("/unit add name:Космодесантники owner:Егор life:3")
    console.lang = "ru"
    await console.execute("/урон цель:Космодесантники урон:1 щит:1")  # EN-8 CQ-2: spent at once
    board = await console.execute("/игра показать")
    assert "Космодесантники ❤ ▰▰▰▰▰ 3/3" in board
    assert "значок" not in board and "щит" not in board
    console.lang = "en"
    assert "shield" not in await console.execute("/game show")


# ── W1: a failed dispel says the spell takes effect, and how to have the bar counted ───────────


async def test_w1_failed_dispel_says_the_spell_takes_effect(console: Console) -> None:
    seed_line("002", 19, "Заклинание сработало или нет.")
    console.lang = "ru"
    out = await console.execute("/вфб рассеивание кубики:1 уровень:1 против:20")
    assert out.splitlines()[0] == "Рассеивание не удалось — заклинание срабатывает"
    assert "Маг, которому не удалось рассеять заклинание, в эту фазу больше не рассеивает" in out
    assert "бот" not in out
    out = await console.execute("/вфб сотворение кубики:1 уровень:1 сложность:20")
    assert "Маг, которому не удалось сотворить заклинание, в эту фазу больше не творит" in out
    assert "бот" not in out
    console.lang = "en"
    out = await console.execute("/whf dispel dice:1 level:1 against:20")
    assert out.splitlines()[0] == "The dispel failed — the spell takes effect"


# ── W2: /dmg at a player names each game's own pieces and gives that game's example ────────────


async def test_w2_wfb_player_damage_refusal_speaks_wfb(console: Console) -> None:
    await console.execute("/game start game:whfb player1:Вика")
    console.lang = "ru"
    out = await console.execute("/урон цель:Вика урон:1")
    assert "раны получают только маги и подразделения, а не игроки" in out
    assert "/урон цель:Маг-огнепоклонник урон:1" in out
    assert "существ" not in out and "Гном" not in out
    console.lang = "en"
    out = await console.execute("/dmg target:Вика amount:1")
    assert "only wizards and units suffer wounds" in out and "Gnome" not in out


async def test_w2_keyforge_player_damage_refusal_gives_a_keyforge_example(
    console: Console,
) -> None:
    await console.execute("/game start game:keyforge player1:Вика")
    console.lang = "ru"
    out = await console.execute("/урон цель:Вика урон:1")
    assert "урон получают только существа, а не игроки" in out
    assert "/урон цель:Тролль урон:2" in out and "Гном" not in out
    console.lang = "en"
    assert "target:Troll amount:2" in await console.execute("/dmg target:Вика amount:1")


# ── W3: a no-exact-match answer names its list once ───────────────────────────────────────────


async def test_w3_the_nearest_terms_heading_is_said_once(console: Console) -> None:
    console.lang = "ru"
    out = await console.execute("/правило берегитесь милорд")
    assert out.count("Ближайшие термины") <= 1
    # English walk 12, WF-2: the rule has no entry of its own; the one that rules it opens, and
    # says so (002:134)
    assert out.startswith("Одиночная модель как цель заклинания")
    assert "Отдельной статьи «берегитесь милорд» нет" in out
    console.lang = "en"
    out = await console.execute("/rule look out sir")
    assert out.count("earest terms") <= 1


# ── G2: a near command is offered best first, and a bare group is never offered ───────────────


async def test_g2_help_offers_the_best_command_only(console: Console) -> None:
    console.lang = "ru"
    out = await console.execute("/помощь команда:mw атака")
    assert "Команды «mw атака» нет. Может быть, /мв атака? Список команд: /помощь." in out
    console.lang = "en"
    out = await console.execute("/help command:mw атака")
    assert "Did you mean /mw attack?" in out


# ── C2: Conquest «здоровье» and «щиты» open the entries that rule them, as «военачальник» does ─


async def test_c2_conquest_health_and_shields_open_their_entries(console: Console) -> None:
    seed_line("003", 112, "его очкам здоровья, то он уничтожается")
    seed_line("003", 137, "2. Щиты:")
    console.user = "Аня"
    await console.execute("/game start game:conquest player1:Егор hale:7 bloodied:4")
    console.lang = "ru"
    out = await console.execute("/правило здоровье")
    assert "Отдельной статьи «здоровье» нет. Упоминается в статье «Урон (Damage)»." in out
    out = await console.execute("/правило щиты")
    assert "Отдельной статьи «щиты» нет. Упоминается в статье «Нанесение Урона»." in out


# ── C1: in a channel playing a game, «Может быть, вы искали…» lists that game's entries only ───


async def test_c1_did_you_mean_keeps_to_the_running_game(console: Console) -> None:
    console.user = "Аня"
    await console.execute("/game start game:conquest player1:Егор hale:7 bloodied:4")
    console.lang = "ru"
    out = await console.execute("/правило что будет если урона больше чем здоровья")
    assert out.splitlines()[0] == "Урон (Damage)"
    assert "Берсерк" not in out and "Mage Wars" not in out
    for query in ("ход", "способность"):  # they once offered Берсерк, KeyForge, Mage Wars
        out = await console.execute(f"/правило {query}")
        assert "Берсерк" not in out and "KeyForge" not in out and "Mage Wars" not in out
    out = await console.execute("/правило фаза")  # the game's own guesses stay
    assert "Может быть, вы искали…" in out and "Командная Фаза (Command Phase)" in out
