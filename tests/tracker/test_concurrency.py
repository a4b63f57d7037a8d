"""Many changes at once: arithmetic happens in SQL, so nothing is lost and undo is exact."""

from __future__ import annotations

import asyncio

from bot.context import Services, UserRef
from bot.registry import UserError
from bot.tracker import service
from tests.tracker.conftest import CHANNEL, MakeCtx


async def _life(services: Services) -> int:
    state = await service.load_state(services.storage, CHANNEL)
    assert state is not None
    return state.participants[0].value("life")


async def test_hundred_concurrent_increments(services: Services, make_ctx: MakeCtx) -> None:
    await service.start(make_ctx("alice"), "custom", [], {"life": 20})
    state = await service.load_state(services.storage, CHANNEL)
    assert state is not None
    before_events = await services.storage.tracker.event_count(state.game.id)
    ctxs = [make_ctx("alice") for _ in range(100)]
    await asyncio.gather(*(service.add(c, "alice", "life", 1) for c in ctxs))
    assert await _life(services) == 120
    events = await services.storage.tracker.event_count(state.game.id)
    assert events - before_events == 100
    steps = await services.storage.tracker.history(state.game.id)
    assert sum(1 for s in steps if s.action == "add") == 100
    await service.undo(make_ctx("alice"), 20)
    for _ in range(8):
        await service.undo(make_ctx("alice"), 10)
    assert await _life(services) == 20
    after = await service.load_state(services.storage, CHANNEL)
    assert after is not None and after.participants == state.participants


async def test_concurrent_changes_stop_at_the_bound(services: Services, make_ctx: MakeCtx) -> None:
    """KeyForge chains are 0–24: of 30 concurrent +1s exactly 24 land, the rest are refused."""
    await service.start(make_ctx("alice"), "keyforge", [UserRef.from_name("bob")], {})
    results = await asyncio.gather(
        *(service.add(make_ctx("alice"), "bob", "chains", 1) for _ in range(30)),
        return_exceptions=True,
    )
    refused = [r for r in results if isinstance(r, UserError)]
    assert len(refused) == 6 and all(r.key == "tracker.error.bounds" for r in refused)
    state = await service.load_state(services.storage, CHANNEL)
    assert state is not None
    bob = next(p for p in state.participants if p.name == "bob")
    assert bob.value("chains") == 24
    assert await services.storage.tracker.event_count(state.game.id) == 24 + _start_events(state)


def _start_events(state: object) -> int:
    # the start step records each participant (1) and each counter created (4 per player)
    return 2 * (1 + 4)


async def test_concurrent_mixed_commands_all_notify(
    services: Services, make_ctx: MakeCtx, notified: list[int]
) -> None:
    await service.start(make_ctx("alice"), "mage-wars", [UserRef.from_name("bob")], {"life": 30})
    notified.clear()
    await service.add_unit(make_ctx("alice"), "Wolf", None, {"life": 20})
    await asyncio.gather(
        *(service.damage(make_ctx("alice"), "Wolf", 1) for _ in range(10)),
        *(service.token(make_ctx("bob"), "Wolf", "burn", 1) for _ in range(5)),
        *(service.mana(make_ctx("bob"), -1) for _ in range(5)),
    )
    state = await service.load_state(services.storage, CHANNEL)
    assert state is not None
    wolf = next(u for u in state.units if u.name == "Wolf")
    assert wolf.value("damage") == 10 and wolf.value("burn") == 5
    bob_mage = next(u for u in state.units if u.name == "bob")
    assert bob_mage.value("mana") == 5
    assert notified == [CHANNEL] * 21
