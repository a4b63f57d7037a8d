"""Mage Wars: each Tainted counts as 3 damage nothing heals."""

from __future__ import annotations

from bot.console import Console
from bot.context import Services
from bot.handlers import tracker_ops as service
from tests.helpers.tracker import BOB, MakeCtx, bar_of, unit


async def test_tainted_counts_three_damage_each_for_the_bar_destruction_and_healing(
    services: Services, make_ctx: MakeCtx, console: Console
) -> None:
    alice = make_ctx("alice")
    await service.start(alice, "mage-wars", [BOB], {"life": 20})
    await service.add_unit(alice, "Волк", None, {"life": 8})
    out = await service.token(alice, "Волк", "разложение", 1)
    assert not out.notes and await bar_of(console, "Волк") == "5/8"
    await service.damage(alice, "Волк", 2)
    out = await service.heal(alice, "Волк", 10)  # heals the 2, never the Tainted 3
    assert [(c.before, c.after) for c in out.changes] == [(2, 0)]
    assert await bar_of(console, "Волк") == "5/8"
    out = await service.token(alice, "Волк", "разложение", 1)  # 6 of 8
    out = await service.damage(alice, "Волк", 5)  # only 2 more fit
    assert [(c.before, c.after) for c in out.changes] == [(0, 2)]
    assert [n.key for n in out.notes] == ["tracker.note.destroyed"]
    assert unit(out.state, "Волк").destroyed


async def test_a_tainted_token_alone_can_destroy_and_its_removal_restores_life(
    services: Services, make_ctx: MakeCtx, console: Console
) -> None:
    alice = make_ctx("alice")
    await service.start(alice, "mage-wars", [BOB], {"life": 20})
    await service.add_unit(alice, "Бес", None, {"life": 4})
    await service.token(alice, "Бес", "tainted", 1)
    out = await service.token(alice, "Бес", "tainted", -1)  # removed by a spell: life back
    assert await bar_of(console, "Бес") == "4/4"
    await service.damage(alice, "Бес", 2)
    out = await service.token(alice, "Бес", "tainted", 1)  # 2 + 3 ≥ 4
    assert [n.key for n in out.notes] == ["tracker.note.destroyed"]
