"""Mage Wars undo and redo: an attack and its follow-ups (Counterstrike, Damage Barrier) as one.

The generic tracker asks through the game's plugin (`plugin.py`), so no other game is affected.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from bot.tracker.records import StepRecord

if TYPE_CHECKING:
    from bot.tracker.ports import TrackerRepo

# A follow-up step (a Counterstrike or Damage Barrier after a Mage Wars attack) names the step
# it follows in `params["follows"]`, or, when the attack itself changed nothing and left no step,
# the step that was last then in `params["after"]`. Undo and redo treat an attack and its
# follow-ups as one.
FOLLOWS = "follows"
AFTER = "after"


def _group(step: StepRecord) -> tuple[str, int] | None:
    """The attack a step belongs to: ("follows", attack step) or ("after", anchor), else None."""
    for link in (FOLLOWS, AFTER):
        value = step.params.get(link)
        if isinstance(value, int):
            return link, value
    return None


def follow_span(done_newest_first: list[StepRecord], steps: int) -> int:
    """How many done steps to undo for `steps` user steps, an attack and its follow-ups as one."""
    n = 0
    for _ in range(steps):
        if n >= len(done_newest_first):
            break
        group = _group(done_newest_first[n])
        n += 1
        while group is not None and n < len(done_newest_first):
            nxt = done_newest_first[n]
            if group == (FOLLOWS, nxt.id):  # the attack itself ends the group
                n += 1
                break
            if _group(nxt) != group:
                break
            n += 1
    return n


async def undo_span(repo: TrackerRepo, game_id: int, steps: int) -> int:
    done = await repo.done_steps(game_id, steps + 8)
    return max(steps, follow_span(done, steps)) if done else steps


async def redo_followups(repo: TrackerRepo, game_id: int, done: StepRecord) -> list[StepRecord]:
    """After redoing a step, redo the follow-ups that were undone with it; returns them."""
    group = _group(done) or (FOLLOWS, done.id)
    redone: list[StepRecord] = []
    while True:
        history = await repo.history(game_id, limit=16)
        undone = sorted((s for s in history if s.status == "undone"), key=lambda s: s.id)
        if not undone or _group(undone[0]) != group:
            return redone
        step = await repo.redo(game_id)
        if step is None:
            return redone
        redone.append(step)
