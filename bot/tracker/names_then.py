"""The names units had when each logged step was made (playtest 18, G1).

`/game log` renders old steps against the current state, so a rename would rewrite earlier
entries under the new name. A rename's own step stores the name before and after
(`unit.name` event), so walking the log from the newest step back recovers each name as it was;
no stored event needs to change, and a log written by an older version reads the same way
(a unit never renamed keeps its current name).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import replace

from bot.tracker.model import GameState
from bot.tracker.records import StepRecord

DONE = "done"


def as_of(
    state: GameState, newest_first: Iterable[StepRecord]
) -> Iterator[tuple[StepRecord, GameState]]:
    """Each step (newest first) with `state` whose units carry the names they had right after
    that step; an undone or dropped rename changed nothing, so it renames nothing."""
    now = {u.id: u.name for u in state.all_units}
    names = dict(now)
    cache: dict[tuple[tuple[int, str], ...], GameState] = {}
    for step in newest_first:
        changed = tuple(sorted((uid, n) for uid, n in names.items() if now[uid] != n))
        if not changed:
            yield step, state
        else:
            if changed not in cache:
                then = dict(changed)
                units = tuple(replace(u, name=then.get(u.id, u.name)) for u in state.all_units)
                cache[changed] = replace(state, all_units=units)
            yield step, cache[changed]
        if step.status != DONE:
            continue
        for ev in step.events:
            if ev.entity == "unit" and ev.field == "name" and ev.row_id in names:
                names[ev.row_id] = str(ev.before)
