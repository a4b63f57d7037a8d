"""Leaving concedes: the last opponent wins, a bigger game goes on, an empty game ends."""

from __future__ import annotations

from bot.context import Services, UserRef
from bot.handlers import tracker_ops as service
from bot.handlers.tracker import game_end, outcome_reply
from tests.helpers.tracker import BOB, CHANNEL, MakeCtx, refused, state_of


async def test_the_last_opponent_leaving_concedes_the_game(
    services: Services, make_ctx: MakeCtx
) -> None:
    alice = make_ctx("alice")
    await service.start(alice, "mage-wars", [BOB], {"life": 20})
    out = await service.leave(make_ctx("bob"))
    assert [n.key for n in out.notes] == ["tracker.note.left", "tracker.note.winner"]
    assert out.notes[1].params == {"name": "alice"}
    assert out.state.status == "ended" and out.state.winner is not None
    assert out.state.winner.name == "alice"
    assert await service.load_state(services.storage, CHANNEL) is None  # no active game left
    # A mistaken leave is taken back like a mistaken killing blow: the game is on again.
    after, _ = await service.undo(alice)
    assert after.game.active and [p.name for p in after.participants] == ["alice", "bob"]


async def test_a_leave_in_a_keyforge_game_names_the_winner_too(
    services: Services, make_ctx: MakeCtx
) -> None:
    await service.start(make_ctx("alice"), "keyforge", [BOB], {})
    out = await service.leave(make_ctx("alice"))
    assert out.state.status == "ended"
    assert out.state.winner is not None and out.state.winner.name == "bob"


async def test_a_three_player_game_goes_on_when_one_leaves(
    services: Services, make_ctx: MakeCtx
) -> None:
    alice = make_ctx("alice")
    await service.start(alice, "mage-wars", [BOB, UserRef.from_name("carol")], {"life": 20})
    out = await service.leave(make_ctx("carol"))
    assert out.state.game.active and [n.key for n in out.notes] == ["tracker.note.left"]
    # With bob's mage already down, alice is the last one standing when carol leaves.
    await service.undo(alice)
    await service.damage(alice, "bob", 20)
    out = await service.leave(make_ctx("carol"))
    assert out.state.status == "ended"
    assert out.state.winner is not None and out.state.winner.name == "alice"


async def test_when_everyone_leaves_the_game_ends(services: Services, make_ctx: MakeCtx) -> None:
    alice = make_ctx("alice")
    await service.start(alice, "custom", [], {"life": 20})
    out = await service.leave(alice)
    assert [n.key for n in out.notes] == ["tracker.note.left", "tracker.note.abandoned"]
    assert out.state.status == "ended" and out.state.winner is None
    assert await service.load_state(services.storage, CHANNEL) is None
    reply = outcome_reply(alice, out)
    assert "В партии не осталось игроков: она окончена." in reply.body


async def test_a_game_nobody_plays_can_be_ended_by_anyone(
    services: Services, make_ctx: MakeCtx
) -> None:
    """A game left empty before leaving ended it (an older database) is not stuck."""
    alice = make_ctx("alice")
    await service.start(alice, "custom", [], {"life": 20})
    stranger = make_ctx("mallory")
    await refused(services, lambda: service.end(stranger), "tracker.error.not_player")
    await refused(services, lambda: game_end(stranger), "tracker.error.not_player")
    state = await state_of(services)
    me = state.participants[0]
    async with services.storage.tracker.change(
        state.game.id, at=0, user_id=me.user_id, user_name="alice", action="leave"
    ) as tx:
        await tx.set_field("participant", me.id, "present", 0)
    await refused(
        services, lambda: service.add(stranger, "alice", "life", 1), "tracker.error.not_player"
    )
    confirm = await game_end(stranger)
    assert confirm.actions and confirm.ephemeral
    out = await service.end(stranger)
    assert out.state.status == "ended"
