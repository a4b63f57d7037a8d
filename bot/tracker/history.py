"""Time on the table: `/game next` (the game's round procedure), `/game undo` and `/game redo`."""

from __future__ import annotations

import random

from bot.tracker import game_rules
from bot.tracker.access import current_or_last, require_player, require_state
from bot.tracker.errors import NoGame, TrackerError
from bot.tracker.model import GameState
from bot.tracker.ports import Table
from bot.tracker.records import StepRecord
from bot.tracker.step import Outcome, Step, run_step


async def next_round(table: Table, rng: random.Random | None = None) -> Outcome:
    """`/game next`: the template's round procedure as one undoable step."""
    from bot.tracker.rounds import run_procedure

    state = await require_state(table)
    require_player(table.actor, state)

    async def body(step: Step) -> None:
        await run_procedure(step, rng or table.rng)

    return await run_step(table, state, "next", body, {"round": state.round})


async def _undo_target(table: Table) -> GameState:
    """The active game, or the channel's last game if it just ended (so a win can be undone)."""
    state = await current_or_last(table.repo, table.channel_id)
    if state is None:
        raise NoGame()
    require_player(table.actor, state)
    return state


async def undo(table: Table, steps: int = 1) -> tuple[GameState, list[StepRecord]]:
    state = await _undo_target(table)
    steps = await game_rules.undo_span(table.repo, state.game.id, steps)
    undone = await table.repo.undo(
        state.game.id, steps, at=table.clock(), user_name=table.actor.name
    )
    if not undone:
        raise TrackerError("nothing_to_undo")
    after = await table.repo.load(state.game.id)
    assert after is not None
    await table.changed(table.channel_id)
    return after, undone


async def redo(table: Table) -> tuple[GameState, StepRecord]:
    state = await _undo_target(table)
    done = await table.repo.redo(state.game.id)
    if done is None:
        raise TrackerError("nothing_to_redo")
    await game_rules.redo_followups(table.repo, state.game.id, done)
    after = await table.repo.load(state.game.id)
    assert after is not None
    await table.changed(table.channel_id)
    return after, done
