"""Steps that write many events, on both back ends: PostgreSQL once failed past 999 placeholders
(issue 18, defect 1) and a statement may carry at most 32,767 arguments there."""

from __future__ import annotations

import random

import asyncpg

from bot.context import Ctx, Services, UserRef
from bot.handlers import tracker_ops as service
from bot.storage.errors import DatabaseUnavailable
from bot.storage.postgres import numbered, translate
from bot.storage.tracker import TrackerStore
from bot.storage.tracker_close import close_statement
from bot.tracker.records import EventRecord
from tests.helpers.tracker import CHANNEL
from tests.storage import fixtures as both

pg_server, target, services = both.pg_server, both.target, both.services


def ctx(svc: Services) -> Ctx:
    return Ctx(svc, UserRef.from_name("alice"), CHANNEL, 1, lang="ru")


def test_numbering_has_no_ceiling() -> None:
    sql = "SELECT " + ", ".join(["?"] * 40_000)
    out = numbered(sql)
    assert out.endswith("$39999, $40000") and "?" not in out


def test_a_driver_protocol_error_is_an_unavailable_database() -> None:
    mapped = translate(asyncpg.exceptions.InternalClientError("protocol lost"))
    assert isinstance(mapped, DatabaseUnavailable)


PG_MAX_ARGS = 32767  # asyncpg's limit of arguments in one statement


class _Pg:
    dialect = "postgresql"

    def encode(self, value: object) -> object:
        return value


def test_thousands_of_events_close_in_one_statement_under_the_argument_limit() -> None:
    # The step's events go as arrays (unnest): the argument count does not grow with them, so
    # asyncpg's 32,767 arguments a statement are never reached however big the step is.
    events = [EventRecord(i, "counter", i, "value", 0, 1) for i in range(1, 10_001)]
    counters = {i: 1 for i in range(1, 10_001)}
    sql, args = close_statement(
        _Pg(),  # type: ignore[arg-type]
        1,
        7,
        (0.0, 1, "alice", "next", {}),
        events,
        counters,
        True,
    )
    small_sql, small_args = close_statement(
        _Pg(),  # type: ignore[arg-type]
        1,
        7,
        (0.0, 1, "alice", "next", {}),
        events[:1],
        {1: 1},
        True,
    )
    assert sql == small_sql and len(args) == len(small_args) < PG_MAX_ARGS
    assert sql.count("?") == len(args)
    assert "INSERT INTO tracker_events" in sql and "version = version + 1" in sql


async def test_next_round_over_150_units_with_upkeep_tokens(services: Services) -> None:
    alice = ctx(services)
    await service.start(alice, "mage-wars", [UserRef.from_name("bob")], {"life": 30})
    for i in range(150):
        await service.add_unit(alice, f"Волк {i}", None, {"life": 50})
        await service.token(alice, f"Волк {i}", "rot", 1)
        await service.token(alice, f"Волк {i}", "burn", 3)
    game_id = await services.storage.tracker.active_game_id(CHANNEL)
    assert game_id is not None
    before = await services.storage.tracker.event_count(game_id)
    out = await service.next_round(alice, random.Random(5))
    written = await services.storage.tracker.event_count(game_id) - before
    assert written > 150  # past the 141 events that used to break PostgreSQL
    assert out.state.round == 2
    wolves = [u for u in out.state.units if u.name.startswith("Волк")]
    assert len(wolves) == 150 and all(u.value("damage") >= 1 for u in wolves)
    again = await TrackerStore(services.storage.db).load(game_id)  # from the database, no cache
    assert again is not None and again.units == out.state.units
    undone, _ = await service.undo(alice)
    assert undone.round == 1
    assert all(u.value("damage") == 0 for u in undone.units if u.name.startswith("Волк"))


async def test_one_step_of_ten_thousand_events_commits_and_undoes(services: Services) -> None:
    alice = ctx(services)
    await service.start(alice, "mage-wars", [UserRef.from_name("bob")], {"life": 30})
    game_id = await services.storage.tracker.active_game_id(CHANNEL)
    assert game_id is not None
    state = await services.storage.tracker.load(game_id)
    assert state is not None
    mana = next(c for u in state.units for c in u.counters if c.key == "mana")
    store = services.storage.tracker
    async with store.change(game_id, at=1.0, user_id=1, user_name="alice", action="bulk") as step:
        for _ in range(5_000):  # 10,000 events: -1 then +1, five thousand times
            await step.adjust(mana.id, -1)
            await step.adjust(mana.id, 1)
    assert await store.event_count(game_id) >= 10_000
    (done,) = await store.history(game_id, ids=[step.step_id])
    assert len(done.events) == 10_000
    reverted = await store.undo(game_id, 1, at=2.0, user_name="alice")
    assert [r.id for r in reverted] == [step.step_id]
    after = await store.load(game_id)
    assert after is not None
    assert next(c for u in after.units for c in u.counters if c.id == mana.id).value == mana.value
