"""A redo that no longer fits the table, on both back ends: the two sequences the property test
found (tests/fuzz/test_tracker_commands.py) and a leave redone twice. Joins and leaves keep the
redo stack, so the next step to redo may seat a player who sits again, unseat one who is gone,
or land on a game that has ended since: it is refused in words, nothing at the table moves, and
that step is dropped so the next redo goes on."""

from __future__ import annotations

import pytest

from bot.context import Ctx, Services, UserRef
from bot.handlers import tracker_ops as service
from bot.i18n import t
from bot.registry import UserError
from bot.tracker.model import GameState
from tests.helpers.tracker import CHANNEL
from tests.storage import fixtures as both

pg_server, target, services = both.pg_server, both.target, both.services


def ctx(svc: Services, name: str, lang: str = "ru") -> Ctx:
    return Ctx(svc, UserRef.from_name(name), CHANNEL, 1, lang)


async def _state(svc: Services) -> GameState:
    gid = await svc.storage.tracker.latest_game_id(CHANNEL)
    assert gid is not None
    state = await svc.storage.tracker.load(gid)
    assert state is not None
    return state


async def _refused_and_dropped(svc: Services, key: str, step: int, lang: str = "ru") -> str:
    """The redo is refused with `key`, changes nothing at the table and drops step `step`."""
    before = await _state(svc)
    with pytest.raises(UserError) as err:
        await service.redo(ctx(svc, "alice", lang))
    assert err.value.key == key
    after = await _state(svc)
    assert (after.game, after.participants, after.units) == (
        before.game,
        before.participants,
        before.units,
    )
    history = {s.id: s.status for s in await svc.storage.tracker.history(after.game.id)}
    assert history[step] == "dropped"
    with pytest.raises(UserError) as again:  # nothing else waits: the stack is not stuck
        await service.redo(ctx(svc, "alice", lang))
    assert again.value.key == "tracker.error.nothing_to_redo"
    return t(err.value.key, lang, **err.value.params)


async def _start(svc: Services) -> None:
    await service.start(ctx(svc, "alice"), "mage-wars", [UserRef.from_name("bob")], {"life": 30})


async def test_a_join_is_not_redone_while_its_player_sits_again(services: Services) -> None:
    await _start(services)
    await service.join(ctx(services, "carol"))  # step 2
    await service.undo(ctx(services, "alice"))
    await service.join(ctx(services, "carol"))  # step 3: the redo stack is kept
    await service.undo(ctx(services, "alice"))
    _, redone = await service.redo(ctx(services, "alice"))
    assert [s.id for s in redone] == [2]
    seated = await _state(services)
    carol = seated.participant_by_user(UserRef.from_name("carol").id)
    assert carol is not None and carol.present
    assert len(seated.units) == 3  # one mage each, carol's from step 2
    text = await _refused_and_dropped(services, "tracker.error.redo_seated", 3, "en")
    assert text.startswith("carol is already at the table, so step #3")
    assert text.endswith("Nothing changed.")


async def test_a_join_is_not_redone_into_a_game_that_has_ended(services: Services) -> None:
    await _start(services)
    await service.leave(ctx(services, "alice"))  # step 2: bob wins, the game ends
    await service.undo(ctx(services, "alice"))
    await service.join(ctx(services, "carol"))  # step 3
    await service.undo(ctx(services, "alice"))
    _, redone = await service.redo(ctx(services, "alice"))
    assert [s.id for s in redone] == [2]
    assert not (await _state(services)).game.active
    text = await _refused_and_dropped(services, "tracker.error.redo_game_over", 3)
    assert text.startswith("Партия уже окончена, поэтому шаг #3 (carol)")


async def test_a_leave_is_not_redone_when_its_player_is_gone(services: Services) -> None:
    await _start(services)
    await service.join(ctx(services, "carol"))  # step 2: three at the table
    await service.leave(ctx(services, "bob"))  # step 3: the game goes on
    await service.undo(ctx(services, "alice"))
    await service.leave(ctx(services, "bob"))  # step 4: the redo stack is kept
    await service.undo(ctx(services, "alice"))
    await service.redo(ctx(services, "alice"))  # step 3 again: bob leaves
    state = await _state(services)
    assert state.game.active
    text = await _refused_and_dropped(services, "tracker.error.redo_left", 4)
    assert text.startswith("bob уже не в партии, поэтому шаг #4 (bob: выход из партии)")
