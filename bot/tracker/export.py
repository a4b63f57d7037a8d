"""`/game export`: the whole game and every step and event as plain JSON-ready data.

The file must fit Discord's attachment limit: plain JSON when it does, gzip when only that
fits, else a refusal in words (`export_file`). At the steps cap a game's export is about 2 MB."""

from __future__ import annotations

import asyncio
import json
import zlib
from typing import Any

from bot.tracker.model import Counter, GameState
from bot.tracker.ports import TrackerRepo
from bot.tracker.records import StepRecord

EXPORT_VERSION = 1


def _counter(c: Counter) -> dict[str, Any]:
    return {"key": c.key, "value": c.value, "min": c.min, "max": c.max}


async def export_game(repo: TrackerRepo, game_id: int) -> dict[str, Any]:
    """Game, participants, units (counters, tokens), steps and their events, oldest first."""
    return export_data(*await read_export(repo, game_id))


async def read_export(
    repo: TrackerRepo, game_id: int
) -> tuple[GameState, list[StepRecord], dict[int, tuple[str, int, str]]]:
    """What an export is made of, read from storage."""
    state = await repo.load(game_id)
    if state is None:
        raise LookupError(f"no game {game_id}")
    steps = list(reversed(await repo.history(game_id)))
    return state, steps, await repo.counter_index(game_id)


def export_data(
    state: GameState, steps: list[StepRecord], index: dict[int, tuple[str, int, str]]
) -> dict[str, Any]:
    """The export as plain JSON-ready data (pure: no reads)."""
    g = state.game
    return {
        "version": EXPORT_VERSION,
        "game": {
            "id": g.id,
            "slug": g.slug,
            "channel_id": g.channel_id,
            "guild_id": g.guild_id,
            "status": g.status,
            "round": g.round,
            "active_seat": g.active_seat,
            "winner": state.winner.name if state.winner else None,
            "options": g.options,
            "created_at": g.created_at,
            "ended_at": g.ended_at,
        },
        "participants": [
            {
                "id": p.id,
                "user_id": p.user_id,
                "name": p.name,
                "seat": p.seat,
                "present": p.present,
                "counters": [_counter(c) for c in p.counters],
                "tokens": [_counter(c) for c in p.tokens],
                "lists": {k: list(v) for k, v in p.lists.items()},
            }
            for p in state.all_participants
        ],
        "units": [
            {
                "id": u.id,
                "owner_id": u.owner_id,
                "kind": u.kind,
                "name": u.name,
                "state": u.state,
                "present": u.present,
                "counters": [_counter(c) for c in u.counters],
                "tokens": [_counter(c) for c in u.tokens],
            }
            for u in state.all_units
        ],
        "steps": [_step(s) for s in steps],
        "events": _events(steps, index),
    }


def _events(steps: list[StepRecord], index: dict[int, tuple[str, int, str]]) -> list[Any]:
    return [
        {
            "step": s.id,
            "at": s.at,
            "by": s.user_name,
            "entity": e.entity,
            "row_id": e.row_id,
            "field": e.field,
            "counter": index[e.row_id][2] if e.entity == "counter" and e.row_id in index else None,
            "before": e.before,
            "after": e.after,
        }
        for s in steps
        for e in s.events
    ]


def _step(s: StepRecord) -> dict[str, Any]:
    """A step's own fields (as `dataclasses.asdict` gave them, without its events)."""
    return {
        "id": s.id,
        "at": s.at,
        "user_id": s.user_id,
        "user_name": s.user_name,
        "action": s.action,
        "params": s.params,
        "status": s.status,
        "undone_at": s.undone_at,
        "undone_by": s.undone_by,
    }


class ExportTooBig(Exception):
    """Even compressed, the export is over the attachment limit (`size`, `limit` in bytes)."""

    def __init__(self, size: int, limit: int) -> None:
        super().__init__(f"export of {size} bytes over {limit}")
        self.size = size
        self.limit = limit


SLICE = 100  # steps made and encoded between two yields to the event loop
GZIP_SLICE = 1 << 18  # bytes compressed between two yields


async def export_file(
    state: GameState,
    steps: list[StepRecord],
    index: dict[int, tuple[str, int, str]],
    name: str,
    limit: int,
) -> tuple[str, bytes, int]:
    """(file name, bytes, events): the export as compact UTF-8 JSON, `name.json`, or gzip
    (`name.json.gz`) when only that fits `limit`; ExportTooBig when even that does not.

    Made on the event loop a slice of steps at a time, yielding between slices, so a game at
    the steps cap never holds the loop for long (a thread would still hold the GIL)."""
    head = export_data(state, [], index)
    del head["steps"], head["events"]
    step_parts: list[str] = []
    event_parts: list[str] = []
    events = 0
    for i in range(0, len(steps), SLICE):
        chunk = steps[i : i + SLICE]
        step_parts.append(_dumps([_step(s) for s in chunk])[1:-1])
        made = _events(chunk, index)
        if made:
            event_parts.append(_dumps(made)[1:-1])
        events += len(made)
        await asyncio.sleep(0)
    text = (
        _dumps(head)[:-1]
        + ',"steps":['
        + ",".join(step_parts)
        + '],"events":['
        + ",".join(event_parts)
        + "]}"
    )
    blob = text.encode("utf-8")
    if len(blob) <= limit:
        return f"{name}.json", blob, events
    packer = zlib.compressobj(6, zlib.DEFLATED, 31)  # 31: the gzip format
    packed: list[bytes] = []
    for i in range(0, len(blob), GZIP_SLICE):
        packed.append(packer.compress(blob[i : i + GZIP_SLICE]))
        await asyncio.sleep(0)
    packed.append(packer.flush())
    out = b"".join(packed)
    if len(out) <= limit:
        return f"{name}.json.gz", out, events
    raise ExportTooBig(len(out), limit)


def _dumps(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))
