"""Issue 18, defect 7 on both back ends: the griefing sequence (join, undo steps:20, join)
changes nothing, joining and leaving keep the redo stack, and the steps cap is counted."""

from __future__ import annotations

import pytest

from bot.context import Ctx, Services, UserRef
from bot.handlers import tracker_ops as service
from bot.registry import UserError
from bot.tracker import caps
from tests.helpers.tracker import CHANNEL
from tests.storage import fixtures as both

pg_server, target, services = both.pg_server, both.target, both.services


def ctx(svc: Services, name: str) -> Ctx:
    return Ctx(svc, UserRef.from_name(name), CHANNEL, 1, "ru")


async def test_join_undo_twenty_join_changes_nothing(
    services: Services, monkeypatch: pytest.MonkeyPatch
) -> None:
    await service.start(ctx(services, "alice"), "custom", [UserRef.from_name("bob")], {"life": 40})
    for i in range(20):
        who = "alice" if i % 2 else "bob"
        await service.add(ctx(services, who), who, "life", -1)
    await service.undo(ctx(services, "alice"), 2)  # two steps wait on the redo stack
    await service.join(ctx(services, "mallory"))
    with pytest.raises(UserError) as err:
        await service.undo(ctx(services, "mallory"), 20)
    assert err.value.key == "tracker.error.undo_before_join"
    await service.leave(ctx(services, "mallory"))
    await service.join(ctx(services, "mallory"))  # and joining again keeps it too
    for _ in range(2):
        await service.redo(ctx(services, "alice"))
    state = await service.load_state(services.storage, CHANNEL)
    assert state is not None
    assert {p.name: p.value("life") for p in state.participants} == {
        "alice": 30,
        "bob": 30,
        "mallory": 40,
    }
    # The steps cap reads the log's size on this back end too.
    monkeypatch.setattr(caps, "MAX_STEPS", 5)
    with pytest.raises(UserError) as full:
        await service.add(ctx(services, "alice"), "alice", "life", -1)
    assert full.value.key == "tracker.error.too_many_steps"
