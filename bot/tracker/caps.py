"""How big one tracked game may grow, so every command on it stays inside the loop's budget.

Each cap is refused in words before anything is written (issue 18, "bounded games"); the figures
at the cap are measured by `bench/caps.py`.
"""

from __future__ import annotations

from bot.tracker.errors import TrackerError
from bot.tracker.model import GameState, Participant, Unit

MAX_UNITS = 200
"""Units in play in one game (mages and warlords included)."""

MAX_UNIT_ROWS = 400
"""Every unit ever made in one game, removed ones too (undo can bring them back)."""

MAX_KINDS = 50
"""Counters and tokens, of different names, on one player or unit."""

MAX_TOKENS = 999
"""Tokens of one kind on one player or unit."""

MAX_STEPS = 5000
"""Steps kept in one game's log; past it the game is refused new steps (undo still works)."""


def check_units(state: GameState, adding: int = 1) -> None:
    """Refuse a change that would put more than the caps' units on the table."""
    if len(state.units) + adding > MAX_UNITS:
        raise TrackerError("too_many_units", max=MAX_UNITS)
    if len(state.all_units) + adding > MAX_UNIT_ROWS:
        raise TrackerError("too_many_unit_rows", max=MAX_UNIT_ROWS)


def check_kinds(holder: Participant | Unit, present: int | None = None) -> None:
    """Refuse a new counter or token on a holder that already has `MAX_KINDS` of them."""
    have = len(holder.counters) + len(holder.tokens) if present is None else present
    if have >= MAX_KINDS:
        raise TrackerError("too_many_kinds", target=holder.name, max=MAX_KINDS)


def may_be_full(state: GameState) -> bool:
    """Whether the game's log may hold `MAX_STEPS` steps, so they are worth counting.

    Every step kept bumped the game's version when it was written, so a version below the cap
    means fewer steps than that, with no read; an unstamped state is counted. (A game from
    before versions existed starts at 0, so its cap holds a little late: soft, never wrong.)"""
    return state.stamp is None or state.stamp[0] >= MAX_STEPS


def check_steps(count: int) -> None:
    if count >= MAX_STEPS:
        raise TrackerError("too_many_steps", max=MAX_STEPS)
