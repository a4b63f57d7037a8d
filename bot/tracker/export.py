"""`/game export`: the whole game and every step and event as plain JSON-ready data.

The file must fit Discord's attachment limit: plain JSON when it does, gzip when only that
fits, else a refusal in words (`pack`). At the steps cap a game's export is a few MB."""

from __future__ import annotations

import gzip
import json
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
    """What an export is made of, read from storage (the making may then run off the loop)."""
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
        "events": [
            {
                "step": s.id,
                "at": s.at,
                "by": s.user_name,
                "entity": e.entity,
                "row_id": e.row_id,
                "field": e.field,
                "counter": index[e.row_id][2]
                if e.entity == "counter" and e.row_id in index
                else None,
                "before": e.before,
                "after": e.after,
            }
            for s in steps
            for e in s.events
        ],
    }


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


CHUNK = 256


def encode(value: Any) -> bytes:
    """Compact UTF-8 JSON, long lists a chunk at a time: run in a thread, each C-encoder call
    is short, so the event loop's thread gets the GIL back between them."""
    return _encode(value).encode("utf-8")


def _encode(value: Any) -> str:
    if isinstance(value, dict):
        inner = ",".join(f"{_dumps(str(k))}:{_encode(v)}" for k, v in value.items())
        return "{" + inner + "}"
    if isinstance(value, list) and len(value) > CHUNK:
        chunks = (_dumps(value[i : i + CHUNK])[1:-1] for i in range(0, len(value), CHUNK))
        return "[" + ",".join(chunks) + "]"
    return _dumps(value)


def _dumps(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


def pack(data: dict[str, Any], name: str, limit: int) -> tuple[str, bytes]:
    """(file name, bytes): `name.json`, or `name.json.gz` when the JSON is over `limit`;
    ExportTooBig when even that is over. Compact JSON (the C encoder), UTF-8."""
    blob = encode(data)
    if len(blob) <= limit:
        return f"{name}.json", blob
    packed = gzip.compress(blob, compresslevel=6, mtime=0)
    if len(packed) <= limit:
        return f"{name}.json.gz", packed
    raise ExportTooBig(len(packed), limit)
