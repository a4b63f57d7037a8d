"""The repository contract on both back ends: two connections (as two processes would) share one
database, interleave changes, undo and redo, and the state always equals the event log's replay."""

from __future__ import annotations

import asyncio
import random
from collections.abc import AsyncIterator, Coroutine
from typing import Any

import pytest

from bot.app import create_services
from bot.config import Settings
from bot.context import Ctx, Services, UserRef
from bot.handlers import tracker_ops as service
from bot.registry import UserError
from bot.tracker.ports import GameChanged
from bot.tracker.step import Step, run_step
from tests.helpers.tracker import CHANNEL
from tests.storage import fixtures as both

# Every test here runs on SQLite and on PostgreSQL.
pg_server, target, services = both.pg_server, both.target, both.services


def ctx(svc: Services, name: str = "alice") -> Ctx:
    return Ctx(
        services=svc,
        user=UserRef.from_name(name),
        channel_id=CHANNEL,
        guild_id=1,
        lang="ru",
        can_manage=False,
    )


@pytest.fixture
async def second(target: str, services: Services) -> AsyncIterator[Services]:
    """Another connection to the same database: what a second process sees and does."""
    svc = await create_services(Settings(), db_path=target, rng=random.Random(99))
    svc.clock = services.clock
    try:
        yield svc
    finally:
        await svc.storage.close()


async def life(svc: Services) -> int:
    state = await service.load_state(svc.storage, CHANNEL)
    assert state is not None
    return state.participants[0].value("life")


async def replay_matches(svc: Services) -> None:
    """Every field equals the last done event's `after`, or (touched only by undone or dropped
    steps) the first such event's `before`."""
    game_id = await svc.storage.tracker.latest_game_id(CHANNEL)
    assert game_id is not None
    steps = sorted(await svc.storage.tracker.history(game_id), key=lambda s: s.id)
    expected: dict[tuple[str, int, str], Any] = {}
    touched_done: set[tuple[str, int, str]] = set()
    for s in steps:
        for ev in s.events:
            k = (ev.entity, ev.row_id, ev.field)
            if s.status == "done":
                expected[k] = ev.after
                touched_done.add(k)
            elif k not in expected:
                expected[k] = ev.before
    state = await svc.storage.tracker.load(game_id)
    assert state is not None
    counters = {
        c.id: c.value
        for h in (*state.all_participants, *state.all_units)
        for c in (*h.counters, *h.tokens)
    }
    for (entity, row, field), value in expected.items():
        if entity == "counter" and field == "value" and row in counters:
            assert counters[row] == value, (row, counters[row], value)


async def test_redo_after_another_process_changed_is_empty(
    services: Services,
    second: Services,
) -> None:
    """The lost-update of issue 12: B's change must drop A's redo stack, whatever B cached."""
    await service.start(ctx(services), "custom", [], {"life": 20})
    await service.add(ctx(services), "alice", "life", 1)
    await service.add(ctx(second), "alice", "life", 1)  # B has written to the game once
    await service.undo(ctx(services))
    await service.add(ctx(second), "alice", "life", 5)  # a new step: nothing left to redo
    with pytest.raises(UserError) as err:
        await service.redo(ctx(services))
    assert err.value.key.startswith("tracker.")
    assert await life(services) == await life(second) == 26
    await replay_matches(services)


async def test_a_copy_held_by_one_process_is_not_trusted_after_another_writes(
    services: Services,
    second: Services,
) -> None:
    await service.start(ctx(services), "custom", [], {"life": 20})
    assert await life(services) == 20  # A holds the game in memory now
    await service.add(ctx(second), "alice", "life", -3)
    assert await life(services) == 17
    await service.undo(ctx(second))
    assert await life(services) == 20
    await service.redo(ctx(services))
    assert await life(second) == 17


async def test_interleaved_changes_undo_redo_match_the_log(
    services: Services,
    second: Services,
) -> None:
    await service.start(ctx(services), "custom", [], {"life": 50})
    rng = random.Random(7)
    for _round in range(12):
        ops: list[Coroutine[Any, Any, object]] = []
        for _ in range(6):
            svc = rng.choice([services, second])
            kind = rng.choice(["add", "add", "sub", "undo", "redo"])
            if kind == "add":
                ops.append(service.add(ctx(svc), "alice", "life", rng.randint(1, 3)))
            elif kind == "sub":
                ops.append(service.add(ctx(svc), "alice", "life", -rng.randint(1, 3)))
            elif kind == "undo":
                ops.append(service.undo(ctx(svc)))
            else:
                ops.append(service.redo(ctx(svc)))
        results = await asyncio.gather(*ops, return_exceptions=True)
        for r in results:
            assert not isinstance(r, Exception) or isinstance(r, UserError), r
        await replay_matches(services)
        assert await life(services) == await life(second)


async def test_twenty_concurrent_unit_adds_get_twenty_names(
    services: Services,
    second: Services,
) -> None:
    await service.start(ctx(services), "mage-wars", [UserRef.from_name("bob")], {"life": 30})
    await asyncio.gather(
        *(service.add_unit(ctx(s), "Bear", None, {"life": 5}) for s in [services, second] * 10)
    )
    state = await service.load_state(services.storage, CHANNEL)
    assert state is not None
    names = sorted(u.name for u in state.units if u.kind == "creature")
    assert len(names) == len(set(names)) == 20
    assert set(names) == {"Bear", *(f"Bear {n}" for n in range(2, 21))}
    game_id = state.game.id
    recorded = {
        s.params.get("unit")
        for s in await services.storage.tracker.history(game_id)
        if s.action == "unit.add"
    }
    assert recorded == set(names)  # the log names the unit each step really made
    await service.damage(ctx(second), "Bear 7", 1)  # not ambiguous


async def test_counter_bounds_hold_across_connections(
    services: Services,
    second: Services,
) -> None:
    await service.start(ctx(services), "keyforge", [UserRef.from_name("bob")], {})
    results = await asyncio.gather(
        *(service.add(ctx(s), "bob", "chains", 1) for s in [services, second] * 15),
        return_exceptions=True,
    )
    assert sum(1 for r in results if isinstance(r, UserError)) == 6
    state = await service.load_state(second.storage, CHANNEL)
    assert state is not None
    bob = next(p for p in state.participants if p.name == "bob")
    assert bob.value("chains") == 24


async def test_a_step_from_a_copy_another_process_overtook_writes_nothing(
    services: Services,
    second: Services,
) -> None:
    """A step works from the copy the command read; the close checks that copy is still current
    (one statement), so a write that slipped in between makes the step write nothing at all."""
    await service.start(ctx(services), "custom", [], {"life": 20})
    repo = services.storage.tracker
    state = await repo.load_active(CHANNEL)
    assert state is not None
    counter = state.participants[0].counter("life")
    assert counter is not None
    await service.add(ctx(second), "alice", "life", -3)  # B writes after A read the game
    events = await repo.event_count(state.game.id)
    with pytest.raises(GameChanged):
        async with repo.change(
            state.game.id, at=1, user_id=1, user_name="a", action="add", base=state
        ) as tx:
            assert await tx.adjust(counter.id, 5) == (20, 25)  # worked out from A's copy
    assert await repo.event_count(state.game.id) == events
    assert await life(services) == await life(second) == 17


async def test_a_command_whose_copy_was_overtaken_runs_again_on_a_fresh_read(
    services: Services,
    second: Services,
) -> None:
    await service.start(ctx(services), "custom", [], {"life": 20})
    stale = await services.storage.tracker.load_active(CHANNEL)
    assert stale is not None
    await service.add(ctx(second), "alice", "life", -3)
    table = service.table(ctx(services))
    alice = stale.participants[0]
    counter = alice.counter("life")
    assert counter is not None

    async def body(step: Step) -> None:
        await step.adjust(alice, counter.id, "life", 5)

    outcome = await run_step(table, stale, "add", body)
    assert [(c.before, c.after) for c in outcome.changes] == [(17, 22)]
    assert await life(second) == 22
    await replay_matches(second)
