"""A one-step command may start from the copy in memory unchecked (PostgreSQL: the close checks
the version, so a change is one round trip); a stale copy never decides anything. Both back ends
(SQLite checks the copy first, and must give the same answers)."""

from __future__ import annotations

import asyncio
import random
from collections.abc import AsyncIterator
from typing import Any

import asyncpg
import pytest

from bot.app import create_services
from bot.config import Settings
from bot.context import Ctx, Services, UserRef
from bot.handlers import tracker_ops as service
from bot.registry import UserError
from tests.helpers.tracker import CHANNEL
from tests.storage import fixtures as both

pg_server, target, services = both.pg_server, both.target, both.services


def ctx(svc: Services, name: str = "alice") -> Ctx:
    return Ctx(svc, UserRef.from_name(name), CHANNEL, 1)


@pytest.fixture
async def second(target: str, services: Services) -> AsyncIterator[Services]:
    """Another process on the same database."""
    svc = await create_services(Settings(), db_path=target, rng=random.Random(99))
    svc.clock = services.clock
    try:
        yield svc
    finally:
        await svc.storage.close()


async def life(svc: Services, who: str = "alice") -> int:
    state = await service.load_state(svc.storage, CHANNEL)
    assert state is not None
    return next(p for p in state.participants if p.name == who).value("life")


async def test_a_change_from_a_stale_copy_runs_again_on_the_current_game(
    services: Services, second: Services
) -> None:
    await service.start(ctx(services), "custom", [], {"life": 20})
    await service.add(ctx(services), "alice", "life", 1)  # A keeps the game at 21
    await service.add(ctx(second), "alice", "life", -3)  # B: 18, A's copy is stale
    outcome = await service.add(ctx(services), "alice", "life", 5)
    assert [(c.before, c.after) for c in outcome.changes] == [(18, 23)]
    assert outcome.state.participants[0].value("life") == 23
    assert await life(services) == await life(second) == 23


async def test_a_refusal_from_a_stale_copy_is_not_given(
    services: Services, second: Services
) -> None:
    """In A's copy bob does not play; B seats him. A's `/add` by bob must not answer
    "you do not play": the copy is checked before the refusal, and the command runs again."""
    await service.start(ctx(services), "custom", [], {"life": 20})
    await service.add(ctx(services), "alice", "life", 1)
    await service.join(ctx(second, "bob"))
    outcome = await service.add(ctx(services, "bob"), "bob", "life", -2)
    assert [(c.before, c.after) for c in outcome.changes] == [(20, 18)]
    assert await life(second, "bob") == 18


async def test_a_refusal_from_a_current_copy_stands(services: Services) -> None:
    await service.start(ctx(services), "custom", [], {"life": 20})
    await service.add(ctx(services), "alice", "life", 1)
    with pytest.raises(UserError):
        await service.add(ctx(services, "carol"), "alice", "life", 1)  # carol does not play
    assert await life(services) == 21


def _count_statements(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Every statement asyncpg sends from now on (BEGIN and COMMIT included), by its start."""
    sent: list[str] = []
    for name in ("fetch", "fetchval", "fetchrow", "execute", "executemany"):
        original = getattr(asyncpg.connection.Connection, name)

        async def counted(self: Any, *args: Any, __f: Any = original, **kw: Any) -> Any:
            sent.append(str(args[0])[:40])
            return await __f(self, *args, **kw)

        monkeypatch.setattr(asyncpg.connection.Connection, name, counted)
    return sent


async def test_a_change_takes_one_round_trip_on_postgresql_three_calls_on_sqlite(
    services: Services, monkeypatch: pytest.MonkeyPatch
) -> None:
    """PostgreSQL: the close alone (it checks the version). SQLite: the check, the close, COMMIT."""
    await service.start(ctx(services), "custom", [], {"life": 20})
    await service.add(ctx(services), "alice", "life", 1)
    sent = _count_statements(monkeypatch)
    db: Any = services.storage.db
    trips = getattr(db, "trips", 0)
    await service.add(ctx(services), "alice", "life", 1)
    if db.dialect == "postgresql":
        assert len(sent) == 1, sent
    else:
        assert db.trips - trips == 3
    assert await life(services) == 22


async def test_a_change_served_to_an_interaction_claims_it_in_the_close(
    services: Services, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Discord's `/add` records its interaction id in the step's closing statement (issue 20):
    no trip of its own, so the same 1 (PostgreSQL) or 3 (SQLite) trips as from the console, and
    the id is there once the change is."""
    from bot.storage.dedupe import DuplicateInteraction, delivering

    await service.start(ctx(services), "custom", [], {"life": 20})
    await service.add(ctx(services), "alice", "life", 1)
    sent = _count_statements(monkeypatch)
    db: Any = services.storage.db
    trips = getattr(db, "trips", 0)

    async def deliver() -> None:
        delivering(777)
        await service.add(ctx(services), "alice", "life", 1)

    await asyncio.create_task(deliver())
    if db.dialect == "postgresql":
        assert len(sent) == 1, sent
    else:
        assert db.trips - trips == 3
    rows = await services.storage.db.fetch("SELECT COUNT(*) FROM interactions WHERE id = 777")
    assert rows[0][0] == 1 and await life(services) == 22
    with pytest.raises(DuplicateInteraction):  # delivered again: refused, nothing written
        await asyncio.create_task(deliver())
    assert await life(services) == 22


async def test_an_interaction_run_again_after_a_stale_copy_is_recorded_once(
    services: Services, second: Services
) -> None:
    """The first try claimed the interaction and rolled back; the second try claims it again, so
    a repeat delivery of the same interaction is still refused."""
    from bot.storage.dedupe import DuplicateInteraction, delivering

    await service.start(ctx(services), "custom", [], {"life": 20})
    await service.add(ctx(services), "alice", "life", 1)
    await service.add(ctx(second), "alice", "life", -3)  # A's copy is stale

    async def deliver(svc: Services) -> None:
        delivering(4242)
        await service.add(ctx(svc), "alice", "life", 5)

    await asyncio.create_task(deliver(services))
    rows = await services.storage.db.fetch("SELECT COUNT(*) FROM interactions WHERE id = 4242")
    assert rows[0][0] == 1
    with pytest.raises(DuplicateInteraction):
        await asyncio.create_task(deliver(second))
    assert await life(second) == 23
