"""Playtest RU-14 (issue 17), WFB, Conquest and KeyForge share: each test pins the reworded
reply in both languages where the slip was in a shared template."""

from __future__ import annotations

from bot.console import Console

# ── W3: a number has its noun («записана одна рана»), not a bare «записана 1» ──────────────────


async def test_w3_default_wounds_name_the_wound(console: Console) -> None:
    console.lang = "ru"
    await console.execute("/игра начать игра:whfb игрок1:Борис")
    out = await console.execute("/существо добавить имя:Маг огня владелец:Борис")
    assert "Раны по профилю не указаны — записано 1." in out  # RU-16 W1, RU-19 W1
    assert "поэтому записана 1." not in out


# ── K1: the ward clause has one voice and says which damage it cancelled ────────────────────


async def test_k1_ward_after_armor_cancels_the_rest(console: Console) -> None:
    console.lang = "ru"
    await console.execute("/game start game:keyforge player1:bob")
    await console.execute("/unit add Трокк life:5")
    console.user = "bob"
    await console.execute("/unit add Страж life:4 traits:броня 2,оберег")
    console.user = "alice"
    out = await console.execute("/kf fight attacker:Трокк target:Страж")
    assert "5 урона: броня 2 предотвращает 2 урона, оберег отменяет ещё 3 урона и снимается" in out
    assert "отменил урон и снят" not in out
    await console.execute("/game undo")
    console.lang = "en"
    out = await console.execute("/kf fight attacker:Трокк target:Страж")
    assert "armor 2 prevents 2 damage, a ward cancels the other 3 damage and is removed" in out


async def _cq(console: Console) -> str:
    console.user = "Аня"
    return await console.execute("/game start game:conquest player1:Борис hale:7 bloodied:4")


# ── C1: asked to put damage tokens, the reply names the damage commands and nothing else ─────


async def test_c1_damage_token_reply_is_the_damage_commands_only(console: Console) -> None:
    console.lang = "ru"
    await _cq(console)
    await console.execute("/существо добавить имя:Космодесантник жизнь:3")
    out = await console.execute("/жетон добавить цель:Космодесантник жетон:урон")
    assert (
        "Значки урона кладёт /урон цель:Космодесантник урон:N, а снимает /лечить "
        "цель:Космодесантник лечение:N. Ничего не изменено."
    ) in out
    assert "щита" not in out and "отметьте до урона" not in out
    out = await console.execute("/жетон добавить цель:Космодесантник жетон:кровь")
    assert "Карту щита сбрасывают, когда наносят урон: /урон цель:… урон:N щит:M" in out


# ── C3: an icon typed as an adjective is the icon it names ───────────────────────────────────


async def test_c3_icon_adjectives_are_accepted(console: Console) -> None:
    console.lang = "ru"
    await _cq(console)
    out = await console.execute(
        "/планета планета:Ферракс игрок:Борис значки:материальный, технический"
    )
    assert "Нет значка" not in out
    board = await console.execute("/игра показать")
    assert "материалы 1/3" in board and "технологии 1/3" in board


# ── C2: a planet without icons: Russian that reads, and what to type, in one sentence ────────


async def test_c2_planet_without_icons_says_what_to_type(console: Console) -> None:
    console.lang = "ru"
    await _cq(console)
    out = await console.execute("/планета планета:Тарсус")
    assert (
        "Значки планеты (материалы, технологии, опорные пункты) не указаны, поэтому к победе по "
        "трём одинаковым значкам она не засчитана; чтобы добавить их, наберите /игра отменить и "
        "/планета планета:Тарсус значки:материалы,технологии."
    ) in out
    assert "не идёт в счёт" not in out
    console.lang = "en"
    out = await console.execute("/planet name:Tarrus")
    assert "and then /planet name:Tarrus icons:material,technology." in out


# ── W2: the board's wizard counter is named as such, not «поле» (the battlefield) ────────────


async def test_w2_winds_name_the_wizard_counter(console: Console) -> None:
    console.lang = "ru"
    await console.execute("/игра начать игра:whfb игрок1:Борис")
    await console.execute("/существо добавить имя:Шаман владелец:Борис жизнь:1 маг:да")
    out = await console.execute("/вфб ветры маги:2 маги_врага:1")
    assert "Магов на доске нет ни у одной стороны — число магов взято из команды." in out
    assert "поле" not in out


# ── W1: a level typed to /unit add is not turned into the wizard's wounds ─────────────────────


async def test_w1_level_is_typed_to_the_roll_not_recorded_as_wounds(console: Console) -> None:
    console.lang = "ru"
    await console.execute("/игра начать игра:whfb игрок1:Борис")
    out = await console.execute("/существо добавить имя:Шаман владелец:Борис уровень:2")
    assert "пишите жизнь:2" not in out
    assert "уровень на существе не хранится, его указывают в самой команде броска (" in out
    assert "/вфб сотворение" in out and "/вфб рассеивание" in out
    assert "А жизнь:N — это жизнь существа (у мага в WFB — его раны по профилю)" in out
    console.lang = "en"
    out = await console.execute("/unit add name:Shaman owner:Борис level:2")
    assert "a level is not kept on the unit; give it in the roll command itself (/whf cast" in out
    assert "life:N is the unit's life (for a WFB wizard, the Wounds in his profile)" in out
