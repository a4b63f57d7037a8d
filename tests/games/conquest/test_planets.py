"""Conquest: planets won go on a player's list, each planet once; units are squads."""

from __future__ import annotations

from bot.console import Console
from bot.context import Ctx, Services
from bot.handlers import tracker_ops as service
from tests.helpers.tracker import BOB, MakeCtx, refused, state_of


async def test_a_planet_is_won_only_once(services: Services, make_ctx: MakeCtx) -> None:
    alice = make_ctx("alice")
    await service.start(alice, "conquest", [BOB], {"hale": 6, "bloodied": 3})
    await service.add_item(alice, "planets", "Tarrus")
    for who, typed in ((alice, "Tarrus"), (make_ctx("bob"), "  tarrus ")):

        async def win(w: Ctx = who, n: str = typed) -> object:
            return await service.add_item(w, "planets", n)

        text = await refused(services, win, "tracker.error.planets_taken")
        assert text == "Планета «Tarrus» уже захвачена (владелец — alice). Ничего не изменено."
    await service.add_item(make_ctx("bob"), "planets", "Elouith")
    state = await state_of(services)
    assert [p.lists.get("planets") for p in state.participants] == [("Tarrus",), ("Elouith",)]


async def test_conquest_announces_a_squad_and_mage_wars_a_creature(
    make_ctx: MakeCtx, console: Console
) -> None:
    alice = make_ctx("alice")
    await service.start(alice, "conquest", [BOB], {"hale": 7, "bloodied": 4})
    out = await console.execute("/unit add name:Scouts life:2")
    assert "Новый отряд: Scouts (alice) · ❤ 2" in out and "существо" not in out
    out = await console.execute("/dmg target:Zed amount:2")  # seed 003:129 «нанести урон отряду»
    assert "Нет отряда или игрока «Zed»." in out and "существ" not in out
    await service.end(alice)
    await service.start(alice, "mage-wars", [BOB], {"life": 20})
    out = await console.execute("/unit add name:Волк life:3")
    assert "Новое существо: Волк" in out
    out = await console.execute("/dmg target:Zed amount:2")
    assert "Нет существа или игрока «Zed»." in out
