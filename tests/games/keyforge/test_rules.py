"""KeyForge rules in the tracker, each with its seed line (`004_724e96b4e70e55e6.txt`) or, for
Check! and ward, the published rules the seed does not hold."""

from __future__ import annotations

from bot.console import Console
from bot.context import Services
from bot.games.keyforge.rules import Hit, can_forge, destroyed, hit, take
from bot.tracker.model import GameState, Participant
from tests.games.seeds import seed_line
from tests.helpers.tracker import state_of, unit


def test_pure_rules() -> None:
    seed_line("004", 39, "Броня предотвращает объём урона", "до конца хода")
    assert hit(1, armor=2, armor_used=0, ward=0) == Hit(1, False, 0)
    assert hit(3, armor=2, armor_used=0, ward=0) == Hit(2, False, 1)  # the seed's example
    assert hit(3, armor=2, armor_used=2, ward=0) == Hit(0, False, 3)  # armor spent this turn
    assert hit(3, armor=2, armor_used=0, ward=1) == Hit(2, True, 0)
    assert hit(1, armor=2, armor_used=0, ward=1) == Hit(1, False, 0)  # ward kept
    assert destroyed(0, 0, 0) and not destroyed(1, 0, 0) and destroyed(2, 1, 3)
    assert can_forge(6, 0, 6) and not can_forge(5, 0, 6) and not can_forge(9, 3, 6)
    assert take(3, 1) == 1 and take(2, 5) == 2 and take(2, 0) == 0


def _player(state: GameState, name: str) -> Participant:
    return next(p for p in state.participants if p.name == name)


async def test_check_is_announced_by_the_player_whose_turn_ends(console: Console) -> None:
    await console.execute("/game start game:keyforge player1:bob")
    await console.execute("/add target:alice stat:янтарь amount:6")
    await console.execute("/add target:bob stat:янтарь amount:7")
    out = await console.execute("/game next")
    assert "Шах! Янтаря хватает на ключ: alice выкует его в начале своего следующего хода" in out
    assert "В начале хода bob выковывает ключ за 6 янтаря (когда янтаря хватает" in out
    # the hand-over is said once, by the header (playtest 8, G1)
    assert "ходит bob" in out.split("\n")[0] and "Ходит bob." not in out


async def test_captured_aember_goes_back_on_removal(console: Console, services: Services) -> None:
    seed_line("004", 73, "берётся из личных запасов оппонента")
    seed_line("004", 75, "отправляется в личные запасы оппонента")
    await console.execute("/game start game:keyforge player1:bob")
    await console.execute("/add target:bob stat:янтарь amount:2")
    await console.execute("/unit add Troll power:5")
    out = await console.execute("/kf capture Troll amount:3")
    assert "bob · янтарь: 2 → 0" in out and "захваченный янтарь: 0 → 2" in out
    out = await console.execute("/unit remove Troll")
    assert "возвращается в запас игрока bob" in out
    assert "уходит со стола" not in out  # playtest 4, slip 25: it leaves play once, in KF words
    state = await state_of(services)
    assert _player(state, "bob").value("aember") == 2
    out = await console.execute("/game undo")
    state = await state_of(services)
    assert _player(state, "bob").value("aember") == 0
    assert unit(state, "Troll").value("captured") == 2


async def test_power_zero_creature_is_destroyed_when_added(console: Console) -> None:
    out = await console.execute("/game start game:keyforge player1:bob")
    out = await console.execute("/unit add Голем power:0")
    assert "💀 Существо «Голем» уничтожено" in out
    out = await console.execute("/unit add Великан power:1")
    assert "уничтожен" not in out


async def test_ward_and_armor(console: Console, services: Services) -> None:
    await console.execute("/game start game:keyforge player1:bob")
    await console.execute("/unit add Krump power:4 armor:1")
    out = await console.execute("/token add Krump token:оберег")
    assert "Оберег: отменяет следующий урон" in out
    out = await console.execute("/dmg Krump amount:3")
    assert "броня 1 предотвращает 1 урон (до конца хода броня израсходована)" in out  # KF-4
    assert "✨ Оберег отменяет ещё 2 урона и снимается (оберег 1 → 0)." in out
    assert "брони израсходовано" not in out and "· оберег: 1 → 0" not in out
    state = await state_of(services)
    assert unit(state, "Krump").value("damage") == 0 and unit(state, "Krump").value("ward") == 0
    out = await console.execute("/dmg Krump amount:3")  # armor spent this turn
    assert "урон: 0 → 3" in out
    await console.execute("/game next")
    out = await console.execute("/dmg Krump amount:1")  # a new turn: armor is back
    assert "предотвращает" in out
    out = await console.execute("/token add Krump token:оглушение")
    assert "Оглушение: в следующий раз" in out
    out = await console.execute("/token add Krump token:ярость")
    assert "должно сражаться" in out


async def test_steal(console: Console, services: Services) -> None:
    await console.execute("/game start game:keyforge player1:bob")
    out = await console.execute("/kf steal amount:2")
    assert "нет янтаря" in out
    await console.execute("/add target:bob stat:янтарь amount:1")
    out = await console.execute("/kf steal amount:2")
    assert "alice крадёт у игрока bob 1 янтарь" in out
    console.lang = "en"
    out = await console.execute("/kf steal amount:2")
    assert "has no Æmber" in out


async def test_steal_and_capture_name_the_victim_in_the_genitive(console: Console) -> None:
    """Playtest 3 slips 1–2: «у Ани», «из запаса Ани», the creature's name without quotes."""
    console.user = "Боря"
    await console.execute("/game start game:keyforge player1:Аня")
    await console.execute("/add target:Аня stat:янтарь amount:3")
    out = await console.execute("/kf steal amount:2")
    assert "Боря крадёт у Ани 2 янтаря." in out
    await console.execute("/unit add Гоблин-вор power:3")
    out = await console.execute("/kf capture Гоблин-вор amount:1")
    assert "Гоблин-вор захватывает 1 янтарь из запаса Ани." in out


async def test_a_token_is_explained_where_it_is_put_on_not_on_every_board(
    console: Console,
) -> None:
    """Playtest 8 slip K2: the meaning comes with `/token add`; the board repeats no legend."""
    await console.execute("/game start game:keyforge player1:bob")
    await console.execute("/unit add Krump power:4")
    out = await console.execute("/token add Krump token:оглушение")
    assert "Оглушение: в следующий раз, когда существо используют" in out
    out = await console.execute("/token add Krump token:оберег")
    assert "Оберег: отменяет следующий урон или уничтожение этого существа" in out
    out = await console.execute("/game show")
    assert "Оглушение:" not in out and "Оберег:" not in out and "Ярость:" not in out


async def test_wards_do_not_stack(console: Console, services: Services) -> None:
    """A creature has a ward or not: a second ward (or count:3) is refused, nothing changed."""
    await console.execute("/game start game:keyforge player1:bob")
    await console.execute("/unit add Krump power:4")
    out = await console.execute("/token add Krump token:ward count:3")
    # playtest 12 K1: said as the rule, not as a range «(0…1)»
    assert out.startswith("✖") and "не больше одного такого жетона" in out
    assert unit(await state_of(services), "Krump").value("ward") == 0
    await console.execute("/token add Krump token:ward")
    out = await console.execute("/token add Krump token:ward")
    assert out.startswith("✖")
    assert unit(await state_of(services), "Krump").value("ward") == 1
