"""Playtest 13 (issue 17, `docs/playtest-ru-13.md`, `docs/playtest-en-7.md`), share H: Berserk
(B1–B5, BK-1…BK-5) and the general replies (G1, G3–G5, M1, M2) — each test pins the reworded
reply or the rule applied, in both languages where the slip was shared."""

from __future__ import annotations

from bot.console import Console
from tests.games.seeds import seed_line


async def _berserk(console: Console) -> None:
    console.user = "Аня"
    console.lang = "ru"
    await console.execute("/игра начать игра:berserk игрок1:Борис")
    await console.execute("/существо добавить имя:Гном-воин владелец:Аня жизнь:5 броня:1")
    await console.execute("/существо добавить имя:Лесной эльф владелец:Борис жизнь:1")


# ── B1: a Berserk card dies and goes to the graveyard; it is not «уничтожено» ──────────────────


async def test_b1_a_berserk_card_dies_to_the_graveyard(console: Console) -> None:
    seed_line("001", 107, "Гибель", "кладбище")
    await _berserk(console)
    out = await console.execute("/берсерк раны цель:Лесной эльф сколько:2")
    assert "💀 Существо «Лесной эльф» погибло — карта уходит на кладбище." in out
    assert "уничтож" not in out
    out = await console.execute("/игра показать")
    assert "💀 На кладбище: Лесной эльф" in out and "Уничтожены" not in out
    out = await console.execute("/урон цель:Лесной эльф урон:1")
    assert (  # playtest 14, B3: nothing to take off the table
        "Существо «Лесной эльф» погибло, карта лежит на кладбище — менять нечего. "
        "Если это ошибка — /игра отменить."
    ) in out
    console.lang = "en"
    out = await console.execute("/game show")
    assert "💀 In the graveyard: Лесной эльф" in out


# ── B2, BK-3: the turn line names each card's Броня X, not the title's placeholder ─────────────


async def test_b2_the_turn_line_names_each_cards_armor(console: Console) -> None:
    seed_line("001", 37, "Предотвратить первые X ран")
    await _berserk(console)
    await console.execute("/берсерк раны цель:Гном-воин сколько:2")
    out = await console.execute("/игра дальше")
    assert "Ход 1 окончен. Броня снова действует: Гном-воин (Броня 1)." in out
    assert "Броня Х" not in out
    await console.execute("/берсерк раны цель:Гном-воин сколько:1")
    console.lang = "en"
    out = await console.execute("/game next")
    assert "Turn 2 is over. Armor works again: Гном-воин (Armor 1)." in out
    assert "Armor X" not in out


# ── B3: the poison reminder gives a command that works as typed ──────────────────────────────


async def test_b3_the_poison_reminder_names_how_many(console: Console) -> None:
    await _berserk(console)
    await console.execute("/жетон добавить цель:Лесной эльф жетон:яд сколько:2")
    out = await console.execute("/игра дальше")
    hint = "/берсерк раны цель:Лесной эльф источник:яд сколько:2"
    assert hint in out
    console.user = "Борис"
    out = await console.execute(hint)
    assert "✖" not in out and "Лесной эльф" in out


# ── G1: the export says its two counts as a player would ─────────────────────────────────────


async def test_g1_the_export_reads_as_a_players_sentence(console: Console) -> None:
    await _berserk(console)
    out = await console.execute("/игра экспорт")
    assert "Вся партия — в файле JSON: в журнале 3 записи (/игра журнал)." in out
    assert "счётчиков и полей" not in out
    console.lang = "en"
    out = await console.execute("/game export")
    assert "The whole game as a JSON file: 3 entries in the log (/game log)." in out
    assert "separate change" not in out


# ── BK-2: a value that is no attack type hears the choices, not the strength aside ────────────


async def test_bk2_kind_refusal_stays_on_the_point(console: Console) -> None:
    console.lang = "en"
    out = await console.execute("/odds berserk values:1-2-3 kind:ranged")
    assert "Option “kind”: “ranged” is not a way of attacking. Choose: simple strike, shot," in out
    assert "(a ranged attack is usually “shot”)." in out and "you do not choose it" not in out
    out = await console.execute("/odds berserk values:1-2-3 kind:strong")
    assert "you do not choose it" in out  # a strength typed still hears where it comes from
    console.lang = "ru"
    out = await console.execute("/шансы берсерк сила:1-2-3 вид:дальняя")
    assert "Параметр «вид»: «дальняя» — не способ атаки. Варианты: простой удар, выстрел," in out


# ── BK-5: the undo hint names the side that had the weaker-strike choice ─────────────────────


async def test_bk5_the_undo_hint_names_who_had_the_choice(console: Console) -> None:
    await _berserk(console)
    await console.execute("/существо добавить имя:Тролль владелец:Борис жизнь:99")
    await console.execute("/существо добавить имя:Великан владелец:Аня жизнь:99")
    seen = set()
    for _ in range(60):
        out = await console.execute(
            "/берсерк удар сила:2-3-4 сила_цели:1-2-2 цель:Тролль атакующий:Великан"
        )
        if "**−4**" in out:
            assert "Если карта «Тролль» ответила слабее, отмените" in out
            seen.add("defender")
        if "**+2**" in out or "**+4**" in out:
            assert "Если карта «Великан» ударила слабее, отмените" in out
            seen.add("attacker")
        # B5: the attacker closes; open it for the next try
        await console.execute("/задать цель:Великан показатель:закрыт значение:0")
        if len(seen) == 2:
            break
    assert seen == {"defender", "attacker"}


# ── B4: the odds name the closed mode as the glossary does: a strike at a closed card ─────────


async def test_b4_odds_say_at_a_closed_card(console: Console) -> None:
    console.lang = "ru"
    out = await console.execute("/шансы берсерк сила:2-3-4 сила_цели:1-2-3")
    assert "и удар по закрытой карте (цель не сражается)." in out
    assert "По закрытой карте — атакующий" in out and "Закрытый режим" not in out
    console.lang = "en"
    out = await console.execute("/odds berserk values:2-3-4 defender_values:1-2-3")
    assert "and a strike at a closed card (the target does not fight)." in out


# ── G3: the bold on a die is explained where it shows ──────────────────────────────────────────


async def test_g3_bold_dice_are_explained(console: Console) -> None:
    console.lang = "ru"
    out = await console.execute("/бросок 9к2")  # every die a 1 or a 2: bold on all of them
    assert "**" in out
    assert "Жирным выделены единицы и максимальные значения кубика." in out
    console.lang = "en"
    out = await console.execute("/roll 9d2")
    assert "Bold: a 1 or the die's highest face." in out


# ── G5: the third-seat warning says why the starter is seated ────────────────────────────────


async def test_g5_the_extra_seat_warning_says_why(console: Console) -> None:
    console.user = "Аня"
    console.lang = "ru"
    out = await console.execute(
        "/игра начать игра:mage-wars игрок1:Борис игрок2:Вика жизнь:36 играю:да"
    )
    assert "вы, начав партию, тоже записаны игроком. Если вы сами не играете, " in out
    assert "вы тоже сели играть" not in out


# ── M1: a restrained target's −2 is said once, in the defense line ───────────────────────────


async def test_m1_restrained_is_said_once(console: Console) -> None:
    seed_line("000", 251, "штраф -2")
    console.user = "Аня"
    console.lang = "ru"
    await console.execute("/игра начать игра:mage-wars игрок1:Борис жизнь:36")
    await console.execute("/существо добавить имя:Волк владелец:Борис жизнь:12 защита:6")
    await console.execute("/жетон добавить цель:Волк жетон:застрявший")
    out = await console.execute("/мв атака кубики:3 цель:Волк удары:2")
    assert out.count("Связан") == 1
    assert "Защита цели: 6+ (−2 к броску: Застрявший ⇒ Связанный)" in out


# ── M2: defense 0 is no defense, and the echo does not print it as «защита 0» ─────────────────


async def test_m2_defense_zero_is_not_echoed(console: Console) -> None:
    console.user = "Аня"
    console.lang = "ru"
    await console.execute("/игра начать игра:mage-wars игрок1:Борис жизнь:36")
    out = await console.execute(
        "/существо добавить имя:Медведь владелец:Борис жизнь:12 броня:2 защита:0"
    )
    assert "Новое существо: Медведь (Борис) · ❤ 12 · броня 2" in out and "защита 0" not in out


# ── G4: the one who started a game runs it (next, undo, end) even when not playing ───────────


async def test_g4_the_non_playing_starter_runs_the_table(console: Console) -> None:
    console.user = "Аня"
    console.lang = "ru"
    out = await console.execute(
        "/игра начать игра:mage-wars игрок1:Борис игрок2:Вика играю:нет жизнь:32"
    )
    assert "Партию начали вы, поэтому можете вести её наравне с игроками" in out
    console.user = "Борис"
    await console.execute("/урон цель:Борис урон:2")
    console.user = "Аня"
    out = await console.execute("/урон цель:Борис урон:2")
    assert "✖" not in out and "Борис · повреждения: 2 → 4" in out  # ru-19 G2: the host records
    out = await console.execute("/игра дальше")
    assert "раунд 2" in out and "✖" not in out
    out = await console.execute("/игра отменить")
    assert "Отменён 1 шаг" in out
    out = await console.execute("/игра закончить")
    assert "Закончить партию «Mage Wars»?" in out
    console.user = "Гость"  # someone else still may not
    out = await console.execute("/игра дальше")
    assert "Менять партию могут только её участники" in out


# ── B5: an attacking card closes (seed 001:163); an off-turn strike gets one remark ───────────


async def test_b5_the_attacker_closes_and_is_struck_as_closed(console: Console) -> None:
    seed_line("001", 163, "закрывается")
    console.user = "Аня"
    console.lang = "ru"
    await console.execute("/игра начать игра:berserk игрок1:Глеб")
    await console.execute("/существо добавить имя:Гном владелец:Аня жизнь:9")
    await console.execute("/существо добавить имя:Эльф владелец:Глеб жизнь:9")
    out = await console.execute("/берсерк удар сила:1-1-1 цель:Эльф атакующий:Гном")
    assert "Карта «Гном» атаковала и закрывается." in out
    console.user = "Глеб"
    out = await console.execute("/берсерк удар сила:1-1-1 цель:Гном атакующий:Эльф")
    assert "Цель: **Гном** (карта закрыта: бросает только атакующий" in out
    assert "атакует не в ход своего владельца" in out
    await console.execute("/игра отменить")
    console.lang = "en"
    console.user = "Аня"
    out = await console.execute("/game undo")  # the first strike: Гном opens again
    out = await console.execute("/game show")
    assert "closed" not in out.split("Гном", 1)[1].split("\n", 1)[0]
