"""Issue 18, defect 7: an open table cannot be griefed through undo.

Any member may `/game join`; before this fix a newcomer could `/game undo steps:20` and join
again, which dropped the redo stack and erased the players' game for good. Now a member cannot
undo a step taken before they joined, only the game's starter and server moderators undo other
players' steps, and joining keeps the redo stack.
"""

from __future__ import annotations

from bot.context import Services, UserRef
from bot.handlers import tracker_ops as service
from bot.i18n import t
from tests.helpers.tracker import MakeCtx, refused, state_of


async def _players_game(make_ctx: MakeCtx, steps: int = 20) -> None:
    """alice starts a custom game with bob; they take `steps` steps between them."""
    await service.start(make_ctx("alice"), "custom", [UserRef.from_name("bob")], {"life": 20})
    for i in range(steps):
        who = "alice" if i % 2 == 0 else "bob"
        await service.add(make_ctx(who), who, "life", -1 if i % 3 else 1)


def _lives(state: object) -> dict[str, int]:
    from bot.tracker.model import GameState

    assert isinstance(state, GameState)
    return {p.name: p.value("life") for p in state.participants}


async def test_the_griefing_sequence_join_undo_twenty_join_changes_nothing(
    services: Services, make_ctx: MakeCtx
) -> None:
    await _players_game(make_ctx)
    before = _lives(await state_of(services))
    await service.join(make_ctx("mallory"))
    text = await refused(
        services,
        lambda: service.undo(make_ctx("mallory"), 20),
        "tracker.error.undo_before_join",
    )
    assert "до того, как вы сели за стол" in text
    # Leaving and joining again does not open a way round it.
    await service.leave(make_ctx("mallory"))
    await service.join(make_ctx("mallory"))
    await refused(
        services,
        lambda: service.undo(make_ctx("mallory"), 20),
        "tracker.error.undo_before_join",
    )
    state = await state_of(services)
    assert _lives(state) == {**before, "mallory": 20}
    # The players' own history is all still there for them to undo.
    history = await services.storage.tracker.history(state.game.id)
    assert sum(1 for s in history if s.status == "done" and s.action == "add") == 20


async def test_a_newcomer_may_still_undo_their_own_join(
    services: Services, make_ctx: MakeCtx
) -> None:
    await _players_game(make_ctx, steps=2)
    await service.join(make_ctx("carol"))
    state, undone = await service.undo(make_ctx("carol"), 1)
    assert [s.action for s in undone] == ["join"]
    assert state.participant_by_user(UserRef.from_name("carol").id) is None


async def test_a_player_undoes_only_their_own_steps(services: Services, make_ctx: MakeCtx) -> None:
    await _players_game(make_ctx, steps=2)  # alice's step, then bob's
    await service.add(make_ctx("alice"), "alice", "life", -2)
    text = await refused(
        services, lambda: service.undo(make_ctx("bob"), 1), "tracker.error.undo_others"
    )
    assert "alice" in text and "Ничего не отменено" in text
    # Manage Messages alone lets a member change a game, not undo others' steps.
    await refused(
        services,
        lambda: service.undo(make_ctx("bob", manage=True), 1),
        "tracker.error.undo_others",
    )
    # Two steps back would reach bob's own step but alice's first: all or nothing.
    await refused(services, lambda: service.undo(make_ctx("bob"), 2), "tracker.error.undo_others")


async def test_the_starter_and_server_managers_undo_anyones_steps(
    services: Services, make_ctx: MakeCtx
) -> None:
    await _players_game(make_ctx, steps=4)
    _, undone = await service.undo(make_ctx("alice"), 2)  # bob's and alice's
    assert {s.user_name for s in undone} == {"alice", "bob"}
    # A moderator who does not play (Manage Server or Manage Channels) may too.
    _, undone = await service.undo(make_ctx("mod", moderate=True), 2)
    assert {s.user_name for s in undone} == {"alice", "bob"}
    assert await state_of(services)


async def test_joining_keeps_the_redo_stack(services: Services, make_ctx: MakeCtx) -> None:
    await _players_game(make_ctx, steps=6)
    full = _lives(await state_of(services))
    await service.undo(make_ctx("alice"), 3)
    await service.join(make_ctx("carol"))
    for _ in range(3):
        await service.redo(make_ctx("alice"))
    assert _lives(await state_of(services)) == {**full, "carol": 20}
    await refused(
        services, lambda: service.redo(make_ctx("alice")), "tracker.error.nothing_to_redo"
    )


async def test_the_refusals_read_in_english_too(services: Services, make_ctx: MakeCtx) -> None:
    await _players_game(make_ctx, steps=1)
    await service.join(make_ctx("mallory"))
    en = await refused(
        services,
        lambda: service.undo(make_ctx("mallory", lang="en"), 2),
        "tracker.error.undo_before_join",
        lang="en",
    )
    assert en == t("tracker.error.undo_before_join", "en", step=2)
