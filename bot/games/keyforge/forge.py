"""`/kf forge`: a key that a card forges «at its current cost» (pure tracker step).

Published rules (seed 004 only says that Æmber is spent on keys, 004:21): a player forges a key
at the «Ковка ключа» step that opens their turn, which `/game next` runs by itself
(`rounds.forge_at_start`); a card may also forge a key at its current cost, at another moment
of the turn and beside that turn's key. This command records that card's key (playtest 8 slip
K1): the player pays the current key cost in Æmber and gains a key; the third key wins.
"""

from __future__ import annotations

from bot.games.keyforge import GAME
from bot.games.keyforge.rules import KEY_COST, KEYS_TO_WIN
from bot.tracker.access import game_of, player_of, require_player
from bot.tracker.errors import TrackerError
from bot.tracker.ports import Person, Table
from bot.tracker.step import Outcome, Step, run_step

COMMAND = "/kf forge"


async def forge(table: Table, player: Person | None = None) -> Outcome:
    """A card forges a key for `player` (default: whoever acts) at the current key cost.

    Refused without the Æmber or with all keys forged, and on the opponent's turn: only the
    active player plays cards (published rules), and a player waiting after «Шах!» gets their
    key from `/game next` (playtest 5 slip K3)."""
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

    async def body(step: Step) -> None:
        with step.told():  # the note tells both changes
            left = await step.adjust(p, aember.id, "aember", -cost)
            after = await step.adjust(p, keys.id, "keys", 1)
        step.tx.params["keys"] = after
        step.note(
            "tracker.note.forged",
            name=p.name,
            cost=cost,
            aember_before=aember.value,
            aember_after=left,
            keys_before=keys.value,
            keys=after,
        )

    return await run_step(table, state, "forge", body, {"player": p.name})
