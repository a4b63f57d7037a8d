"""Playtest 12 (issue 17, `docs/playtest-ru-12.md`), share G: B1, B2, W1, W2, W3, C3, M6, C1 —
each test pins the reworded reply, in both languages where the slip was in a shared template."""

from __future__ import annotations

from bot.console import Console

# ── C1: a non-number for a stat gives an example with that stat, not Berserk's «закрыт» ───────


async def test_c1_not_a_number_names_the_stat_asked(console: Console) -> None:
    console.user = "Аня"
    await console.execute("/game start game:conquest player1:Вика")
    console.lang = "ru"
    out = await console.execute("/задать цель:Вика показатель:ресурсы значение:abc")
    assert "Пример: /задать показатель:ресурсы значение:5." in out
    assert "закрыт" not in out
    console.lang = "en"
    out = await console.execute("/set target:Вика stat:resources value:abc")
    assert "For example: /set stat:resources value:5." in out


async def test_c1_a_yes_no_mark_keeps_its_one_or_zero(console: Console) -> None:
    console.user = "Аня"
    await console.execute("/game start game:berserk player1:Вика")
    console.lang = "ru"
    out = await console.execute("/задать цель:Вика показатель:закрыт значение:да")
    assert "Отметку «закрыт» задают числом: 1 — да, 0 — нет" in out


# ── W3: an empty pool is said plainly; a wizard the game does not have is named ───────────────


async def test_w3_empty_pool_and_unknown_wizard(console: Console) -> None:
    console.user = "Борис"
    await console.execute("/game start game:whfb player1:Вика")
    console.lang = "ru"
    out = await console.execute("/вфб сотворение кубики:2 уровень:2 сложность:8")
    assert "Борис: пул силы пуст — бросать нечего." in out
    assert "только 0" not in out
    await console.execute("/существо добавить имя:Архимаг владелец:Борис")
    out = await console.execute("/вфб сотворение кубики:2 уровень:2 сложность:8 маг:Некромант")
    assert "Мага «Некромант» в партии нет; есть: Архимаг. Ничего не брошено." in out
    console.lang = "en"
    out = await console.execute("/whf cast dice:2 level:2 value:8 wizard:Necromancer")
    assert "There is no wizard “Necromancer” in this game; there is: Архимаг." in out
    out = await console.execute("/whf cast dice:2 level:2 value:8 wizard:Архимаг")
    assert "Борис's power pool is empty: there is nothing to roll." in out


# ── W2: a singular form of an entry's own title opens it without the «no such entry» hedge ────


async def test_w2_a_form_of_the_title_is_that_entry(console: Console) -> None:
    await console.execute("/game start game:whfb player1:Вика")
    console.lang = "ru"
    out = await console.execute("/правило вихрь")
    assert "Магические вихри" in out
    assert "Точной статьи" not in out


def test_w2_forms_of_name() -> None:
    from glossary.normalize import forms_of_name

    assert forms_of_name("вихрь", ["Магические вихри"])
    assert not forms_of_name("первый удар", ["В направлении удара (атаки)"])


# ── W1: the dispel attempt («рассеять») opens «Разрушение», seed 002:15–17 ─────────────────────


def test_w1_dispel_attempt_opens_razrusheniye() -> None:
    from tests.glossary.search_data import real_glossary

    # seed 002:17: «…один из магов второго игрока пытается разрушить сотворённое заклинание»
    found = real_glossary().lookup("рассеять", prefer_game="whfb")
    assert found.confident and found.hits[0].entry.id == "whfb/razrusheniye"


# ── C3: a victory question points to the entry that says how the game is won or lost ─────────


async def test_c3_how_to_win_points_to_the_rule(console: Console) -> None:
    console.user = "Борис"
    await console.execute("/game start game:conquest player1:Вика hale:7 bloodied:4")
    console.lang = "ru"
    out = await console.execute("/правило как выиграть")
    # seed 003: «…то он терпит поражение и его владелец проигрывает игру»
    assert "Отдельной статьи «как выиграть» нет. Упоминается в статье «Урон (Damage)»." in out
    console.lang = "en"
    out = await console.execute("/rule how to win")
    assert "Урон (Damage)" in out


def test_c3_victory_words_in_each_game() -> None:
    from tests.glossary.search_data import real_glossary

    g = real_glossary()
    for game, entry in (
        ("conquest", "conquest/uron"),
        ("mage-wars", "mage-wars/mage"),
        ("keyforge", "keyforge/klyuchi"),
    ):
        for q in ("победа", "как выиграть", "проиграть"):
            found = g.lookup(q, game=game)
            assert found.confident and found.hits[0].entry.id == entry, (game, q)


# ── M6: another game's command names the game it belongs to ─────────────────────────────────


async def test_m6_wrong_game_names_the_commands_game(console: Console) -> None:
    await console.execute("/game start game:mage-wars player1:Вика life:36")
    console.lang = "ru"
    out = await console.execute("/планета планета:Ферос")
    want = (
        "Команда /планета — из игры Warhammer 40\u00a0000: Conquest,"
        " а в этом канале идёт партия Mage Wars."
    )
    assert want in out
    out = await console.execute("/кф украсть")
    assert "Команда /кф украсть — из игры KeyForge, а в этом канале идёт партия Mage Wars." in out
    console.lang = "en"
    out = await console.execute("/planet planet:Feros")
    assert (
        "/planet is a Warhammer 40,000: Conquest command, and this channel is playing Mage Wars."
        in out
    )


# ── B1: «вид:сильный» says what «вид» takes here and how the strike's strength is set ────────


async def test_b1_kind_explains_attack_type_and_strength(console: Console) -> None:
    # seed 001:63: «Любая атака (удар) подразделяется на 3 вида: слабая, средняя или сильная»
    console.lang = "ru"
    out = await console.execute("/берсерк удар сила:3-4-5 вид:сильный")
    assert "«сильный» не подходит — здесь это способ атаки: простой удар, выстрел," in out
    assert "определяет бросок кубика по силе удара X-Y-Z (параметр «сила»)" in out
    assert "/берсерк удар сила:3-4-5" in out
    console.lang = "en"
    out = await console.execute("/berserk strike values:3-4-5 kind:strong")
    assert "here it is the way the card attacks: simple strike" in out
    assert "/berserk strike values:3-4-5; you do not choose it." in out


# ── B2: a term whose words are only scattered in a text does not open that text ─────────────


async def test_b2_first_strike_shows_the_list(console: Console) -> None:
    console.lang = "ru"
    out = await console.execute("/правило первый удар")
    assert "Точного совпадения для «первый удар» нет" in out
    assert "ближайшая по тексту правил" not in out
    assert "Третья клетка должна быть соседней" not in out  # a list, not the full text


def test_b2_lookup_does_not_open_a_scattered_term() -> None:
    from tests.glossary.search_data import real_glossary

    found = real_glossary().lookup("первый удар")
    assert not found.confident
