"""`/mw act target:`: a creature's (or mage's) action phase ends (issue 16).

Seed 000 line 68 (Daze) and line 273 (Stun): those tokens come off at the end of the creature's
action phase; line 271 (Stuck): at the end of each action phase the stuck creature rolls to
escape, 7+ removes a Stuck token. The unit is marked «действовал» until `/game next` (line 238,
Ready Marker), which then leaves its later Daze and Stun for its next activation
(`bot/games/mage_wars/rounds.py`).
"""

from __future__ import annotations

from dataclasses import replace

from bot.context import Ctx
from bot.games.mage_wars import GAME
from bot.games.mage_wars.dice import roll_escape
from bot.games.mage_wars.rounds import record_escape
from bot.games.mage_wars.rules import ACTED, END_OF_ACTION_PHASE, ESCAPES
from bot.games.mage_wars.ui.commands import MW_TARGET, find_target
from bot.handlers import tracker_ops as service
from bot.handlers.dice import AREA
from bot.handlers.dice_names import named
from bot.handlers.tracker import outcome_reply
from bot.handlers.tracker_live import game_for
from bot.numbers import ascii_int
from bot.registry import UserError, action, command
from bot.reply import Reply
from bot.tracker.model import GameState, Unit
from bot.tracker.step import Step
from bot.tracker.templates import template

SLAM = "slam"
DAZE = "daze"
TARGET = replace(MW_TARGET, required=True)
A_ACT = "mw.act"  # the live board's button; `bot/games/mage_wars/plugin.py` offers it


@command("mw", "act", area=AREA, options=[TARGET, named("begin", bool)])
async def mw_act(ctx: Ctx, target: str, begin: bool = False) -> Reply:
    """End the unit's action phase: Daze and Stun off, Stuck's escape roll, marked as acted.

    `begin`: the unit activates instead (seed 000 line 259): its Slam becomes Daze."""
    tracked = await find_target(ctx, target, "/mw act", change=True)
    unit = tracked.unit
    if unit.value(ACTED) > 0:
        raise service.refusal("dice.mw.act_done", unit=unit.name)
    if begin:
        return await _activate(ctx, tracked.state, unit)
    return await end_action_phase(ctx, tracked.state, unit)


@action(A_ACT)
async def act_pressed(ctx: Ctx, payload: str) -> Reply:
    """The live board's «Конец фазы действия» on the selected unit: `<game>:u<unit id>`.

    The same path as `/mw act target:`; a payload naming another game or no unit is refused."""
    game_id, _, key = payload.partition(":")
    if not key.startswith("u") or ascii_int(key[1:]) is None:
        raise UserError("live.error.stale")
    state = await game_for(ctx, game_id)
    if state.slug != GAME.slug:
        raise UserError("live.error.stale")
    chosen = state.unit(int(key[1:]))
    if chosen is None or not chosen.present:
        raise UserError("dice.mw.act_gone")  # by the game's own words: существо or маг
    tracked = await find_target(ctx, f"#{key}", "/mw act", change=True)
    if tracked.unit.value(ACTED) > 0:
        raise service.refusal("dice.mw.act_done", unit=tracked.unit.name)
    return await end_action_phase(ctx, tracked.state, tracked.unit)


async def end_action_phase(ctx: Ctx, state: GameState, unit: Unit) -> Reply:
    """Daze and Stun off, Stuck's and Cripple's escape rolls, marked as acted: one step."""
    escapes = {key: roll_escape(ctx.services.rng) for key in ESCAPES if unit.value(key) > 0}

    async def body(step: Step) -> None:
        since = len(step.changes)
        now = (await step.fresh()).unit(unit.id) or unit
        cleared: dict[str, int] = {}  # what was really on it, so the note names only that
        for key in END_OF_ACTION_PHASE:
            token = now.token(key)
            if token is not None and token.value > 0:
                await step.set(now, token.id, key, 0)
                cleared[key] = token.value
        for key, escape in escapes.items():  # Stuck, then Cripple (MW-8): one roll each
            if now.token(key) is not None:
                await record_escape(step, now, escape, "act", key)
        cid = await step.ensure(now, ACTED)
        await step.set(now, cid, ACTED, 1)
        which = "_".join(cleared)  # «daze», «stun» or «daze_stun» (END_OF_ACTION_PHASE order)
        note = f"tracker.note.mw_act_cleared_{which}" if cleared else "tracker.note.mw_acted"
        step.note(note, unit=now.name, **cleared)
        step.cover(since)  # the notes say it all: no «действовал: нет → да», no token lines

    outcome = await service.run_step(ctx, state, "mw_act", body, {"target": unit.name})
    reply = outcome_reply(ctx, outcome)
    waiting = _still_to_end(ctx, outcome.state, unit)
    if waiting:
        reply.body = "\n".join(x for x in (reply.body, waiting) if x)
    return reply


def _still_to_end(ctx: Ctx, state: GameState, ended: Unit) -> str:
    """En-9 MW-3: each creature has its own action phase (seed 000 lines 68, 271, 273), so
    ending one does not take the others' Daze, Stun or Stuck off; one line names the same
    player's units that still carry them and have not acted, and the command that ends theirs."""
    tpl = template(state.slug)
    parts = []
    for other in state.units_of(ended.owner_id):
        if other.id == ended.id or other.destroyed or other.value(ACTED) > 0:
            continue
        keys = [k for k in (*END_OF_ACTION_PHASE, *ESCAPES) if other.value(k) > 0]
        if keys:
            labels = ", ".join(tpl.label(k, ctx.lang) for k in keys)
            parts.append(ctx.t("dice.mw.act_waiting_unit", unit=other.name, tokens=labels))
    return ctx.t("dice.mw.act_waiting", units="; ".join(parts)) if parts else ""


async def _activate(ctx: Ctx, state: GameState, unit: Unit) -> Reply:
    """Seed 000 line 259 (Slam): when the creature activates, its Slam is replaced by Daze."""
    slam = unit.token(SLAM)
    if slam is None or slam.value <= 0:
        raise service.refusal("dice.mw.activate_nothing", unit=unit.name)

    async def body(step: Step) -> None:
        await step.set(unit, slam.id, SLAM, 0)
        cid = await step.ensure(unit, DAZE, token=True)
        await step.adjust(unit, cid, DAZE, 1)
        step.note("tracker.note.mw_slam_to_daze", unit=unit.name)

    outcome = await service.run_step(ctx, state, "mw_activate", body, {"target": unit.name})
    return outcome_reply(ctx, outcome)
