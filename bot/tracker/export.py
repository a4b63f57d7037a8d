"""`/game export`: the whole game and every step and event as plain JSON-ready data."""

from __future__ import annotations

from dataclasses import asdict
from typing import Any

from bot.tracker.model import Counter
from bot.tracker.ports import TrackerRepo

EXPORT_VERSION = 1


def _counter(c: Counter) -> dict[str, Any]:
    return {"key": c.key, "value": c.value, "min": c.min, "max": c.max}


async def export_game(repo: TrackerRepo, game_id: int) -> dict[str, Any]:
    """Game, participants, units (counters, tokens), steps and their events, oldest first."""
    state = await repo.load(game_id)
    if state is None:
        raise LookupError(f"no game {game_id}")
    steps = list(reversed(await repo.history(game_id)))
    index = await repo.counter_index(game_id)
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
        "steps": [{k: v for k, v in asdict(s).items() if k != "events"} for s in steps],
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
