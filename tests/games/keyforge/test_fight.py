"""Issue 16: `/kf fight` from tracked power, armor, ward and Elusive (published rules, in our
words: docs/rules.md; the seed only points to «Бой», 004:57). Console tests, one undoable step."""

from __future__ import annotations

from bot.console import Console
from bot.context import Services
from bot.games.keyforge.rules import fight
from tests.games.seeds import seed_line
from tests.helpers.tracker import state_of, unit


def test_fight_rule() -> None:
    assert (
        fight(3, 5, elusive_first=False).to_target,
        fight(3, 5, elusive_first=False).to_attacker,
    ) == (3, 5)
    stopped = fight(3, 5, elusive_first=True)
    assert (stopped.to_target, stopped.to_attacker, stopped.elusive) == (0, 0, True)


def _line(out: str) -> str:
    """The fight's one line (the console puts the reply's mark above it)."""
    return next(line for line in out.splitlines() if line.startswith("⚔"))


async def _table(console: Console) -> None:
    await console.execute("/game start game:keyforge player1:bob")
    await console.execute("/unit add Тролль life:8 traits:броня 1")
    console.user = "bob"
    await console.execute("/unit add Гоблин life:3")
    await console.execute("/unit add Лис life:2 traits:Неуловимость")
    await console.execute("/unit add Страж life:4 traits:оберег")
    console.user = "alice"


async def test_each_deals_its_power_and_armor_prevents_it(
    console: Console, services: Services
) -> None:
    # seed 004:39 «Броня предотвращает объём урона, равный своему…»
    seed_line("004", 39, "Броня предотвращает объём урона")
    seed_line("004", 57, "Смотрите «Бой»")
    await _table(console)
    out = await console.execute("/kf fight attacker:Тролль target:Гоблин")
    first = _line(out)
    # playtest 3 slip 30: who dealt how much, and which creature left play; playtest 4 slip 24:
    # the KeyForge term, not «выбывает из игры»: seed 004:51 «уничтожает вражеское существо»
    # playtest 10, K1: armor before the result, the death once, in the line
    assert first == (
        "⚔ Бой: Тролль → Гоблин. Цель получает 8 урона — 💀 уничтожена. "
        "Атакующий получает 3 урона: броня 1 предотвращает 1 урон — теперь на нём 2 урона "
        "(сила 8, до уничтожения ещё 6)."
    )
    assert "🛡" not in out
    assert out.count("💀") == 1
    state = await state_of(services)
    assert unit(state, "Тролль").value("damage") == 2  # 3 power, 1 prevented by armor
    assert unit(state, "Гоблин").destroyed
    await console.execute("/game undo")  # one step: both sides come back
    state = await state_of(services)
    assert unit(state, "Тролль").value("damage") == 0 and not unit(state, "Гоблин").destroyed


async def test_elusive_first_fight_each_turn_deals_nothing(
    console: Console, services: Services
) -> None:
    await _table(console)
    out = await console.execute("/kf fight attacker:Тролль target:Лис")
    assert _line(out) == "⚔ Бой: Тролль → Лис."
    assert "неуловимость — на него впервые за ход нападают, урона нет" in out
    out = await console.execute("/kf fight attacker:Тролль target:Лис")
    assert _line(out) == (  # 2 − armor 1
        "⚔ Бой: Тролль → Лис. Цель получает 8 урона — 💀 уничтожена. "
        "Атакующий получает 2 урона: броня 1 предотвращает 1 урон — теперь на нём 1 урон "
        "(сила 8, до уничтожения ещё 7)."
    )
    await console.execute("/game undo")
    await console.execute("/game next")  # a new turn: Elusive protects again
    console.user = "bob"
    await console.execute("/game next")
    console.user = "alice"
    assert unit(await state_of(services), "Лис").value("elusive_used") == 0
    out = await console.execute("/kf fight attacker:Тролль target:Лис")
    assert (
        "неуловимость — на него впервые за ход нападают" in out
        and unit(await state_of(services), "Лис").value("damage") == 0
    )


async def test_ward_cancels_and_is_removed_stun_only_comes_off(
    console: Console, services: Services
) -> None:
    await _table(console)
    out = await console.execute("/kf fight attacker:Тролль target:Страж")
    assert _line(out) == (
        "⚔ Бой: Тролль → Страж. Цель получает 8 урона: оберег отменяет весь урон и снимается — "
        "урона на ней нет. "
        "Атакующий получает 4 урона: броня 1 предотвращает 1 урон — теперь на нём 3 урона "
        "(сила 8, до уничтожения ещё 5)."
    )
    assert out.count("оберег отменяет") == 1  # said once, in the line
    guard = unit(await state_of(services), "Страж")
    assert guard.value("ward") == 0 and guard.value("damage") == 0
    await console.execute("/token add target:Тролль token:оглушение")
    out = await console.execute("/kf fight attacker:Тролль target:Страж")
    assert "боя нет, существо истощается и только снимает оглушение" in out  # EN12 KF-2
    assert "⚔" not in out
    state = await state_of(services)
    assert unit(state, "Тролль").value("stun") == 0 and unit(state, "Страж").value("damage") == 0


async def test_same_side_or_unknown_is_refused_and_nothing_changes(
    console: Console, services: Services
) -> None:
    await _table(console)
    await console.execute("/unit add Орк life:3")
    before = await state_of(services)
    out = await console.execute("/kf fight attacker:Тролль target:Орк")
    assert "существа одной стороны" in out
    out = await console.execute("/kf fight attacker:Тролль target:Тролль")  # playtest 6 K4
    assert "Существо не может сражаться само с собой: «Тролль»" in out
    out = await console.execute("/kf fight attacker:Тролль target:Никто")
    assert "Нет существа или игрока «Никто»" in out
    assert await state_of(services) == before
