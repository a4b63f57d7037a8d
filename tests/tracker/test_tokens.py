"""Tokens: removing absent tokens is refused, removing too many takes them all."""

from __future__ import annotations

from bot.console import Console
from bot.context import Services
from bot.handlers import tracker_ops as service
from tests.helpers.tracker import BOB, MakeCtx, refused, state_of, unit


async def test_removing_absent_tokens_is_a_clear_refusal(
    services: Services, make_ctx: MakeCtx, console: Console
) -> None:
    alice = make_ctx("alice")
    await service.start(alice, "mage-wars", [BOB], {"life": 20})
    await service.add_unit(alice, "Волк", None, {"life": 8})
    key = "tracker.error.no_such_tokens"  # ru-19 G4: as the board line, in every game
    text = await refused(services, lambda: service.token(alice, "Волк", "burn", -2), key)
    assert text == "Волк · горение: 0 — снимать нечего."
    out = await console.execute("/token remove target:Волк token:burn count:2")
    assert out.startswith("✖") and "Волк · горение: 0 — снимать нечего." in out
    assert "вне пределов" not in out


async def test_removing_more_tokens_than_there_are_takes_them_all(
    services: Services, make_ctx: MakeCtx
) -> None:
    alice = make_ctx("alice")
    await service.start(alice, "mage-wars", [BOB], {"life": 20})
    await service.add_unit(alice, "Волк", None, {"life": 8})
    await service.token(alice, "Волк", "горение", 1)
    out = await service.token(alice, "Волк", "burn", -3)
    assert [(c.key, c.before, c.after) for c in out.changes] == [("burn", 1, 0)]
    await service.undo(alice)
    assert unit(await state_of(services), "Волк").value("burn") == 1


async def test_a_rename_quotes_the_new_name(console: Console) -> None:
    # playtest 4 slip 4: after «зовётся» the new name stands in quotes (no case to decline)
    await console.execute("/game start game:mage-wars life:20")
    await console.execute("/unit add name:Ведьма life:5")
    out = await console.execute("/unit rename target:Ведьма name:Старая ведьма")
    assert "Существо «Ведьма» теперь зовётся «Старая ведьма»." in out


async def test_healing_nothing_says_why(console: Console) -> None:
    # playtest 4 slip 33: a bare «Ничего не изменилось.» gave no reason and no ✖
    await console.execute("/game start game:mage-wars life:20")
    await console.execute("/unit add name:Страж life:6")
    out = await console.execute("/heal target:Страж amount:1")
    assert out.startswith("✖") and "«Страж»: повреждений нет — лечить нечего." in out
    await console.execute("/dmg target:Страж amount:2")
    assert "повреждения: 2 → 1" in await console.execute("/heal target:Страж amount:1")
