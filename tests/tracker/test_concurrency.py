"""Many changes at once: arithmetic happens in SQL, so nothing is lost and undo is exact."""

from __future__ import annotations

import asyncio

from bot.context import Services, UserRef
from bot.handlers import tracker_ops as service
from bot.registry import UserError
from tests.helpers.tracker import CHANNEL, MakeCtx
from tests.storage import fixtures as both

# Every test here runs on SQLite and on PostgreSQL.
pg_server, target, services = both.pg_server, both.target, both.services


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
    _, undone = await service.undo(make_ctx("alice"), 100)
    assert len(undone) == 100
    assert await _life(services) == 20
    after = await service.load_state(services.storage, CHANNEL)
    assert after is not None and after.participants == state.participants


async def test_concurrent_changes_stop_at_the_bound(services: Services, make_ctx: MakeCtx) -> None:
    """KeyForge chains are 0–24: of 30 concurrent +1s exactly 24 land, the rest are refused."""
    await service.start(make_ctx("alice"), "keyforge", [UserRef.from_name("bob")], {})
    game_id = await services.storage.tracker.active_game_id(CHANNEL)
    assert game_id is not None
    before = await services.storage.tracker.event_count(game_id)
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
    assert await services.storage.tracker.event_count(game_id) == before + 24


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


async def test_two_concurrent_starts_make_one_game(services: Services, make_ctx: MakeCtx) -> None:
    results = await asyncio.gather(
        service.start(make_ctx("alice"), "keyforge", [], {}),
        service.start(make_ctx("bob"), "berserk", [], {}),
        return_exceptions=True,
    )
    refused = [r for r in results if isinstance(r, UserError)]
    assert len(refused) == 1 and refused[0].key == "tracker.error.exists"
    state = await service.load_state(services.storage, CHANNEL)
    assert state is not None and len(state.participants) == 1


async def test_changes_racing_the_end_of_the_game_are_refused(
    services: Services, make_ctx: MakeCtx
) -> None:
    await service.start(make_ctx("alice"), "mage-wars", [UserRef.from_name("bob")], {"life": 5})
    results = await asyncio.gather(
        service.damage(make_ctx("alice"), "bob", 5),
        *(service.damage(make_ctx("bob"), "alice", 1) for _ in range(10)),
        return_exceptions=True,
    )
    # Whichever commits first: alice's hit ends the game (bob's mage falls), or bob's fifth hit
    # does (alice's falls). Nothing else may fail, and every hit refused is not counted.
    assert not [r for r in results if isinstance(r, BaseException) and not isinstance(r, UserError)]
    refused = [r for r in results if isinstance(r, UserError)]
    # Refused inside the step ("ended"), or read after the end committed (no game any more):
    # PostgreSQL reads do not wait for this process's writes.
    assert refused and all(
        r.key in ("tracker.error.ended", "tracker.error.no_game") for r in refused
    )
    game_id = await services.storage.tracker.latest_game_id(CHANNEL)
    assert game_id is not None
    state = await services.storage.tracker.load(game_id)
    assert state is not None and state.status == "ended"
    alice = next(u for u in state.units if u.name == "alice")
    bob = next(u for u in state.units if u.name == "bob")
    bob_hits_landed = sum(not isinstance(r, BaseException) for r in results[1:])
    assert alice.value("damage") == bob_hits_landed
    assert bob.value("damage") == (0 if isinstance(results[0], BaseException) else 5)
    assert alice.destroyed or bob.destroyed
