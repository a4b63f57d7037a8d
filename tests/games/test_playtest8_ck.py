"""Playtest 8 (issue 17, `docs/playtest-ru-8.md`): the Conquest slips C1, C2, C3, C5 and the
KeyForge slips K1–K5, each pinned in the console's Russian (and English where it reads)."""

from __future__ import annotations

from bot.console import Console
from tests.games.seeds import seed_line


async def _keyforge(console: Console) -> None:
    console.user = "Аня"
    await console.execute("/game start game:keyforge player1:Аня player2:Борис")
    await console.execute("/unit add name:Тролль power:5")


async def test_k4_damage_typed_as_a_token_points_to_dmg_and_heal(console: Console) -> None:
    """Damage is dealt with /dmg; /set would overwrite the total."""
    await _keyforge(console)
    out = await console.execute("/жетон добавить цель:Тролль жетон:урон")
    assert "«урон» — не жетон. Нанести: /урон цель:Тролль урон:N" in out
    assert "/лечить цель:Тролль лечение:N" in out and "/задать" not in out
    console.lang = "en"
    out = await console.execute("/token add target:Тролль token:damage")
    assert "Deal it with /dmg target:Тролль amount:N" in out


async def test_k5_capture_and_steal_say_when_the_pool_held_less(console: Console) -> None:
    """«Кот захватывает 2 янтаря … (просили 50 — больше нет)»; a full take says nothing more."""
    await _keyforge(console)
    await console.execute("/add target:Борис stat:янтарь amount:9")
    out = await console.execute("/кф захватить цель:Тролль сколько:7")
    assert "Тролль захватывает 7 янтаря из запаса Бориса." in out and "просили" not in out
    out = await console.execute("/кф захватить цель:Тролль сколько:50")
    assert "Тролль захватывает 2 янтаря из запаса Бориса (просили 50 — больше нет)." in out
    await console.execute("/add target:Борис stat:янтарь amount:1")
    out = await console.execute("/кф украсть сколько:5")
    assert "Аня крадёт у Бориса 1 янтарь (просили 5 — больше нет)." in out


async def _conquest(console: Console) -> None:
    console.user = "Аня"
    await console.execute("/game start game:conquest player1:Борис hale:7 bloodied:4")


async def test_c1_cards_are_no_stat_and_put_no_shield(console: Console) -> None:
    """«карты» is only the start of «карты щита»: a stat option reaches a token by its full name."""
    await _conquest(console)
    out = await console.execute("/прибавить цель:Борис показатель:карты сколько:2")
    assert out.startswith("✖") and "нет показателя «карты»" in out and "ресурсы" in out
    assert "щит" not in out
    out = await console.execute("/game show")
    assert "щит" not in out


async def test_c2_a_shield_waits_for_the_damage(console: Console) -> None:
    """The shield card is discarded as damage is dealt, not before it."""
    seed_line(
        "003", 137, "которому наносится урон", "может сбросить из руки 1 карту щита"
    )  # seed 003:137
    await _conquest(console)
    await console.execute("/unit add name:Космодесантник owner:Аня life:3")
    out = await console.execute("/жетон добавить цель:Космодесантник жетон:щит")
    assert "Карту щита сбрасывают, когда наносят урон: /урон цель:… урон:N щит:M" in out
    out = await console.execute("/урон цель:Космодесантник урон:2 щит:2")  # EN-8 CQ-2
    assert (
        "🛡 Космодесантник: карта щита предотвращает 2 урона и сбрасывается — урон не нанесён · ❤"
        in out
    )


async def test_c3_the_headquarters_phase_adds_the_resources(console: Console) -> None:
    """Published rules: each player gains 4 resources and draws 2 cards; the bot adds the
    resources and says to draw (seed 003 has no headquarters phase)."""
    await _conquest(console)
    out = await console.execute("/игра дальше")
    assert "Фаза штаба: каждый игрок получает 4 ресурса и берёт 2 карты." in out
    assert "Аня · ресурсы 0 → 4" in out and "Борис · ресурсы 0 → 4" in out
    assert "/прибавить" not in out
    board = await console.execute("/game show")
    assert "ресурсы 4" in board


async def test_c5_the_planets_are_one_entry_with_the_way_to_the_win(console: Console) -> None:
    """«ресурсы 0 · военачальник: … · планеты: Ферракс, Тарсис (материалы 2/3, технологии 1/3)»."""
    await _conquest(console)
    await console.execute("/планета планета:Ферракс значки:материалы, технологии")
    await console.execute("/планета планета:Тарсис значки:материалы")
    await console.execute("/урон цель:Аня урон:7")
    board = await console.execute("/игра показать")
    assert (
        "ресурсы 0 · военачальник: окровавлен, в штабе, обессилен · "
        "планеты: Ферракс, Тарсис (материалы 2/3, технологии 1/3)" in board
    )
    assert "планеты с материалами" not in board and "планеты 2" not in board
    console.lang = "en"
    board = await console.execute("/game show")
    assert "planets: Ферракс, Тарсис (material 2/3, technology 1/3)" in board


async def test_k1_kf_forge_records_a_key_a_card_forges(console: Console) -> None:
    """A card's key at its current cost: the Æmber is paid, the key counted, the third wins;
    the turn's own key stays with `/game next`."""
    seed_line("004", 21, "Янтарь используется для ковки ключей")  # seed 004:21
    await _keyforge(console)
    await console.execute("/add target:Аня stat:янтарь amount:9")
    out = await console.execute("/кф выковать")
    assert (
        "🔑 Аня выковывает ключ по эффекту карты, заплатив 6 янтаря: янтарь 9 → 3, ключи 0 → 1."
        in out
    )
    assert "/прибавить" not in out and "Ничего не изменено" not in out
    out = await console.execute("/кф выковать")
    assert "Аня не может выковать ключ: янтаря 3, нужно 6." in out
    out = await console.execute("/кф выковать игрок:Борис")
    assert "Сейчас ход Ани. Борис выкует ключ в начале своего хода" in out
    assert "Картой ключ выковывают только в свой ход." in out
    await console.execute("/set target:Аня stat:ключи value:2")
    await console.execute("/set target:Аня stat:цена ключа value:3")
    out = await console.execute("/кф выковать")
    assert (
        "Аня выковывает ключ по эффекту карты, заплатив 3 янтаря: янтарь 3 → 0, ключи 2 → 3." in out
    )
    assert "🏆" in out
    console.lang = "en"
    out = await console.execute("/help command:kf forge")
    assert "A key forged by a card: pay the current key cost in Æmber" in out
