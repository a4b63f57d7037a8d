"""Playtest RU-17 and EN-10 (issue 17), the Berserk and KeyForge share: each test pins the
reworded reply or the rule, in both languages where the slip was in a shared template."""

from __future__ import annotations

from bot.console import Console
from tests.games.seeds import seed_line

# ── B2: an empty player block says what is missing and how to add it ─────────────────────────


async def test_b2_empty_board_says_no_cards_and_how_to_add(console: Console) -> None:
    console.lang = "ru"
    console.user = "Аня"
    await console.execute("/игра начать игра:berserk игрок1:Борис")
    out = await console.execute("/игра показать")
    assert "карт на поле боя нет — /существо добавить" in out
    assert "\n—\n" not in out
    console.lang = "en"
    out = await console.execute("/game show")
    assert "no cards on the table — /unit add" in out


# ── B3: the board writes every counter the same way, the word first ──────────────────────────


async def test_b3_counters_in_one_pattern(console: Console) -> None:
    console.lang = "ru"
    console.user = "Аня"
    await console.execute("/игра начать игра:berserk игрок1:Борис")
    await console.execute("/существо добавить имя:Гном-басаарг жизнь:8")
    await console.execute("/жетон добавить цель:Гном-басаарг жетон:отравление")
    await console.execute("/жетон добавить цель:Гном-басаарг жетон:фишки")
    out = await console.execute("/игра показать")
    assert "отравление 1 · фишки 1" in out or "фишки 1 · отравление 1" in out
    assert "1 фишка" not in out


# ── BK-1: Armor X is a named ability, written «Armor 1» everywhere in English ────────────────


async def test_bk1_armor_named_the_same_everywhere(console: Console) -> None:
    # seed 001:37 names the ability «Броня Х»
    seed_line("001", 37, "Броня Х")
    console.lang = "en"
    console.user = "Ann"
    await console.execute("/game start game:berserk player1:Bob")
    out = await console.execute("/unit add name:Lake Troll life:9 armor:1")
    assert "· Armor 1" in out and "armor 1" not in out
    await console.execute("/berserk wound target:Lake Troll amount:2")
    out = await console.execute("/game show")
    assert "Armor 1 (used this turn)" in out
    out = await console.execute("/berserk wound target:Lake Troll amount:2 source:magic")
    assert "Armor 1 does not stop a magic attack" in out
    out = await console.execute("/set target:Lake Troll stat:armor value:2")
    assert "Lake Troll · Armor: 1 → 2" in out
    console.lang = "ru"
    out = await console.execute("/берсерк раны цель:Lake Troll сколько:3")
    assert "(до конца хода Броня израсходована)" in out or "Броня 2" in out


# ── BK-2: the fight mode line says what decides on a tie ─────────────────────────────────────


async def test_bk2_fight_mode_says_what_decides_a_tie(console: Console) -> None:
    # The seed (001) does not print the fight table; bot/games/berserk/fight.toml keeps it, and
    # its rows for a difference of 0 look at the values rolled (both 4 or less, both 5 or more).
    # Playtest 19, B2: the tie rows only when the rolls are equal.
    console.lang = "en"
    await console.execute("/game start game:berserk player1:Bob")
    out = await tie(console, "/berserk strike values:1-2-3 defender_values:1-1-2")
    assert (  # EN11 BZ-1: what decides a tie is said outright
        "Mode: fight — both players roll and the difference decides. On a tie: both rolls 4 or "
        "less — the attacker deals a weak strike, no strike back; both rolls 5 or more — the "
        "attacker misses, the defender strikes back with a weak strike."
    ) in out
    assert "the rolls themselves too" not in out
    console.lang = "ru"
    out = await tie(console, "/берсерк удар сила:1-2-3 сила_цели:1-1-2")
    assert (
        "Режим: сражение — бросают оба, исход решает разница бросков. При равных бросках: у обоих "
        "не больше 4 — атакующий наносит слабый удар, ответа нет; у обоих не меньше 5 — "
        "атакующий промахивается, в ответ слабый удар."
    ) in out


async def tie(console: Console, command: str) -> str:
    """Strike until the rolls are equal; every strike before has the short mode line alone
    (playtest 19, B2)."""
    for _ in range(60):
        out = await console.execute(command)
        if "**0**" in out:
            return out
        assert "On a tie" not in out and "При равных бросках" not in out
        assert "Mode: fight — both players roll and the difference decides.\n" in out or (
            "Режим: сражение — бросают оба, исход решает разница бросков.\n" in out
        )
    raise AssertionError("no tie in 60 strikes")


# ── BK-3: a strike for one value gives its wounds without a kind that sounds like a bad roll ──


async def test_bk3_one_value_shot_gives_wounds_alone(console: Console) -> None:
    # seed 001:17: «Атака на Х» means X-X-X, and the player still rolls for the kind
    seed_line("001", 17, "карта имеет атаку на X-X-X")
    console.lang = "en"
    await console.execute("/game start game:berserk player1:Bob")
    out = await console.execute("/berserk strike values:3 kind:shot")
    assert out.splitlines()[0].endswith("Shot 3 → 3 wounds")
    assert "; at 3-3-3 every kind deals 3 wounds" in out
    console.lang = "ru"
    out = await console.execute("/берсерк удар сила:3 вид:выстрел")
    assert out.splitlines()[0].endswith("Выстрел на 3 → 3 раны")
    assert "; при силе 3-3-3 любой вид даёт 3 раны" in out
    out = await console.execute("/берсерк удар сила:2-3-4 вид:выстрел")
    assert "выстрел, " in out.splitlines()[0]  # X-Y-Z keeps its kind in the title


# ── B4: a Berserk strike typed as /unit add power hears whose option that is ─────────────────


async def test_b4_strike_typed_as_power_says_whose_option_it_is(console: Console) -> None:
    # playtest 18 B3: at a Berserk table the card is added and the strike said to go elsewhere;
    # at a KeyForge table (whose option it is) a strike is still refused, in those words
    console.lang = "ru"
    await console.execute("/игра начать игра:berserk игрок1:Борис")
    out = await console.execute("/существо добавить имя:Гном-басаарг жизнь:8 сила:2-3-4")
    assert "Новое существо: Гном-басаарг (alice) · ❤ 8" in out
    assert (
        "Удар 2-3-4 на карте не хранится — указывайте его при каждом ударе: "
        "/берсерк удар сила:2-3-4."
    ) in out
    assert "не число" not in out
    await console.execute("/игра закончить")
    await console.execute("!press 1")
    await console.execute("/игра начать игра:keyforge игрок1:Борис")
    out = await console.execute("/существо добавить имя:Гном жизнь:8 сила:2-3-4")
    assert (
        "Параметр «сила» команды /существо добавить — это сила существа KeyForge (число), "
        "«2-3-4» туда не подходит. В Берсерке удар X-Y-Z на карте не записывают: его указывают "
        "при каждом ударе, например /берсерк удар сила:1-2-3."
    ) in out
    console.lang = "en"
    out = await console.execute("/unit add name:Gnome power:2-3-4")
    assert "Option “power” of /unit add is a KeyForge creature's power (a number)" in out
    assert "Gnome" not in await console.execute("/game show")


# ── KF-3: forging on another player's turn is refused in short sentences ─────────────────────


async def _kf_table(console: Console, lang: str) -> None:
    """Bob (active) and Vicky at a KeyForge table started by Ann, who does not play."""
    console.lang = lang
    console.user = "Ann"
    if lang == "en":
        await console.execute("/game start game:keyforge player1:Bob player2:Vicky play:no")
    else:
        await console.execute("/игра начать игра:keyforge игрок1:Bob игрок2:Vicky играю:нет")
    console.user = "Bob"


async def test_kf3_forge_refusal_is_short(console: Console) -> None:
    await _kf_table(console, "en")
    out = await console.execute("/kf forge player:Vicky")
    assert (
        "It is Bob's turn. Vicky forges a key at the start of their own turn, and /game next "
        "does that by itself. A card can forge a key only on its controller's turn. "
        "Nothing changed."
    ) in out
    console.lang = "ru"
    out = await console.execute("/кф выковать игрок:Vicky")
    assert (
        "Сейчас ход игрока Bob. Vicky выкует ключ в начале своего хода — это делает /игра дальше. "
        "Картой ключ выковывают только в свой ход. Ничего не изменено."
    ) in out


# ── KF-4: armor first, then the ward with its state in the same line ─────────────────────────


async def test_kf4_armor_then_ward_with_its_state(console: Console) -> None:
    # seed 004:39 «Броня предотвращает объём урона»
    seed_line("004", 39, "Броня предотвращает")
    await _kf_table(console, "en")
    await console.execute("/unit add name:Troll owner:Bob traits:power 8, armor 1, ward")
    out = await console.execute("/dmg target:Troll amount:4")
    assert out == (
        "✔\n🛡 Troll: armor 1 prevents 1 damage (armor used up this turn).\n"
        "✨ Ward cancels the remaining 3 damage and is removed (ward 1 → 0).\n"
    )
    await console.execute("/unit add name:Ogre owner:Bob traits:power 8, armor 3")
    out = await console.execute("/dmg target:Ogre amount:1")
    assert "🛡 Ogre: armor 3 prevents 1 damage (this turn it can still prevent 2 damage)." in out
    console.lang = "ru"
    await console.execute("/существо добавить имя:Бес владелец:Bob черты:сила 3, оберег")
    out = await console.execute("/урон цель:Бес урон:2")
    assert "✨ Бес: оберег отменяет 2 урона и снимается (оберег 1 → 0)." in out
    assert "· оберег: 1 → 0" not in out


# ── KF-2: /game next says the player readies their exhausted cards, before the draw ──────────


async def test_kf2_next_turn_readies_the_exhausted_cards(console: Console) -> None:
    await _kf_table(console, "en")
    await console.execute("/unit add name:Troll owner:Bob traits:power 8")
    await console.execute("/unit add name:Guard owner:Vicky traits:power 2")
    await console.execute("/kf fight attacker:Troll target:Guard")
    out = await console.execute("/game next")
    assert "Bob readies their cards: Troll.\nBob draws up to 6 cards." in out
    console.user = "Vicky"
    out = await console.execute("/game next")  # nothing was exhausted: nothing said
    assert "readies" not in out
    console.lang = "ru"
    console.user = "Bob"
    await console.execute("/существо добавить имя:Guard2 владелец:Vicky черты:сила 1")
    await console.execute("/кф бой атакующий:Troll цель:Guard2")
    out = await console.execute("/игра дальше")
    assert "Bob подготавливает свои карты: Troll." in out


# ── K2: each blow of a fight names who strikes and what is left ──────────────────────────────


async def test_k2_fight_names_who_strikes_each_blow(console: Console) -> None:
    await _kf_table(console, "ru")
    await console.execute("/существо добавить имя:Трокк владелец:Bob черты:сила 5, броня 1")
    await console.execute("/существо добавить имя:Страж владелец:Vicky черты:сила 4, оберег")
    out = await console.execute("/кф бой атакующий:Трокк цель:Страж")
    assert (
        "⚔ Бой: Трокк → Страж. Цель получает 5 урона: оберег отменяет весь урон и снимается — "
        "урона на ней нет. Атакующий получает 4 урона: броня 1 предотвращает 1 урон — теперь "
        "на нём 3 урона (сила 5, до уничтожения ещё 2)."
    ) in out
    assert "В ответ получает" not in out and "без урона (сила" not in out
    await console.execute("/игра отменить")
    console.lang = "en"
    out = await console.execute("/kf fight attacker:Трокк target:Страж")
    assert (
        "⚔ Трокк fights Страж. Страж takes 5 damage: a ward cancels all of it and is removed — "
        "none gets through. Трокк takes 4 damage: armor 1 prevents 1 damage — "
        "3 damage on it now (power 5, 2 more destroys it)."
    ) in out
