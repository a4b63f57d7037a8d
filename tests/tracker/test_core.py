"""The tracker core without a `Ctx`: a `Table` in, outcomes and `TrackerError`s out."""

from __future__ import annotations

import pytest

from bot.context import Services
from bot.tracker import counters, history, lifecycle
from bot.tracker.errors import NotParticipant, OutOfBounds, TrackerError
from bot.tracker.ports import Actor, Table
from tests.helpers.tracker import CHANNEL


def table_for(
    services: Services, name: str, *, manage: bool = False, seen: list[int] | None = None
) -> Table:
    seen = seen if seen is not None else []

    async def changed(channel_id: int) -> None:
        seen.append(channel_id)

    return Table(
        repo=services.storage.tracker,
        actor=Actor(abs(hash(name)) % 10**9, name, manage),
        channel_id=CHANNEL,
        clock=services.clock,
        changed=changed,
    )


async def test_the_core_runs_on_a_table_and_refuses_with_its_own_exceptions(
    services: Services,
) -> None:
    seen: list[int] = []
    alice = table_for(services, "alice", seen=seen)
    bob = Actor(7, "bob")
    out = await lifecycle.start(alice, "mage-wars", [bob], {"life": 20})
    assert [p.name for p in out.state.participants] == ["alice", "bob"]
    out = await counters.damage(alice, "bob", 5)
    assert [(c.before, c.after) for c in out.changes] == [(0, 5)]
    assert seen == [CHANNEL, CHANNEL]  # the start and the damage, each after its commit
    with pytest.raises(OutOfBounds) as err:
        await counters.set_value(alice, "bob", "damage", 99)
    assert seen == [CHANNEL, CHANNEL]  # a refusal notifies nobody
    assert err.value.code == "bounds" and err.value.params["value"] == 99
    with pytest.raises(NotParticipant):
        await counters.damage(table_for(services, "mallory"), "bob", 1)
    await counters.damage(table_for(services, "mallory", manage=True), "bob", 1)
    state, undone = await history.undo(alice, 2)
    assert len(undone) == 2 and state.participant_by_user(7) is not None
    with pytest.raises(TrackerError) as exists:
        await lifecycle.start(alice, "custom", [], {})
    assert exists.value.code == "exists"
