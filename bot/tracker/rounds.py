"""`/game next`: the shared turn passing; each game's procedure is its `bot/games/<game>/rounds.py`.

Round-based games (Mage Wars, Conquest) start a new round and pass the initiative / first-player
token on every `/game next`; turn-based games (KeyForge, Berserk, WHFB, custom) pass the turn and
count a new round when it comes back to the first seat (Berserk and KeyForge count every
hand-over as the next turn instead, in the same `round` field). The order of effects is in
docs/tracker.md.
"""

from __future__ import annotations

import random

from bot.tracker.model import GameState, Participant
from bot.tracker.plugin import plugin_for
from bot.tracker.step import Step
from bot.tracker.templates import counts_each_turn, counts_turns, holds_initiative


def next_seat(state: GameState) -> tuple[Participant | None, bool]:
    """The participant after the active one, and whether the turn wrapped to the first seat.

    Players whose mage or warlord has fallen are out of the game and are skipped.
    """
    current = state.active_player
    seated = sorted(
        (p for p in state.participants if not _eliminated(state, p)), key=lambda p: p.seat
    )
    if not seated or current is None:
        return None, False
    later = [p for p in seated if p.seat > current.seat]
    return (later[0], False) if later else (seated[0], True)


def turn_number(state: GameState, *, round_: int | None = None) -> int:
    """The number players call the turn by: the round, or in Berserk and KeyForge every player's
    turn counted (ход 1 — the first seat, ход 2 — the second, ход 3 — the first again).

    Those games keep that count itself in the game's `round` (`pass_turn` adds one on every
    hand-over), so a player joining mid-game changes no number (playtest 5, B10).
    """
    return state.round if round_ is None else round_


def _eliminated(state: GameState, p: Participant) -> bool:
    leader = state.leader(p.id)
    return leader is not None and leader.destroyed


async def pass_turn(step: Step, *, new_round: bool) -> Participant | None:
    """Move the active seat on; count a round when `new_round` or when the turn wrapped."""
    state = step.state
    passing = state.active_player
    ended = turn_number(state)  # the number the turn just over was called by
    player, wrapped = next_seat(state)
    if player is not None:
        await step.tx.set_field("game", state.game.id, "active_seat", player.seat)
    each_turn = counts_each_turn(state.slug) and player is not None
    counted = new_round or wrapped or each_turn  # every hand-over is a new turn there
    round_ = state.round + 1 if counted else state.round
    if counted:
        await step.tx.set_field("game", state.game.id, "round", round_)
    if each_turn:
        step.note("tracker.note.round_turn", round=turn_number(state, round_=round_))
    elif new_round or wrapped:
        key = "tracker.note.round_turn" if counts_turns(state.slug) else "tracker.note.round"
        step.note(key, round=round_)
    if player is not None:
        key = "tracker.note.initiative" if holds_initiative(state.slug) else "tracker.note.turn"
        # who passed and which turn ended: a bare /game next says that (playtest 9, G2)
        old = passing.name if passing is not None and passing.id != player.id else ""
        step.note(key, name=player.name, old=old, ended=ended, advanced=counted)
    return player


async def run_procedure(step: Step, rng: random.Random) -> None:
    """Run the game's `next_round` (its plugin) on the state as this transaction sees it."""
    step.state = await step.fresh()
    await plugin_for(step.tpl.procedure).next_round(step, rng)
