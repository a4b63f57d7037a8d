"""The Mage Wars rules in a tracked game, typed into the console (seed 000 lines quoted)."""

from __future__ import annotations

from bot.console import Console
from bot.context import Services
from tests.games.seeds import seed_line
from tests.helpers.tracker import state_of, unit


async def _start(console: Console) -> None:
    await console.execute("/game start game:mage-wars player1:bob life:20")
    await console.execute("/unit add Страж life:8 armor:2 defense:8")


async def test_corrode_beyond_armor_by_token_add(console: Console, services: Services) -> None:
    seed_line("000", 49, "вместо жетона")
    await _start(console)
    out = await console.execute("/token add Страж token:коррозия count:3")
    assert "коррозия: 0 → 2" in out
    assert "повреждения: 0 → 1" in out and "1 прямое повреждение" in out
    state = await state_of(services)
    assert unit(state, "Страж").value("corrode") == 2
    assert unit(state, "Страж").value("damage") == 1
    out = await console.execute("/game undo")  # one step: tokens and damage together
    state = await state_of(services)
    assert unit(state, "Страж").value("corrode") == 0
    assert unit(state, "Страж").value("damage") == 0


async def test_corrode_beyond_armor_by_attack_effect(console: Console, services: Services) -> None:
    await _start(console)
    await console.execute("/token add Страж token:коррозия count:2")
    out = await console.execute("/mw attack dice:1 target:Страж defense:0 effect:1+ Corrode")
    assert "1 прямое повреждение" in out
    state = await state_of(services)
    assert unit(state, "Страж").value("corrode") == 2


async def test_cripple_and_stuck_restrain_a_target(console: Console) -> None:
    seed_line("000", 57, "Restrained")
    await _start(console)
    await console.execute("/token add Страж token:паралич")
    out = await console.execute("/odds mw dice:3 target:Страж")
    assert "Связанный" in out and "−2" in out
    # defense 8, −2 for Restrained: 10+ avoids, 3 of 12
    assert "25" in out
    out = await console.execute("/odds mw dice:3 target:Страж restrained:false")
    assert "Связан" not in out


async def test_tainted_counts_three_in_life_left(console: Console) -> None:
    seed_line("000", 281, "3 повреждения")
    await _start(console)
    await console.execute("/dmg Страж amount:1")
    await console.execute("/token add Страж token:разложение")
    out = await console.execute("/odds mw dice:3 target:Страж")
    assert "оставшаяся жизнь 4" in out  # 8 − 1 − 3


async def test_daze_and_stun_end_with_the_round(console: Console, services: Services) -> None:
    seed_line("000", 68, "Все жетоны Daze удаляются в конце фазы действий")
    seed_line("000", 273, "Все жетоны Stun удаляются в конце фазы действия")
    await _start(console)
    await console.execute("/token add Страж token:оцепенение count:2")
    await console.execute("/token add Страж token:оглушение")
    out = await console.execute("/game next")
    assert "Страж — сняты 2 жетона оцепенения и 1 жетон оглушения" in out
    state = await state_of(services)
    assert unit(state, "Страж").value("daze") == 0 and unit(state, "Страж").value("stun") == 0
    out = await console.execute("/odds mw dice:3 target:Страж")
    assert "оцепенение" not in out and "Недееспособность" not in out


async def test_regenerate_first_before_lethal_upkeep(console: Console, services: Services) -> None:
    await _start(console)
    await console.execute("/unit add Тролль life:5 regenerate:2")
    await console.execute("/dmg Тролль amount:3")
    await console.execute("/token add Тролль token:отравление count:2")
    out = await console.execute("/game next")
    assert "сначала регенерация, потом повреждения" in out
    state = await state_of(services)
    assert not unit(state, "Тролль").destroyed
    assert unit(state, "Тролль").value("damage") == 3  # 3 − 2 + 2


async def test_finite_life_blocks_heal(console: Console, services: Services) -> None:
    await _start(console)
    await console.execute("/unit add Голем life:6")
    await console.execute("/set target:Голем stat:finite life value:1")
    await console.execute("/dmg Голем amount:3")
    out = await console.execute("/heal Голем amount:2")
    assert "нельзя лечиться" in out
    state = await state_of(services)
    assert unit(state, "Голем").value("damage") == 3


async def test_sleep_turns_to_daze_when_damaged(console: Console, services: Services) -> None:
    seed_line("000", 261, "удалите жетон Sleep и замените на Daze")
    await _start(console)
    await console.execute("/token add Страж token:сон")
    out = await console.execute("/mw attack dice:6 target:Страж armor:0")
    state = await state_of(services)
    assert unit(state, "Страж").value("damage") > 0  # the seeded dice hit
    assert "просыпается" in out
    assert unit(state, "Страж").value("sleep") == 0
    assert unit(state, "Страж").value("daze") == 1


async def test_sleep_turns_to_daze_on_dmg_too(console: Console, services: Services) -> None:
    await _start(console)
    await console.execute("/token add Страж token:сон")
    out = await console.execute("/dmg Страж amount:1")
    assert "просыпается" in out
    state = await state_of(services)
    assert unit(state, "Страж").value("sleep") == 0 and unit(state, "Страж").value("daze") == 1
    out = await console.execute("/dmg Страж amount:1")  # awake now: nothing more
    assert "просыпается" not in out
    assert unit(await state_of(services), "Страж").value("daze") == 1
