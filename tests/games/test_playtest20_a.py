"""Playtest ru-18, share s6a: the log keeps old names, Mage Wars round phases, a Berserk strike
typed to `/unit add`, KeyForge's Assault (issue 17).

Each test pins the reply a reader found wrong, so the slip stays fixed."""

from __future__ import annotations

from bot.console import Console
from tests.games.seeds import seed_line

# ── G1: a rename does not rewrite the log's earlier entries ────────────────────────────────────


async def test_g1_log_keeps_names_of_the_time_mage_wars(console: Console) -> None:
    console.user = "Аня"
    await console.execute("/игра начать игра:mage-wars игрок1:Борис жизнь:36")
    await console.execute("/существо добавить имя:Гоблин владелец:Борис жизнь:8")
    await console.execute("/урон цель:Гоблин урон:4")
    await console.execute("/лечить цель:Гоблин лечение:2")
    await console.execute("/существо переименовать цель:Гоблин имя:Гоблин-стрелок")
    await console.execute("/урон цель:Гоблин-стрелок урон:1")
    out = await console.execute("/игра журнал")
    assert "урон — Гоблин · повреждения 0 → 4" in out
    assert "Гоблин · повреждения 4 → 2" in out
    assert "переименование — Гоблин → Гоблин-стрелок" in out
    assert "Гоблин-стрелок · повреждения 2 → 3" in out
    assert "Гоблин-стрелок · повреждения 4" not in out


async def test_g1_log_keeps_names_of_the_time_berserk(console: Console) -> None:
    console.user = "Аня"
    await console.execute("/игра начать игра:berserk игрок1:Борис")
    await console.execute("/существо добавить имя:Тролль владелец:Борис жизнь:8")
    await console.execute("/урон цель:Тролль урон:3")
    await console.execute("/существо переименовать цель:Тролль имя:Горный тролль")
    await console.execute("/урон цель:Горный тролль урон:1")
    # an undone rename renamed nothing: the log before it keeps the name it had
    await console.execute("/существо переименовать цель:Горный тролль имя:Тр")
    await console.execute("/игра отменить")
    out = await console.execute("/игра журнал")
    assert "нанесение ран — Тролль · раны 0 → 3" in out  # EN12 BK-5
    assert "нанесение ран — Горный тролль · раны 3 → 4" in out
    assert "Горный тролль · раны 0 → 3" not in out


# ── M1: the new round's lines under the names of its phases, Reset → Channeling → Upkeep ─────


async def test_m1_next_round_names_its_phases_in_order(console: Console) -> None:
    # seed 000:239 names Reset «фаза Обновление»; 000:25 rolls Burn «каждую фазу Содержание»
    seed_line("000", 239, "фазы Обновление")
    seed_line("000", 25, "Каждую фазу Содержание")
    console.user = "Аня"
    await console.execute("/игра начать игра:mage-wars игрок1:Борис жизнь:36")
    await console.execute("/существо добавить имя:Медведь владелец:Борис жизнь:8")
    await console.execute("/жетон добавить цель:Медведь жетон:горение сколько:2")
    await console.execute("/мв действие цель:Медведь")
    out = await console.execute("/игра дальше")
    lines = out.splitlines()
    labels = ["Раунд 2 · фаза обновления:", "Фаза получения маны:", "Фаза содержания:"]
    at = [lines.index(label) for label in labels]
    assert at == sorted(at)
    assert lines[at[0] + 1] == "Медведь: маркер действия снова готов."
    assert lines[at[1] + 1] == "Аня · мана: 10 → 19"
    assert lines[at[2] + 1].startswith("🔥 Медведь: горение")
    # a phase with nothing to show has no label; the first one shown names the round
    out = await console.execute("/игра дальше")
    assert "фаза обновления" not in out
    lines = out.splitlines()
    assert lines.index("Раунд 3 · фаза получения маны:") < lines.index("Фаза содержания:")


async def test_m1_phase_labels_in_english(console: Console) -> None:
    console.lang = "en"
    await console.execute("/game start game:mage-wars player1:bob life:36")
    await console.execute("/unit add name:Bear owner:bob life:8")
    await console.execute("/token add target:Bear token:burn count:1")
    await console.execute("/mw act target:Bear")
    lines = (await console.execute("/game next")).splitlines()
    labels = ["Round 2 · Reset phase:", "Channeling phase:", "Upkeep phase:"]
    at = [lines.index(label) for label in labels]
    assert at == sorted(at)


# ── K1: KeyForge's Assault is kept on the card, shown on the board and dealt by /кф бой ──────


async def _kf_table(console: Console) -> None:
    console.user = "Аня"
    await console.execute("/игра начать игра:keyforge игрок1:Борис")
    out = await console.execute(
        "/существо добавить имя:Рыцарь владелец:Аня сила:5 броня:2 черты:штурм 2"
    )
    assert "Новое существо: Рыцарь (Аня) · сила 5 · броня 2 · штурм 2" in out
    assert "Черту" not in out and "не учитыва" not in out


async def test_k1_assault_on_the_board(console: Console) -> None:
    await _kf_table(console)
    out = await console.execute("/игра показать")
    assert "• Рыцарь · сила 5 · броня 2 · штурм 2" in out


async def test_k1_assault_before_the_fight_through_armor(console: Console) -> None:
    # seed 004:51: X damage before the fight; the fight follows when the target survives it
    seed_line("004", 51, "оно наносит (Х) урона до начала схватки")
    await _kf_table(console)
    await console.execute("/существо добавить имя:Гоблин владелец:Борис сила:4 броня:1")
    out = await console.execute("/кф бой атакующий:Рыцарь цель:Гоблин")
    lines = out.splitlines()
    assert (
        "⚔ Штурм 2: Рыцарь → Гоблин. До боя цель получает 2 урона: броня 1 предотвращает 1 урон."
        in lines
    )
    # the armor is spent by the Assault, so the fight's 5 damage all gets through
    assert "⚔ Бой: Рыцарь → Гоблин. Цель получает 5 урона — 💀 уничтожена." in out
    assert "Атакующий получает 4 урона" in out


async def test_k1_assault_that_destroys_ends_the_fight(console: Console) -> None:
    # seed 004:51: «Если урон от штурма уничтожает вражеское существо, бой заканчивается»
    seed_line("004", 51, "бой заканчивается")
    await _kf_table(console)
    await console.execute("/существо добавить имя:Мышь владелец:Борис сила:2")
    out = await console.execute("/кф бой атакующий:Рыцарь цель:Мышь")
    assert (
        "⚔ Штурм 2: Рыцарь → Мышь. До боя цель получает 2 урона. 💀 Существо «Мышь» уничтожено "
        "штурмом — бой заканчивается, ответного урона нет." in out
    )
    assert "Бой:" not in out
    board = await console.execute("/игра показать")
    assert "• Рыцарь · сила 5 · броня 2 · штурм 2" in board  # no damage taken back


async def test_k1_ward_and_elusive_stop_the_assault(console: Console) -> None:
    await _kf_table(console)
    await console.execute("/существо добавить имя:Страж владелец:Борис сила:6 черты:оберег")
    out = await console.execute("/кф бой атакующий:Рыцарь цель:Страж")
    assert "До боя цель получает 2 урона: оберег отменяет весь урон и снимается." in out
    assert "Цель получает 5 урона — теперь на ней 5 урона" in out
    await console.execute("/игра дальше")
    await console.execute("/игра дальше")
    await console.execute("/существо добавить имя:Лис владелец:Борис сила:3 черты:неуловимость")
    out = await console.execute("/кф бой атакующий:Рыцарь цель:Лис")
    assert "Штурм" not in out and "неуловимость" in out  # Elusive: no damage at all


async def test_k1_assault_in_english(console: Console) -> None:
    console.lang = "en"
    await console.execute("/game start game:keyforge player1:bob")
    await console.execute("/unit add name:Knight power:5 traits:Assault 2")
    await console.execute("/unit add name:Mouse owner:bob power:2")
    out = await console.execute("/kf fight attacker:Knight target:Mouse")
    assert (
        "⚔ Assault 2 (Knight): before the fight, Mouse takes 2 damage. 💀 Mouse is destroyed by "
        "the Assault — the fight ends, and nothing strikes back." in out
    )


async def test_k1_keyforge_says_ability_not_trait(console: Console) -> None:
    # seed 004:51 calls Assault «свойство», 004:53 «способность»; the seed never says «черта»
    seed_line("004", 53, "способностью «Штурм (Х)»")
    await _kf_table(console)
    out = await console.execute("/существо добавить имя:Ящер владелец:Аня сила:4 черты:Мурлыка")
    assert "Способности «Мурлыка» бот не знает. На карте он хранит: сила, броня" in out
    assert "Черт" not in out


# ── B3: a Berserk strike typed as /unit add's power adds the card and says where it goes ──────


async def test_b3_berserk_card_with_a_strike_is_added(console: Console) -> None:
    console.user = "Аня"
    await console.execute("/игра начать игра:berserk игрок1:Борис")
    out = await console.execute(
        "/существо добавить имя:Гном-воин владелец:Борис жизнь:8 сила:2-3-4"
    )
    assert out.splitlines()[1:] == [
        "Новое существо: Гном-воин (Борис) · ❤ 8",
        "Удар 2-3-4 на карте не хранится — указывайте его при каждом ударе: "
        "/берсерк удар сила:2-3-4.",
    ]
    out = await console.execute("/существо добавить имя:Гном владелец:Борис жизнь:6 сила:3")
    assert "Новое существо: Гном (Борис) · ❤ 6" in out and "/берсерк удар сила:3." in out
    board = await console.execute("/игра показать")
    assert "Гном-воин" in board and "Гном ❤" in board
    # the strike option it points to takes these values
    out = await console.execute("/берсерк удар сила:2-3-4")
    assert "✖" not in out
    console.lang = "en"
    out = await console.execute("/unit add name:Dwarf owner:Борис life:8 power:1-2-3")
    assert "The strike 1-2-3 is not kept on the card: give it with each strike, " in out
    assert "/berserk strike values:1-2-3." in out


async def test_b3_keyforge_power_still_a_bounded_number(console: Console) -> None:
    console.user = "Аня"
    await console.execute("/игра начать игра:keyforge игрок1:Борис")
    out = await console.execute("/существо добавить имя:Тролль владелец:Борис сила:8")
    assert "Новое существо: Тролль (Борис) · сила 8" in out
    out = await console.execute("/существо добавить имя:Гигант владелец:Борис сила:60")
    assert "Параметр «сила»: 60 вне допустимых пределов (0…50)." in out
    assert "Гигант" not in await console.execute("/игра показать")


async def test_b3_help_says_power_is_keyforges(console: Console) -> None:
    out = await console.execute("/помощь команда:существо добавить")
    assert "[регенерация] [сила] [черты]`" in out and "Сила (KeyForge)" in out  # en-12 MW-5
    assert "Целое число от 0 до 50." in out
    console.lang = "en"
    out = await console.execute("/help command:unit add")
    assert "[power] [traits]`" in out and "A whole number from 0 to 50." in out
    assert "Power (KeyForge)" in out
