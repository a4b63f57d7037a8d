"""Playtest 7 (issue 17): the Conquest and KeyForge slips C1–C4 and K1–K4."""

from __future__ import annotations

from bot.console import Console
from bot.context import Services
from tests.helpers.tracker import state_of


async def test_k1_a_key_mid_turn_is_a_cards_key(console: Console, services: Services) -> None:
    """Published rules: the turn's key is forged at the «Ковка ключа» step that opens one's own
    turn (by `/игра дальше`); since playtest 8 slip K1 `/кф выковать` mid-turn records a key a
    card forged, paying the current cost, instead of refusing."""
    console.user = "Аня"
    await console.execute("/игра начать игра:keyforge игрок1:Борис")
    await console.execute("/прибавить цель:Аня показатель:янтарь сколько:7")
    out = await console.execute("/кф выковать")
    assert (
        "🔑 Аня выковывает ключ по эффекту карты, заплатив 6 янтаря: янтарь 7 → 1, ключи 0 → 1."
        in out
    )
    assert "ключ куют только на шаге" not in out
    await console.execute("/прибавить цель:Аня показатель:янтарь сколько:6")
    await console.execute("/игра дальше")
    console.user = "Борис"
    out = await console.execute("/игра дальше")  # her own turn: step 1 forges it
    assert "🔑 В начале хода Аня выковывает ключ за 6 янтаря" in out and "Ключей: 2" in out
    state = await state_of(services)
    assert state.participants[0].value("keys") == 2 and state.participants[0].value("aember") == 1


async def test_c1_the_bot_does_not_keep_a_units_attack(console: Console) -> None:
    """A Conquest unit has an attack value (seed 003); it is the bot that does not track it."""
    console.user = "Аня"
    out = await console.execute(
        "/игра начать игра:conquest игрок1:Борис здоровье:7 окровавленный:4"
    )
    # C4: the Warlord's HP in plain words
    assert "Если у кого-то военачальник другой, исправьте его очки здоровья: /задать цель:" in out
    assert "(для окровавленной стороны — показатель:окровавленный)" in out  # playtest 10 C3
    out = await console.execute("/существо добавить имя:Орк-бой владелец:Борис жизнь:2 сила:2")
    # playtest 12 C2: the unit is added, and one line says its attack is not kept
    assert "Новый отряд: Орк-бой (Борис) · ❤ 2" in out
    assert "«сила:2» не записано: у отрядов бот ведёт только здоровье и урон." in out
    assert "нет параметра" not in out


async def test_k4_a_second_fight_in_plain_words(console: Console) -> None:
    """An exhausted creature fights again only if a card readied it; the fight is recorded."""
    console.user = "Аня"
    await console.execute("/игра начать игра:keyforge игрок1:Борис")
    await console.execute("/существо добавить имя:Трощатель сила:9")
    await console.execute("/существо добавить имя:Дух-хранитель сила:2 владелец:Борис")
    await console.execute("/существо добавить имя:Страж сила:2 владелец:Борис")
    await console.execute("/кф бой атакующий:Трощатель цель:Дух-хранитель")
    out = await console.execute("/кф бой атакующий:Трощатель цель:Страж")
    assert (
        "⚠ Существо «Трощатель» уже истощено в этом ходу — снова сражаться оно может, только"
        " если его подготовила карта. Бой записан."
    ) in out


async def test_k3_power_tokens_are_counted_in_the_plural(console: Console) -> None:
    console.user = "Аня"
    await console.execute("/игра начать игра:keyforge игрок1:Борис")
    await console.execute("/существо добавить имя:Крадун сила:5")
    out = await console.execute("/жетон добавить цель:Крадун жетон:сила сколько:2")
    assert "Крадун · жетоны силы: 0 → 2 (сила 7 — столько урона уничтожит существо)\n" in out
    out = await console.execute("/жетон убрать цель:Крадун жетон:жетон силы сколько:1")
    assert "Крадун · жетоны силы: 2 → 1" in out
    assert "жетоны силы 0 → 2" in await console.execute("/игра журнал")
