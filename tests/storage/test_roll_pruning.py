"""Issue 18, defect 4: the roll log is pruned by count per channel and per user, and by age, on
both back ends (before, every roll was kept forever: 86 KB per `/roll 1000d1000`)."""

from __future__ import annotations

import pytest

from bot.context import Services, stable_id
from bot.storage import rolls as store
from bot.storage.api import RollRecord
from tests.helpers.clock import FakeClock
from tests.storage import fixtures as both

pg_server, target, services = both.pg_server, both.target, both.services

A, B = stable_id("#a"), stable_id("#b")
ALICE, BOB = stable_id("alice"), stable_id("bob")


def record(channel: int, user: int, at: float, n: int) -> RollRecord:
    return RollRecord(channel, user, str(user), "roll", {"expr": f"{n}d6"}, {"n": n}, False, at)


async def kept(services: Services, channel: int, viewer: int = ALICE) -> list[tuple[int, int]]:
    """(user, n) of the rolls kept in `channel`, oldest first."""
    found = await services.storage.rolls.recent(channel, viewer, 10_000)
    return [(r.user_id, r.result["n"]) for r in reversed(found)]


async def test_each_user_keeps_their_newest_rolls_in_a_channel(
    services: Services, clock: FakeClock, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(store, "KEEP_PER_USER", 3)
    rolls = services.storage.rolls
    await rolls.add(record(A, BOB, clock(), 0))
    for n in range(1, 6):
        await rolls.add(record(A, ALICE, clock(), n))
    await rolls.add(record(B, ALICE, clock(), 9))
    assert await kept(services, A) == [(BOB, 0), (ALICE, 3), (ALICE, 4), (ALICE, 5)]
    assert await kept(services, B) == [(ALICE, 9)]  # another channel is counted apart


async def test_a_channel_keeps_its_newest_rolls(
    services: Services, clock: FakeClock, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(store, "KEEP_PER_CHANNEL", 4)
    rolls = services.storage.rolls
    for n in range(6):
        await rolls.add(record(A, ALICE if n % 2 else BOB, clock(), n))
    assert [n for _, n in await kept(services, A)] == [2, 3, 4, 5]


async def test_rolls_past_the_age_limit_are_dropped(services: Services, clock: FakeClock) -> None:
    rolls = services.storage.rolls
    await rolls.add(record(A, ALICE, clock(), 1))
    await rolls.add(record(A, ALICE, clock(), 2))
    clock.advance(store.MAX_AGE - 10)
    await rolls.add(record(B, BOB, clock(), 3))  # not old enough yet: nothing goes
    assert len(await kept(services, A)) == 2
    clock.advance(20)
    await rolls.add(record(B, BOB, clock(), 4))  # any roll anywhere prunes the oldest
    assert await kept(services, A) == []
    assert [n for _, n in await kept(services, B)] == [3, 4]
