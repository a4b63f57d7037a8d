"""Playtest 8 (issue 17): the Berserk, WFB and general slips B1, B3–B5, W2–W4, G1, G3, G4, G7."""

from __future__ import annotations

from bot.console import Console
from tests.games.seeds import seed_line

# ── G4: the log says a dropped redo in words, not «затёрто» ─────────────────────────────────────


async def test_the_log_says_an_undone_step_can_no_longer_be_redone(console: Console) -> None:
    await console.execute("/game start game:keyforge player1:bob")
    await console.execute("/add target:bob stat:keys amount:1")
    await console.execute("/game undo")
    await console.execute("/add target:bob stat:amber amount:2")
    out = await console.execute("/game log")
    assert "(отменено; вернуть уже нельзя)" in out and "затёрто" not in out
    console.lang = "en"
    assert "(undone; can no longer be redone)" in await console.execute("/game log")


# ── W2: a cast spell's title says the total against the casting value ──────────────────────────


async def test_a_cast_title_says_the_total_against_the_casting_value(console: Console) -> None:
    for _ in range(6):
        out = await console.execute("/whf cast dice:3 level:2 value:5 spell:Огненный шар")
        title = out.split("\n")[0]
        if "сотворено" in title and "не сотворено" not in title:
            assert title.startswith("✔ Заклинание «Огненный шар» сотворено (")
            assert title.endswith(" против 5)") and "сотворено: " not in title
    console.lang = "en"
    out = await console.execute("/whf cast dice:6 level:4 value:3")
    title = out.split("\n")[0]
    # WF-5: two or more 1s fail even here, and the reply says why
    assert "against 3)" in title or "Irresistible" in title or "two or more 1s" in out


# ── W3: «Новый маг» is not followed by «· маг» ─────────────────────────────────────────────────


async def test_a_new_wizard_is_not_called_a_wizard_twice(console: Console) -> None:
    await console.execute("/game start game:whfb player1:bob")
    out = await console.execute("/unit add name:Архимаг traits:маг")
    assert "Новый маг: Архимаг (alice)\n" in out
    out = await console.execute("/unit add name:Белый лев life:2 traits:маг")
    assert "Новый маг: Белый лев (alice) · раны 2 (по профилю)" in out and "· маг\n" not in out
    console.lang = "en"
    out = await console.execute("/unit add name:Loremaster traits:wizard")
    assert "New wizard: Loremaster (alice)\n" in out


# ── B5: the roll modifiers are named once, both sides on one line ──────────────────────────────


async def test_the_roll_modifiers_are_named_once_for_both_sides(console: Console) -> None:
    out = await console.execute(
        "/berserk strike values:2-3-4 mod:2 defender_values:1-2-3 defender_mod:-1"
    )
    assert "Модификатор броска: +2; у атакованной карты: −1" in out
    assert "Модификаторы:" not in out and "(модификатор броска)" not in out
    out = await console.execute("/odds berserk values:2-3-4 mod:1 blessing:yes")
    assert "Модификаторы броска: +1, благословление +1" in out
    out = await console.execute(
        "/berserk strike values:2-3-4 defender_values:1-2-3 defender_mod:-1"
    )
    assert "Модификатор броска атакованной карты: −1" in out
    console.lang = "en"
    out = await console.execute(
        "/berserk strike values:2-3-4 mod:2 defender_values:1-2-3 defender_mod:-1"
    )
    assert "Roll modifier: +2; defender's: −1" in out


# ── B4: the log says what Броня did, not a counter going 0 → 1 ─────────────────────────────────


async def test_the_log_says_what_the_armor_prevented(console: Console) -> None:
    # seed 001:37: Броня X prevents wounds until the end of the turn
    seed_line("001", 37, "Предотвратить первые X ран от немагических атак")
    await console.execute("/game start game:berserk player1:bob")
    await console.execute("/unit add Гном-воин life:5 armor:2")
    await console.execute("/berserk wound target:Гном-воин amount:1")
    await console.execute("/game next")
    out = await console.execute("/game log")
    assert "раны — Броня существа «Гном-воин» предотвратила 1 рану" in out
    assert "Броня существа «Гном-воин» снова предотвращает раны" in out
    assert "предотвращено бронёй" not in out
    console.lang = "en"
    out = await console.execute("/game log")
    assert "Гном-воин's Armor prevented 1 wound" in out


# ── B3: the weaker-strike choice gives each side its own differences ───────────────────────────


async def test_the_weaker_strike_choice_names_each_sides_differences(console: Console) -> None:
    out = await console.execute("/odds berserk values:2-3-4")
    assert (
        "Ударить на ступень слабее без ответа может атакующий — при разнице +4 или +2 "
        "(16,7\u00a0%), атакованная карта — при −4 (5,6\u00a0%)." in out  # playtest 10 B2
    )
    assert "(разница +4, +2 или −4)" not in out


# ── B1: the blessing options are named as seed 001:27 spells it; the old names still work ──────


async def test_the_blessing_options_are_spelled_as_the_seed(console: Console) -> None:
    seed_line("001", 27, "Благословление. Именной модификатор")
    new = await console.execute(
        "/берсерк удар сила:1-2-3 сила_цели:2-3-4 благословление:да благословление_цели:да"
    )
    old = await console.execute(
        "/берсерк удар сила:1-2-3 сила_цели:2-3-4 благословение:да благословение_цели:да"
    )
    for out in (new, old):
        assert not out.startswith("✖")
        assert "благословление +1; у атакованной карты: благословление +1" in out
    help_ = await console.execute("/помощь команда:берсерк удар")
    assert "благословление" in help_ and "благословение" not in help_
    odds = await console.execute("/шансы берсерк сила:1-2-3 благословление:да")
    assert "благословление +1" in odds


# ── G1: /game next says the round and who plays once, in its header ────────────────────────────
# (playtest en-4, BZ-4: when nothing else is said, whose turn it is stays as the one body line)


async def test_game_next_does_not_repeat_its_header_in_any_game(console: Console) -> None:
    starts = {
        "mage-wars": ("раунд 2 · инициатива: bob", ("Раунд 2.", "Инициатива: bob.")),
        "berserk": ("ход 2 · ходит bob", ("Ход 2.",)),
        "whfb": ("ход 1 · ходит bob", ("Ходит bob.",)),
        "conquest": ("раунд 2 · инициатива: bob", ("Раунд 2.", "Инициатива: bob.")),
        "keyforge": ("ход 2 · ходит bob", ("Ход 2.", "Ходит bob.")),
        "custom": ("ход 1 · ходит bob", ()),
    }
    # nothing else happens at their turn: one short line says which turn ended (playtest 9, G2)
    # (playtest 10, B3: Berserk's line also says what the new turn brings)
    alone = {
        "berserk": "Ход 1 окончен.",
        "custom": "Ход игрока alice окончен.",
    }
    extra = {"mage-wars": " life:30", "conquest": " здоровье:7 окровавленный:4"}
    for game, (title, repeats) in starts.items():
        await console.execute("/game end")
        await console.execute("!press 1")
        out = await console.execute(f"/game start game:{game} player1:bob{extra.get(game, '')}")
        assert not out.startswith("✖"), out
        out = await console.execute("/game next")
        assert out.startswith("✔") and title in out.split("\n")[0], (game, out)
        assert not any(r in out for r in repeats), (game, out)
        if game in alone:
            assert out.rstrip().split("\n")[2:] == [alone[game]], (game, out)
            assert "Ходит bob." not in out, (game, out)
    console.lang = "en"
    out = await console.execute("/game next")
    assert "turn 2" in out.split("\n")[0].lower() and out.rstrip().endswith("Turn 1 is over.")


# ── G7: traits lowercase after «·», as the stats beside them ───────────────────────────────────


async def test_traits_are_lowercase_in_unit_and_board_lines(console: Console) -> None:
    await console.execute("/game start game:keyforge player1:bob")
    out = await console.execute("/unit add name:Гоблин-вор power:3 traits:неуловимость, оберег")
    assert "Новое существо: Гоблин-вор (alice) · сила 3 · неуловимость · оберег" in out
    board = await console.execute("/game show")
    assert "Гоблин-вор · сила 3 · неуловимость" in board
    assert "[16] Неуловимость" in board or "] Неуловимость" in board  # a glossary title keeps it
    await console.execute("/game end")
    await console.execute("!press 1")
    await console.execute("/game start game:mage-wars player1:bob life:30")
    out = await console.execute(
        "/unit add name:Скелет life:5 armor:1 traits:неживое, защитное поле 2, прочный 2"
    )
    assert "· броня 1 · неживое · защитное поле 2 · прочный −2" in out
    assert "Неживое" not in out and "Защитное поле" not in out
    console.lang = "en"
    out = await console.execute("/add target:alice stat:mana amount:1")
    assert "alice · mana: 10 → 11" in out


# ── G3: a starter seated beyond a duel's two players is told so, and how not to play ───────────


async def test_a_third_seat_in_a_duel_is_warned_about(console: Console) -> None:
    out = await console.execute(
        "/игра начать игра:mage-wars игрок1:bob игрок2:carol жизнь:20 играю:да"
    )
    assert "За столом: alice, bob, carol." in out  # who is seated does not change
    assert (  # EN-10 CQ-2: how to start again without a seat
        "⚠ В игре «Mage Wars» обычно играют 2 игрока, а за столом 3 игрока: вы, начав "
        "партию, тоже записаны игроком. Если вы сами не играете, закончите партию "
        "(/игра закончить) и наберите ту же команду /игра начать, добавив «играю:нет»: вы будете "
        "вести партию, не занимая места." in out
    )
    await console.execute("/game end")
    await console.execute("!press 1")
    out = await console.execute("/игра начать игра:berserk игрок1:bob игрок2:carol играю:нет")
    assert "⚠" not in out and "За столом: bob, carol." in out
    console.user = "bob"
    await console.execute("/game end")
    await console.execute("!press 1")
    console.user = "alice"
    out = await console.execute("/game start game:whfb player1:bob")
    assert out.startswith("✔") and "⚠" not in out
    await console.execute("/game end")
    await console.execute("!press 1")
    console.lang = "en"
    out = await console.execute("/game start game:whfb player1:bob player2:carol play:yes")
    assert "is usually played by 2 players, but 3 players are seated" in out


# ── W4: /odds winds takes the wizards from the game, as /whf winds does ────────────────────────


async def test_the_winds_odds_read_the_games_wizards(console: Console) -> None:
    # seed 002:47 «Сотворяющий игрок кидает D6 за каждого мага в своей армии»
    seed_line("002", 47, "кидает D6 за каждого мага")
    out = await console.execute("/odds winds")
    assert out.split("\n")[0] == "Ветры Магии без усиления (маги не указаны)"
    await console.execute("/game start game:whfb player1:bob")
    await console.execute("/unit add name:Архимаг traits:маг")
    await console.execute("/unit add name:Шаман traits:маг")
    out = await console.execute("/odds winds")
    assert "Ветры Магии: у сотворяющего 2 мага, у рассеивающего магов нет" in out
    assert "взято из текущей игры" in out  # WF-2
    out = await console.execute("/odds winds wizards:1 enemy_wizards:3")
    assert "Ветры Магии: у сотворяющего 1 маг, у рассеивающего 3 мага" in out
