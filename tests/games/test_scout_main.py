"""The scout reader's catalogue slips (issue 17): the log's «задано значение» (G3), the Berserk
poison reminder with its count (B2), Conquest's HP refusal with a plain example (C3), the Mage
Wars effect table explained (M5), the WFB cast bar named (W2) and KeyForge's exhausted card (K3)."""

from __future__ import annotations

from bot.console import Console
from tests.games.seeds import seed_line


async def test_g3_a_set_value_is_logged_in_words(console: Console) -> None:
    console.user = "Аня"
    await console.execute("/игра начать игра:mage-wars игрок1:Борис жизнь:36")
    await console.execute("/задать цель:Борис показатель:мана значение:20")
    log = await console.execute("/игра журнал")
    assert "задано значение — Борис · мана" in log and "установка" not in log


async def test_b2_the_poison_reminder_counts_the_wounds(console: Console) -> None:
    console.user = "Аня"
    await console.execute("/игра начать игра:berserk игрок1:Борис")
    await console.execute("/существо добавить имя:Лесной эльф владелец:Аня жизнь:5")
    await console.execute("/жетон добавить цель:Лесной эльф жетон:отравление сколько:1")
    await console.execute("/игра дальше")
    console.user = "Борис"
    out = await console.execute("/игра дальше")
    assert "☠ Лесной эльф: отравление 1 — нанесите 1 рану от яда: " in out
    assert "отравлено" not in out


async def test_c3_the_hp_refusal_gives_an_example_not_the_default(console: Console) -> None:
    console.user = "Аня"
    await console.execute("/игра начать игра:conquest игрок1:Борис здоровье:8 окровавленный:4")
    out = await console.execute("/существо добавить имя:Отряд Кадии")
    assert "Укажите очки здоровья отряда «Отряд Кадии» с его карты, например жизнь:2" in out
    assert "жизнь:1" not in out


async def test_m5_the_effect_table_refusal_says_what_to_write(console: Console) -> None:
    out = await console.execute("/мв атака кубики:6 эффект:оглушение")
    assert "Пишите порог на кубике эффекта и что выпадает: «7+ оглушение»" in out


async def test_w2_the_plain_cast_bar_says_without_irresistible_force(console: Console) -> None:
    out = await console.execute("/шансы вфб кубики:3 уровень:2 сложность:10")
    assert "сотворено без неодолимой силы │" in out and "обычно" not in out


async def test_k3_an_exhausted_creature_reads_as_its_card(console: Console) -> None:
    console.user = "Аня"
    await console.execute("/игра начать игра:keyforge игрок1:Борис")
    await console.execute("/существо добавить имя:Воин владелец:Аня сила:4")
    await console.execute("/существо добавить имя:Страж владелец:Борис сила:2")
    await console.execute("/кф бой атакующий:Воин цель:Страж")
    board = await console.execute("/игра показать")
    assert "• Воин · сила 4 · урон 2 (до уничтожения ещё 2) · карта истощена" in board


async def test_m1_a_heal_that_covers_everything_offers_no_way_back(console: Console) -> None:
    # seed 000:19: healing may remove Bleed; the undo hint only when damage is left to heal
    console.user = "Аня"
    await console.execute("/игра начать игра:mage-wars игрок1:Борис жизнь:36")
    await console.execute("/существо добавить имя:Волк владелец:Аня жизнь:9")
    await console.execute("/урон цель:Волк урон:5")
    await console.execute("/жетон добавить цель:Волк жетон:кровотечение сколько:2")
    out = await console.execute("/лечить цель:Волк лечение:50")
    assert "🩸 Волк: сняты все повреждения и 2 жетона кровотечения." in out
    assert "/игра отменить" not in out
    await console.execute("/урон цель:Волк урон:5")
    await console.execute("/жетон добавить цель:Волк жетон:кровотечение сколько:1")
    out = await console.execute("/лечить цель:Волк лечение:2")
    assert "Если хотели вылечить повреждения — /игра отменить" in out


async def test_w3_the_damage_refusal_names_a_unit_on_the_board(console: Console) -> None:
    console.user = "Аня"
    await console.execute("/игра начать игра:whfb игрок1:Борис")
    out = await console.execute("/урон цель:Борис урон:2")
    assert "например: /урон цель:Маг-огнепоклонник урон:1." in out  # nothing on the board yet
    await console.execute("/существо добавить имя:Мастер Огня владелец:Борис жизнь:2 черты:маг")
    out = await console.execute("/урон цель:Борис урон:2")
    assert "например: /урон цель:Мастер Огня урон:1." in out


async def test_w1_the_wizard_hint_comes_once_with_a_sides_first_unit(console: Console) -> None:
    console.user = "Аня"
    await console.execute("/игра начать игра:whfb игрок1:Борис")
    out = await console.execute("/существо добавить имя:Копейщики владелец:Аня жизнь:10")
    assert "Маги отмечаются при добавлении — «черты:маг»" in out
    out = await console.execute("/существо добавить имя:Лучники владелец:Аня жизнь:10")
    assert "Маги отмечаются" not in out
    await console.execute("/существо добавить имя:Мастер Огня владелец:Борис жизнь:2 черты:маг")
    out = await console.execute("/существо добавить имя:Мечники владелец:Борис жизнь:10")
    assert "Маги отмечаются" not in out  # Борис already has a wizard


async def test_c2_a_shield_on_the_warlord_names_the_warlord(console: Console) -> None:
    # seed 003:137: the shield card prevents up to its icons and is discarded
    console.user = "Аня"
    await console.execute("/игра начать игра:conquest игрок1:Борис здоровье:8 окровавленный:4")
    out = await console.execute("/урон цель:Борис урон:3 щит:3")
    assert (
        "🛡 Военачальник Бориса: карта щита предотвращает 3 урона и сбрасывается — урон не нанесён"
        in out
    )
    out = await console.execute("/урон цель:Борис урон:3 щит:1")
    assert "🛡 Военачальник Бориса: карта щита предотвращает 1 урон и сбрасывается." in out
    assert "Военачальник Бориса · урон: 0 → 2" in out


async def test_b3_the_closed_mode_is_offered_as_po_zakrytoy(console: Console) -> None:
    out = await console.execute("/берсерк удар сила:1-2-3 режим:по закрытой")
    assert "Режим: как по закрытой карте — бросает только атакующий" in out
    out = await console.execute("/берсерк удар сила:1-2-3 режим:закрытый")  # the old word
    assert "Режим: как по закрытой карте" in out
    out = await console.execute("/берсерк удар сила:1-2-3 режим:абв")
    assert "Варианты: авто, по закрытой, сражение." in out


async def test_g1_a_question_is_not_called_a_missing_term(console: Console) -> None:
    console.user = "Аня"
    await console.execute("/игра начать игра:conquest игрок1:Борис здоровье:8 окровавленный:4")
    out = await console.execute("/правило как работает инициатива")
    assert out.startswith("Ответ на вопрос «как работает инициатива» ищите в статьях ниже")
    assert "нет термина" not in out
    out = await console.execute("/правило эгидаа")  # a word is still a term
    assert "нет термина «эгидаа»" in out


async def test_pt18_w1_a_unit_that_is_no_wizard_does_not_cast(console: Console) -> None:
    # seed 002:79: «Любой маг сотворяющего игрока может попытаться сотворить заклинание»
    seed_line("002", 79, "Любой маг")
    console.user = "Аня"
    await console.execute("/игра начать игра:whfb игрок1:Борис")
    await console.execute("/существо добавить имя:Ученик владелец:Аня жизнь:1")
    await console.execute("/вфб ветры маги:1 маги_врага:1")
    board = await console.execute("/игра показать")
    out = await console.execute("/вфб сотворение кубики:2 уровень:1 сложность:5 маг:Ученик")
    assert out.startswith("✖") and "Подразделение «Ученик» — не маг" in out
    assert board == await console.execute("/игра показать")  # no power die spent


async def test_pt18_b1_the_log_says_a_dead_card_in_the_games_words(console: Console) -> None:
    console.user = "Аня"
    await console.execute("/игра начать игра:berserk игрок1:Борис")
    await console.execute("/существо добавить имя:Лесной эльф владелец:Аня жизнь:3")
    await console.execute("/урон цель:Лесной эльф урон:5")
    log = await console.execute("/игра журнал")
    assert "существо «Лесной эльф» погибло (на кладбище)" in log and "вне игры" not in log


async def test_pt18_g3_leaving_a_game_of_two_names_the_winner(console: Console) -> None:
    console.user = "Аня"
    await console.execute("/игра начать игра:berserk игрок1:Борис")
    out = await console.execute("/игра выйти")
    assert "партия на этом закончится и победит Борис." in out
    assert "если он есть" not in out


async def test_pt18_w4_a_set_past_the_power_limit_says_the_value_set(console: Console) -> None:
    # seed 002:51 «Лимит силы»: at most 12 power dice in the pool
    console.user = "Аня"
    await console.execute("/игра начать игра:whfb игрок1:Борис")
    await console.execute("/задать цель:Аня показатель:кубики силы значение:6")
    out = await console.execute("/задать цель:Аня показатель:кубики силы значение:30")
    assert "(Лимит силы), а задано 30. Ничего не изменено." in out
    out = await console.execute("/прибавить цель:Аня показатель:кубики силы сколько:10")
    assert "а получилось бы 6 + 10 = 16." in out
