"""Warhammer Fantasy: the power and dispel pools in a tracked game."""

from __future__ import annotations

from bot.context import Services
from bot.games.whfb.ui.commands import set_pools, spend_pool
from bot.handlers import tracker_ops as service
from bot.handlers.tracker import outcome_reply
from bot.handlers.tracker_layout import render_live
from bot.registry import UserError
from bot.tracker.templates import template
from tests.helpers.tracker import BOB, MakeCtx, refused, state_of


async def test_whfb_pools(services: Services, make_ctx: MakeCtx) -> None:
    alice = make_ctx("alice")
    await service.start(alice, "whfb", [BOB], {})
    await service.set_value(alice, "alice", "волшебники", 2)
    await set_pools(alice, None, power=7, dispel=None)
    await set_pools(alice, BOB, power=None, dispel=5)
    await spend_pool(alice, "power", 3)
    try:
        await spend_pool(alice, "power", 5)
    except UserError as err:
        assert err.key == "tracker.error.short_power"
    state = await state_of(services)
    assert state.participants[0].value("power") == 4
    assert state.participants[1].value("dispel") == 5
    out = await service.next_round(alice)
    assert all(p.value("power") == 0 and p.value("dispel") == 0 for p in out.state.participants)
    assert out.state.participants[0].value("wizards") == 2


async def test_spending_more_dice_than_the_pool_holds_says_so(
    services: Services, make_ctx: MakeCtx
) -> None:
    alice = make_ctx("alice")
    await service.start(alice, "whfb", [BOB], {})
    text = await refused(
        services, lambda: spend_pool(alice, "power", 3), "tracker.error.short_power"
    )
    assert text == "alice: не хватает кубиков силы — в пуле 0, нужно 3. Ничего не изменено."
    await set_pools(alice, BOB, dispel=2)
    text = await refused(
        services,
        lambda: spend_pool(alice, "dispel", 3, BOB),
        "tracker.error.short_dispel",
        "en",
    )
    assert text == "Not enough dispel dice: bob has 2 in the pool, 3 needed. Nothing changed."
    out = await spend_pool(alice, "dispel", 2, BOB)
    assert [(c.key, c.before, c.after) for c in out.changes] == [("dispel", 2, 0)]


async def test_whfb_wizards_are_called_as_the_rules_call_them(
    services: Services, make_ctx: MakeCtx
) -> None:
    alice = make_ctx("alice")
    tpl = template("whfb")
    assert tpl.label("wizards", "ru") == "маги"
    assert {tpl.resolve_stat(s) for s in ("волшебники", "маги", "wizards")} == {"wizards"}
    assert tpl.resolve_stat("маг") == "wizard"  # a unit's mark (playtest 7, W4)
    await service.start(alice, "whfb", [BOB], {})
    out = await service.set_value(alice, "alice", "волшебники", 2)
    assert outcome_reply(alice, out).body == "alice · маги: 0 → 2"
    assert "маги 2" in render_live(out.state, "ru").fields[0].value
