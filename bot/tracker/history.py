"""Time on the table: `/game next` (the game's round procedure), `/game undo` and `/game redo`."""

from __future__ import annotations

import random

from bot.tracker.access import (
    current_or_last,
    may_undo_others,
    require_player,
    require_state,
)
from bot.tracker.errors import NoGame, TrackerError
from bot.tracker.model import GameState
from bot.tracker.plugin import plugin_for
from bot.tracker.ports import StepsMoved, Table
from bot.tracker.records import StepRecord
from bot.tracker.step import Outcome, Step, run_step


async def next_round(table: Table, rng: random.Random | None = None) -> Outcome:
    """`/game next`: the template's round procedure as one undoable step."""
    from bot.tracker.rounds import run_procedure

    state = await require_state(table)
    require_player(table.actor, state)  # G4: the starter passes the turn too, seated or not

    async def body(step: Step) -> None:
        await run_procedure(step, rng or table.rng)

    return await run_step(table, state, "next", body, {"round": state.round})


async def _undo_target(table: Table, *, starter: bool = False) -> GameState:
    """The active game, or the channel's last game if it just ended (so a win can be undone).

    `starter`: the game's starter may undo even when not seated (they run the table)."""
    state = await current_or_last(table.repo, table.channel_id)
    if state is None:
        raise NoGame()
    if not (starter and may_undo_others(table.actor, state)):
        require_player(table.actor, state)
    return state


async def check_undo(table: Table, state: GameState, planned: list[StepRecord]) -> None:
    """Refuse an undo that would take back a step from before the actor joined, or (unless they
    started the game or manage the server) another player's step; nothing is undone then.

    A follow-up (Counterstrike) undone with its attack counts as the attack's owner's step."""
    actor = table.actor
    if actor.may_moderate:
        return
    seated = await table.repo.seated_since(state.game.id, actor.id)
    ids = {s.id for s in planned}
    others = may_undo_others(actor, state)
    for s in planned:
        if s.id < seated:
            raise TrackerError("undo_before_join", step=s.id)
        if others or s.user_id == actor.id:
            continue
        if plugin_for(state.slug).follows(s) in ids:
            continue
        raise TrackerError("undo_others", step=s.id, name=s.user_name or "?")


async def undo(table: Table, steps: int = 1) -> tuple[GameState, list[StepRecord]]:
    """Take back the last `steps` steps (an attack with its follow-ups as one), if allowed."""
    state = await _undo_target(table, starter=True)
    undone: list[StepRecord] = []
    for _attempt in range(3):
        span = await plugin_for(state.slug).undo_span(table.repo, state.game.id, steps)
        planned = await table.repo.done_steps(state.game.id, span)
        await check_undo(table, state, planned)
        try:
            undone = await table.repo.undo(
                state.game.id,
                span,
                at=table.clock(),
                user_name=table.actor.name,
                expect=[s.id for s in planned],
            )
            break
        except StepsMoved:
            continue  # someone acted between the check and the undo: check again
    else:
        raise TrackerError("undo_moved")
    if not undone:
        raise TrackerError("nothing_to_undo")
    after = await table.repo.load(state.game.id)
    assert after is not None
    await table.changed(table.channel_id)
    return after, undone


def stale_redo(state: GameState, step: StepRecord) -> str | None:
    """Why `step`, the next to redo, cannot apply to the table as it is now (a refusal code).

    Joins and leaves keep the redo stack, so the seats may have moved since the step was
    undone: its player sits again or is gone, or a redone leave has ended the game since."""
    if not state.game.active:
        return "redo_game_over"
    seat = state.participant_by_user(step.user_id) if step.user_id is not None else None
    seated = seat is not None and bool(seat.present)
    if step.action == "join" and seated:
        return "redo_seated"
    if step.action == "leave" and not seated:
        return "redo_left"
    return None


async def redo(table: Table) -> tuple[GameState, list[StepRecord]]:
    """Redo the last undone step and the follow-ups undone with it (all of them returned).

    A step that can no longer apply (see `stale_redo`) is refused and dropped, as a new change
    would drop it: the table does not move, and the next redo goes on to the step after it."""
    state = await _undo_target(table, starter=True)
    for _attempt in range(3):
        step = await table.repo.next_redo(state.game.id)
        if step is None:
            raise TrackerError("nothing_to_redo")
        code = stale_redo(state, step)
        if code is not None:
            if await table.repo.drop_redo(state.game.id, step.id):
                await table.changed(table.channel_id)
                raise TrackerError(code, step=step.id, name=step.user_name or "?")
            state = await _undo_target(table, starter=True)
            continue  # someone redid or dropped it meanwhile: look again
        try:
            done = await table.repo.redo(state.game.id, expect=step.id)
        except StepsMoved:
            state = await _undo_target(table, starter=True)
            continue
        if done is None:
            raise TrackerError("nothing_to_redo")
        break
    else:
        raise TrackerError("undo_moved")
    followups = await plugin_for(state.slug).redo_followups(table.repo, state.game.id, done)
    after = await table.repo.load(state.game.id)
    assert after is not None
    await table.changed(table.channel_id)
    return after, [done, *followups]
