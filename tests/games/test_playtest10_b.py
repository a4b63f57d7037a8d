"""Playtest 10, second share (issue 17, `docs/playtest-ru-10.md`, `docs/playtest-en-5.md`): the
replies a blind reader found unclear — the export's counts (G3), a custom game's result with no
winner (G5), and the others named in each test."""

from __future__ import annotations

from bot.console import Console
from glossary.check import check_glossary_see_also
from tests.games.seeds import seed_line


async def test_g3_the_export_explains_its_two_counts(console: Console) -> None:
    await console.execute("/игра начать игра:mage-wars игрок1:Борис жизнь:36")
    out = await console.execute("/игра экспорт")
    # playtest 13, G1: the wording is a player's sentence now
    assert "Вся партия — в файле JSON: в журнале 1 запись (/игра журнал)." in out
    assert "счётчиков и полей" not in out
    assert "событ" not in out


async def test_g5_a_game_ended_without_winner_says_who_ended_it(console: Console) -> None:
    await console.execute("/игра начать игра:custom игрок1:Борис")
    await console.execute("/игра закончить")
    await console.execute("!press 1")
    out = await console.execute("/игра показать")
    # en-9 G-2: /game end names no winner, so the line does not say one is missing
    assert "Партия окончена по команде игрока alice после хода 1." in out
    assert "Победитель не назван." not in out
    assert "\n\n\n" not in out
    console.lang = "en"
    out = await console.execute("/game show")
    assert "alice ended the game after turn 1." in out and "No winner was named." not in out


async def test_m2_the_sweep_names_the_token_that_restrains_the_target(console: Console) -> None:
    # seed 000:271 — Stuck: «Существо Restrained»; seed 000:251 — Restrained: −2 to defense rolls
    assert seed_line("000", 271, "Существо Restrained и Unmovable.")
    assert seed_line("000", 251, "Связанное существо получает штраф -2 ко всем броскам на защиту.")
    await console.execute("/игра начать игра:mage-wars игрок1:Борис жизнь:36")
    await console.execute("/существо добавить имя:Медведь жизнь:8 защита:6")
    await console.execute("/существо добавить имя:Гоблин-бомбардир жизнь:6 защита:8")
    await console.execute("/жетон добавить цель:Гоблин-бомбардир жетон:застрявший")
    out = await console.execute("/мв зачистка кубики:3 цели:Медведь,Гоблин-бомбардир")
    assert "Защита цели: 8+ (−2 к броску: Застрявший ⇒ Связанный)" in out  # playtest 13, M1
    assert "связанный (−2)" not in out
    console.lang = "en"
    await console.execute("/token add target:Медведь token:cripple")
    out = await console.execute("/mw attack dice:3 target:Медведь")
    assert "Cripple ⇒ Restrained" in out


async def test_bk6_a_strike_at_a_closed_card_says_who_rolls_once(console: Console) -> None:
    await console.execute("/game start game:berserk player1:bob")
    await console.execute("/unit add Орк life:50")
    await console.execute("/set target:Орк stat:закрыт value:1")
    out = await console.execute("/berserk strike values:1-2-3 kind:magic target:Орк")
    # en-8 BK-3: a magic strike has no answer of its own, so its own line says who rolls, once
    assert "Цель: **Орк** (карта закрыта)." in out
    assert out.count("бросает только атакующий") == 1 and "закрытый режим" not in out
    out = await console.execute("/berserk strike values:1-2-3 target:Орк")
    assert out.count("бросает только атакующий") == 1 and "Режим:" not in out
    console.lang = "en"
    out = await console.execute("/berserk strike values:1-2-3 kind:magic target:Орк")
    assert "Target: **Орк** (closed)." in out
    assert "Magic strike: only the attacker rolls, the target does not strike back" in out
    assert out.count("only the attacker rolls") == 1


async def test_k3_a_see_also_to_no_entry_is_left_out_and_checked(console: Console) -> None:
    out = await console.execute("/правило боевая линия игра:keyforge")
    assert "Смотрите «Существа» на с. 10." in out  # the seed's own text stays
    assert "См. также" not in out
    report: list[str] = []
    assert check_glossary_see_also(report) == []
    assert "keyforge/boyevaya-liniya → «Существа»" in report[0]
    assert report[0].startswith("glossary see-also: ") and "dead links" in report[0]


async def test_k1_a_fight_is_one_account_armor_first_death_once(console: Console) -> None:
    # seed 004:39 «Броня предотвращает объём урона»: armor acts before the damage is dealt
    seed_line("004", 39, "Броня предотвращает объём урона")
    await console.execute("/game start game:keyforge player1:bob")
    await console.execute("/unit add Тролль life:8 traits:броня 1")
    console.user = "bob"
    await console.execute("/unit add Бумпус life:5 traits:броня 2")
    console.user = "alice"
    out = await console.execute("/kf fight attacker:Тролль target:Бумпус")
    assert (
        "⚔ Бой: Тролль → Бумпус. Цель получает 8 урона: броня 2 предотвращает 2 урона — "
        "💀 уничтожена. Атакующий получает 5 урона: броня 1 предотвращает 1 урон — теперь на нём "
        "4 урона (сила 8, до уничтожения ещё 4)."
    ) in out
    assert out.count("💀") == 1 and "🛡" not in out and "Итог" not in out
    await console.execute("/game undo")
    console.lang = "en"
    out = await console.execute("/kf fight attacker:Тролль target:Бумпус")
    assert (
        "⚔ Тролль fights Бумпус. Бумпус takes 8 damage: armor 2 prevents 2 damage — "
        "💀 destroyed. Тролль takes 5 damage: armor 1 prevents 1 damage — "
        "4 damage on it now (power 8, 4 more destroys it)."
    ) in out
    assert out.count("destroyed") == 1
