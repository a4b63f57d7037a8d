"""Each interaction applies once (issue 18, defect 2's second guard), on both back ends: the
same interaction delivered to two processes, or twice to one, changes the game and the roll
log once; one interaction's several steps are all its own; old ids are pruned by age."""

from __future__ import annotations

import asyncio
import random
from collections.abc import AsyncIterator, Awaitable, Callable
from typing import Any

import pytest

from bot.app import create_services
from bot.config import Settings
from bot.context import Services
from bot.handlers import tracker_ops as service
from bot.storage import dedupe
from bot.storage.api import RollRecord
from bot.storage.dedupe import DuplicateInteraction, delivering
from tests.storage import fixtures as both
from tests.storage.faults_support import ctx
from tests.storage.test_contract import life

pg_server, target, services = both.pg_server, both.target, both.services


@pytest.fixture
async def second(target: str) -> AsyncIterator[Services]:
    """Another process's services on the same database."""
    svc = await create_services(Settings(), db_path=target, rng=random.Random(9))
    try:
        yield svc
    finally:
        await svc.storage.close()


async def deliver(interaction_id: int, work: Callable[[], Awaitable[Any]]) -> Any:
    """Serve `work` as interaction `interaction_id`, in a task of its own (as discord.py does)."""

    async def run() -> Any:
        delivering(interaction_id)
        return await work()

    return await asyncio.create_task(run())


async def test_ten_adds_each_delivered_to_two_processes_apply_once(
    services: Services, second: Services
) -> None:
    await deliver(1, lambda: service.start(ctx(services), "custom", [], {"life": 20}))
    for i in range(10):
        iid = 1000 + i
        await deliver(iid, lambda: service.add(ctx(services), "alice", "life", 1))
        with pytest.raises(DuplicateInteraction):  # the other process got it too
            await deliver(iid, lambda: service.add(ctx(second), "alice", "life", 1))
    assert await life(services) == await life(second) == 30
    with pytest.raises(DuplicateInteraction):  # a repeat of the start, and of an undo
        await deliver(1, lambda: service.start(ctx(second), "custom", [], {"life": 20}))
    await deliver(2000, lambda: service.undo(ctx(second)))
    with pytest.raises(DuplicateInteraction):
        await deliver(2000, lambda: service.undo(ctx(services)))
    assert await life(services) == 29


async def test_one_interaction_may_take_several_steps(services: Services) -> None:
    async def both_steps() -> None:
        await service.start(ctx(services), "custom", [], {"life": 20})
        await service.add(ctx(services), "alice", "life", 2)
        await service.add(ctx(services), "alice", "life", 3)

    await deliver(7, both_steps)
    assert await life(services) == 25
    await service.add(ctx(services), "alice", "life", 1)  # no interaction (the console): no guard
    await service.add(ctx(services), "alice", "life", 1)
    assert await life(services) == 27


async def test_a_roll_delivered_twice_is_logged_once(services: Services, second: Services) -> None:
    record = RollRecord(5, 1, "alice", "roll", {"expr": "1d6"}, {"total": 3}, False, 1.0)
    await deliver(55, lambda: services.storage.rolls.add(record))
    with pytest.raises(DuplicateInteraction):
        await deliver(55, lambda: second.storage.rolls.add(record))
    rows = await services.storage.db.fetch("SELECT COUNT(*) FROM rolls")
    assert int(rows[0][0]) == 1


async def test_old_ids_are_pruned(services: Services, monkeypatch: pytest.MonkeyPatch) -> None:
    await deliver(1, lambda: service.start(ctx(services), "custom", [], {"life": 20}))
    async with services.storage.db.write() as tx:
        await tx.fetch("UPDATE interactions SET at = at - ?", (dedupe.KEEP_S + 60,))
    monkeypatch.setattr(dedupe, "PRUNE_EVERY", 1)
    await deliver(2, lambda: service.add(ctx(services), "alice", "life", 1))
    rows = await services.storage.db.fetch("SELECT id FROM interactions ORDER BY id")
    assert [int(r[0]) for r in rows] == [2]


async def test_a_step_that_goes_live_claims_before_its_first_statement(
    services: Services, second: Services
) -> None:
    """A new unit inserts its row before the step's close, so the claim goes first, on its own
    (issue 20 folds it into the close only for steps that send nothing before it)."""
    await deliver(1, lambda: service.start(ctx(services), "custom", [], {"life": 20}))
    await deliver(3, lambda: service.add_unit(ctx(services), "Волк", None, {"life": 5}))
    with pytest.raises(DuplicateInteraction):
        await deliver(3, lambda: service.add_unit(ctx(second), "Волк", None, {"life": 5}))
    rows = await services.storage.db.fetch("SELECT COUNT(*) FROM tracker_units")
    assert int(rows[0][0]) == 1
