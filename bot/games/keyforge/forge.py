"""`/kf forge`: spend the key cost in Æmber for a key; the third key wins (pure tracker step)."""

from __future__ import annotations

from typing import Any

from bot.games.keyforge import GAME
from bot.games.keyforge.rules import (
    FORGED,
    KEY_COST,
    KEYS_TO_WIN,
    past_forge_step,
    second_key,
)
from bot.tracker.access import game_of, player_of, require_player
from bot.tracker.errors import TrackerError
from bot.tracker.ports import Person, Table
from bot.tracker.records import StepRecord
from bot.tracker.step import Outcome, Step, run_step

COMMAND = "/kf forge"
HISTORY = 40  # steps looked back for this turn's forge (a turn rarely holds more)


def _forge_of(record: StepRecord) -> dict[str, Any] | None:
    """The key a step forged: a `/kf forge`, or the one forged as a turn began (`/game next`)."""
    if record.action == "forge":
        return record.params
    made = record.params.get(FORGED) if record.action == "next" else None
    return made if isinstance(made, dict) else None


async def forge(table: Table, player: Person | None = None) -> Outcome:
    """Forge a key for `player` (default: whoever acts); refused without the Æmber or keys left,
    and outside their own turn: a key is forged at the "forge a key" step that opens one's own
    turn (published rules, playtest 5 slip K3), so the opponent's turn gives none, nor does the
    rest of one's own once a move was made (playtest 7 slip K1)."""
    state = await game_of(table, GAME.slug, COMMAND)
    require_player(table.actor, state)
    p = player_of(table, state, player)
    active = state.active_player
    if active is not None and active.id != p.id:
        raise TrackerError("kf_not_your_turn", name=p.name, active=active.name)
    aember, keys, cost = p.counter("aember"), p.counter("keys"), p.value("keycost", KEY_COST)
    assert aember is not None and keys is not None
    if keys.value >= KEYS_TO_WIN:
        raise TrackerError("all_keys", name=p.name)
    if aember.value < cost:
        raise TrackerError("cannot_forge", name=p.name, aember=aember.value, cost=cost)
    turn = (state.round, state.game.active_seat)
    history = await table.repo.history(state.game.id, limit=HISTORY)
    forged = [
        (
            str(f.get("player")),
            (int(f["turn"][0]), int(f["turn"][1])),
            int(f.get("keys", -1)),
        )
        for f in (_forge_of(s) for s in history if s.status == "done")
        if f is not None and isinstance(f.get("turn"), list)
    ]
    if second_key(forged, p.name, turn, keys.value):
        raise TrackerError("kf_one_key", name=p.name)
    done = [(s.action, _forge_of(s) is not None) for s in history if s.status == "done"]
    if active is not None and past_forge_step(done):  # playtest 7 slip K1
        raise TrackerError("kf_mid_turn", name=p.name)

    async def body(step: Step) -> None:
        await step.adjust(p, aember.id, "aember", -cost)
        after = await step.adjust(p, keys.id, "keys", 1)
        step.tx.params["keys"] = after
        step.note("tracker.note.forged", name=p.name, keys=after, cost=cost)

    params = {"player": p.name, "turn": list(turn)}
    return await run_step(table, state, "forge", body, params)
