"""Mage Wars attack follow-ups in a tracked game: Counterstrike and Damage Barrier buttons,
zone attacks (`/mw zone`) and Sweeping (`/mw sweep`) on several tracked targets.

The rules are in `bot/games/mage_wars/followups.py`; the attacks themselves are
`resolve_attack`. A Counterstrike or Damage Barrier press is its own tracker step that names the
attack it follows (`params["follows"]`), so `/game undo` takes the attack and its follow-ups back
together (`bot/games/mage_wars/undo.py`). A press is refused once anything else changed the game.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

from bot.context import Ctx
from bot.dice.faces import roll_effect_die
from bot.games.mage_wars import GAME
from bot.games.mage_wars import tracker as mw_tracker
from bot.games.mage_wars.dice import AttackResult, resolve_attack
from bot.games.mage_wars.effects import effect_table
from bot.games.mage_wars.followups import (
    FollowupError,
    Offer,
    comma_split,
    distinct,
    offers,
    split_targets,
)
from bot.games.mage_wars.target import effect_tokens, fill_attack, fill_attacker
from bot.games.mage_wars.ui import shapes, view
from bot.games.mage_wars.ui.commands import (
    ATTACK_OPTIONS,
    Tracked,
    build_attack,
    destroyed_key,
    find_target,
    hit_unit,
)
from bot.games.mage_wars.undo import AFTER, FOLLOWS
from bot.handlers import tracker_ops as service
from bot.handlers.dice_names import named
from bot.handlers.dice_replies import counted
from bot.handlers.tracker_quiet import applied_field
from bot.registry import Localized, UserError, action, command
from bot.reply import Button, Field, Reply, Style, clip
from bot.storage.api import RollRecord
from bot.tracker.model import GameState, Unit
from bot.tracker.names import md

AREA = "dice"
A_COUNTER = "mw.cs"
A_BARRIER = "mw.db"
KINDS = {A_COUNTER: "counterstrike", A_BARRIER: "barrier"}
# Options of the attacker's side; the target's (armor, defense, tokens …) come from each unit.
ATTACKER_SIDE = (
    "dice",
    "strikes",
    "bonus",
    "extra",
    "weak",
    "spell",
    "piercing",
    "daze",
    "ethereal",
    "effect",
    "effect_bonus",
)
_SIDE = [o for o in ATTACK_OPTIONS if o.name in ATTACKER_SIDE]
MW_TARGETS = named("targets", str, required=True, max_length=300)
MULTI_OPTIONS = [  # Discord wants the required options first
    *[o for o in _SIDE if o.required],
    MW_TARGETS,
    *[o for o in _SIDE if not o.required],
]


def _refuse(err: FollowupError) -> UserError:
    return UserError(err.key, **err.params)


async def _log(ctx: Ctx, command_name: str, inputs: dict[str, Any], data: dict[str, Any]) -> None:
    total = data.get("total", 0)
    await ctx.services.storage.rolls.add(
        RollRecord(
            channel_id=ctx.channel_id,
            user_id=ctx.user.id,
            user_name=ctx.user.name,
            command=command_name,
            inputs=inputs,
            result={
                **data,
                "summary": {"key": "dice.summary.mw_damage", "params": {"total": total}},
            },
            private=False,
            created_at=ctx.services.clock(),
        )
    )


# ── buttons after `/mw attack target: attacker: melee:true` ───────────────────────────────────


async def followup_buttons(
    ctx: Ctx,
    state: GameState,
    target: Unit,
    attacker: Unit | None,
    step_id: int | None,
    *,
    melee: bool,
    guarded: bool = False,
) -> tuple[list[Button], list[str]]:
    """The Counterstrike / Damage Barrier buttons a melee attack offers, and lines to show.

    `guarded`: the target held Guard when attacked (the attack has taken it off since)."""
    now = state.unit(target.id) or target
    values = {c.key: c.value for c in (*now.counters, *now.tokens)}
    offer = offers(values, melee=melee, target_destroyed=now.destroyed, guarded=guarded)
    lines: list[str] = []
    if offer.dice_unknown and attacker is not None:
        lines.append(
            ctx.t("dice.mw.counterstrike_no_dice", unit=md(now.name), attacker=md(attacker.name))
        )
    if not (offer.counterstrike or offer.barrier):
        if guarded and melee and not now.destroyed and not offer.dice_unknown:
            if attacker is None:
                return [], [ctx.t("dice.mw.guard_needs_melee_no_attacker", unit=md(now.name))]
            line = ctx.t("dice.mw.guard_needs_melee", unit=md(now.name), attacker=md(attacker.name))
            return [], [line]
        if offer.dice_unknown and attacker is None:
            return [], [ctx.t("dice.mw.followup_needs_attacker", unit=md(now.name))]
        return [], lines
    if attacker is None:
        return [], [ctx.t("dice.mw.followup_needs_attacker", unit=md(now.name))]
    if step_id is None:  # the attack changed nothing, so it left no step: anchor on the last one
        last = await ctx.services.storage.tracker.history(state.game.id, limit=1)
        anchor = f"s{last[0].id if last else 0}"
    else:
        anchor = f"a{step_id}"
    payload = f"{anchor}:{attacker.id}:{now.id}" + (":g" if guarded else "")
    buttons: list[Button] = []
    for act, dice in ((A_COUNTER, offer.counterstrike), (A_BARRIER, offer.barrier)):
        if dice:
            count = counted(ctx.t, "dice.mw.n_dice", dice)
            label = ctx.t(f"dice.mw.button_{KINDS[act]}", unit=now.name, dice=count)
            buttons.append(Button(clip(label, 80), act, payload, Style.PRIMARY))
    return buttons, lines


async def find_attacker(ctx: Ctx, text: str | None) -> Tracked | None:
    """The attacking unit (`attacker:`), checked like a target before anything is rolled."""
    if not text:
        return None
    return await find_target(ctx, text, "/mw attack", change=True)


def _offer_now(target: Unit, guarded: bool = False) -> Offer:
    values = {c.key: c.value for c in (*target.counters, *target.tokens)}
    return offers(values, melee=True, target_destroyed=target.destroyed, guarded=guarded)


async def _press(ctx: Ctx, payload: str, act: str) -> Reply:
    try:
        anchor, attacker_text, target_text, *flags = payload.split(":")
        attacker_id, target_id, anchor_id = int(attacker_text), int(target_text), int(anchor[1:])
        if flags not in ([], ["g"]):
            raise ValueError(payload)
    except ValueError:
        return Reply.error(ctx.t("error.stale_button"))
    guarded = flags == ["g"]
    link = FOLLOWS if anchor.startswith("a") else AFTER
    state = await service.game_state(ctx, GAME.slug, "/mw attack")
    attacker, target = state.unit(attacker_id), state.unit(target_id)
    if attacker is None or target is None or not attacker.present or not target.present:
        raise UserError("dice.mw.followup_stale")
    kind = KINDS[act]
    await _check_fresh(ctx, state, link, anchor_id, kind)
    if attacker.destroyed:
        raise service.refusal(destroyed_key(attacker), unit=attacker.name)
    offer = _offer_now(target, guarded)
    dice = offer.counterstrike if kind == "counterstrike" else offer.barrier
    if not dice:
        raise service.refusal(f"dice.mw.no_{kind}", unit=target.name)
    tracked = Tracked(state, attacker)
    filled = fill_attack({"dice": dice}, tracked)
    if kind == "counterstrike":  # the striker's own Weak and Daze (seed 000 lines 317 and 68)
        filled = fill_attacker(filled, target)
    # The trait's own effect rows (seed 000:86, the effect die), rolled like `/mw attack effect:`.
    values = {c.key: c.value for c in target.counters}
    rows = effect_table(values, kind, tracked.tpl, ctx.lang)
    attack = replace(build_attack(filled.options), effect=rows)
    result = resolve_attack(attack, ctx.services.rng)
    effects = effect_tokens(result, tracked.tpl)

    async def body(step: service.Step) -> None:
        dealt = await hit_unit(step, attacker, result.total, effects.tokens)
        # Rage (seed 000:231): the counterstriker attacks; the attacker is damaged by an enemy
        # (a Damage Barrier's attack is its object's, not the creature's own attack).
        striker = target if kind == "counterstrike" else None
        await mw_tracker.after_hit(step, attacker, striker, dealt)

    params: dict[str, Any] = {
        "target": attacker.name,
        "amount": result.total,
        "kind": kind,
        link: anchor_id,
    }
    outcome = await service.run_step(ctx, state, kind, body, params)
    reply = view.attack_reply(ctx.t, result)
    reply.title = ctx.t(
        f"dice.mw.{kind}_title",
        unit=target.name,
        total=counted(ctx.t, "dice.plural.damage_plain", result.total),
    )
    lines = view.target_lines(
        ctx.t,
        md(attacker.name),
        filled.taken,
        filled.given,
        filled.incapacitated,
        lambda key: tracked.tpl.label(key, ctx.lang),
        filled.restrained,
        lambda key, value: tracked.tpl.define(key).with_value(value, ctx.lang),
    )
    lines += view.rule_lines(
        ctx.t,
        filled.applied,
        md(target.name),
        filled.attacker,
        lambda key: tracked.tpl.label(key, ctx.lang),
    )
    reply.body = "\n".join([*lines, reply.body])
    reply.fields.append(applied_field(ctx, outcome, nothing=view.NOTHING))
    data = shapes.mw_attack(result)
    data["target"] = {"unit": attacker.name, link: anchor_id, "tokens": effects.tokens}
    await _log(ctx, f"mw {kind}", {"dice": dice, "target": attacker.name}, data)
    return reply


async def _check_fresh(ctx: Ctx, state: GameState, link: str, anchor: int, kind: str) -> None:
    """Only right after its attack (and its other follow-ups), and each kind once.

    `link` is FOLLOWS when the attack left a step (`anchor` is its id), AFTER when it changed
    nothing (`anchor` is the step that was last then, 0 for none)."""
    history = await ctx.services.storage.tracker.history(state.game.id, limit=6)
    for s in history:
        if s.id == anchor:
            if s.status != "done":  # the attack (or the step then last) was undone since
                break
            return
        if s.status != "done":
            continue
        if s.id < anchor or s.params.get(link) != anchor:
            break
        if s.params.get("kind") == kind:
            raise UserError(f"dice.mw.{kind}_done")
    else:
        if link == AFTER:
            return
    raise UserError("dice.mw.followup_stale")


@action(A_COUNTER)
async def counterstrike_pressed(ctx: Ctx, payload: str) -> Reply:
    return await _press(ctx, payload, A_COUNTER)


@action(A_BARRIER)
async def barrier_pressed(ctx: Ctx, payload: str) -> Reply:
    return await _press(ctx, payload, A_BARRIER)


# ── several targets: `/mw zone` and `/mw sweep` ───────────────────────────────────────────────


@command("mw", "zone", area=AREA, options=MULTI_OPTIONS)
async def mw_zone(ctx: Ctx, targets: str, **options: Any) -> Reply:
    """Zone Attack (seed 000 line 323): unavoidable, a separate attack on each target; Daze is
    rolled once for the whole zone (line 68)."""
    return await _multi(ctx, targets, options, sweeping=False)


@command("mw", "sweep", area=AREA, options=MULTI_OPTIONS)
async def mw_sweep(ctx: Ctx, targets: str, **options: Any) -> Reply:
    """Sweeping (seed 000 line 279): two attacks on two different targets, each from its
    declaration (so each rolls its own Daze and defense)."""
    return await _multi(ctx, targets, options, sweeping=True)


async def _no_commas(ctx: Ctx, names: list[str], command_name: str, err: UserError | None) -> None:
    """Targets typed with a space where a comma belongs (playtest 6, M2): the refusal shows the
    list with commas when the words make up known names, else says that commas separate them."""
    try:
        state = await service.game_state(ctx, GAME.slug, command_name)
    except UserError:
        return  # no game here: the refusal as it was says so
    known = [*(u.name for u in state.units if u.present), *(p.name for p in state.participants)]
    path = tuple(command_name.lstrip("/").split())
    option = Localized.option_name(MW_TARGETS, path)
    fixed = [comma_split(name, known) or [name] for name in names]
    if any(len(f) > 1 for f in fixed):
        shown = ", ".join(n for f in fixed for n in f)
        typed = next(n for n, f in zip(names, fixed, strict=True) if len(f) > 1)
        raise UserError("dice.mw.targets_comma", name=md(typed), option=option, fixed=md(shown))
    if err is not None and err.key == "tracker.error.no_target" and any(" " in n for n in names):
        raise UserError("dice.mw.no_target_commas", **err.params, option=option)


async def _multi(ctx: Ctx, targets: str, options: dict[str, Any], *, sweeping: bool) -> Reply:
    command_name = "/mw sweep" if sweeping else "/mw zone"
    try:
        names = split_targets(targets, sweeping=sweeping)
    except FollowupError as err:
        if err.key == "dice.mw.sweeping_two":
            await _no_commas(ctx, [targets], command_name, None)
        raise _refuse(err) from None
    try:
        aimed = [await find_target(ctx, name, command_name, change=True) for name in names]
    except UserError as err:
        await _no_commas(ctx, names, command_name, err)
        raise
    try:
        distinct([t.unit.id for t in aimed], sweeping=sweeping)
    except FollowupError as err:
        raise _refuse(err) from None
    base = {k: v for k, v in options.items() if k in ATTACKER_SIDE and v is not None}
    if not sweeping:
        base["unavoidable"] = True
    build_attack(base)  # refuse bad options before any die is rolled
    rng = ctx.services.rng
    daze_roll = roll_effect_die(rng) if base.get("daze") and not sweeping else None
    results: list[tuple[Tracked, AttackResult, dict[str, int], list[str]]] = []
    applied: dict[int, list[str]] = {}  # unit id → the tracked traits its attack applied
    for n, tracked in enumerate(aimed):
        # Seed 000 lines 182, 23 and 188: Melee +X, Bloodthirsty +X and Charge +X go to the
        # first attack of the action only.
        options = base if n == 0 else {k: v for k, v in base.items() if k != "bonus"}
        filled = fill_attack(options, tracked)
        result = resolve_attack(build_attack(filled.options), rng, daze_roll)
        effects = effect_tokens(result, tracked.tpl)
        rules = view.rule_lines(ctx.t, filled.applied, "", [], _labeller(ctx, tracked))
        results.append((tracked, result, effects.tokens, effects.unknown))
        applied[tracked.unit.id] = rules

    async def body(step: service.Step) -> None:
        for tracked, result, tokens, _ in results:
            dealt = await hit_unit(step, tracked.unit, result.total, tokens)
            # Rage (seed 000:231): no attacker is named, so the hit is read as an enemy's.
            await mw_tracker.after_hit(step, tracked.unit, None, dealt)

    state = aimed[0].state
    params: dict[str, Any] = {
        "targets": [t.unit.name for t in aimed],
        "amount": sum(r.total for _, r, _, _ in results),
    }
    kind = "sweep" if sweeping else "zone"
    outcome = await service.run_step(ctx, state, kind, body, params)
    data = {
        "daze": daze_roll,
        "attacks": [
            {**shapes.mw_attack(r), "target": {"unit": t.unit.name, "tokens": tokens}}
            for t, r, tokens, _ in results
        ],
        "total": params["amount"],
    }
    await _log(ctx, f"mw {kind}", {**base, "targets": names}, data)
    return _multi_reply(ctx, results, outcome, daze_roll, applied, sweeping=sweeping)


def _labeller(ctx: Ctx, tracked: Tracked) -> Callable[[str], str]:
    return lambda key: tracked.tpl.label(key, ctx.lang)


def _multi_reply(
    ctx: Ctx,
    results: list[tuple[Tracked, AttackResult, dict[str, int], list[str]]],
    outcome: service.Outcome,
    daze_roll: int | None,
    applied: dict[int, list[str]],
    *,
    sweeping: bool,
) -> Reply:
    total = sum(r.total for _, r, _, _ in results)
    kind = "sweep" if sweeping else "zone"
    lines = [ctx.t(f"dice.mw.{kind}_note")]
    if daze_roll is not None:
        key = "dice.mw.daze_hit" if daze_roll >= 7 else "dice.mw.daze_miss"
        lines.append(ctx.t("dice.mw.zone_daze_once") + " " + ctx.t(key, roll=daze_roll))
    fields: list[Field] = []
    for tracked, result, _, unknown in results:
        one = view.attack_reply(ctx.t, result)  # its Daze line is said once, above
        setup = view.attack_setup_lines(ctx.t, result.attack)
        text = "\n".join(
            [*applied.get(tracked.unit.id, []), *setup]  # the rule first, as `/mw attack` (MW-11)
            + [f"**{f.name}**\n{f.value}" for f in one.fields]
            + [ctx.t("dice.target.effect_not_token", row=row) for row in unknown]
        )
        name = ctx.t(
            "dice.mw.multi_target",
            unit=tracked.unit.name,
            total=counted(ctx.t, "dice.plural.damage_plain", result.total),
        )
        fields.append(Field(clip(name, 256), clip(text, 1024)))
    fields.append(applied_field(ctx, outcome, nothing=view.NOTHING))
    return Reply(
        title=ctx.t(
            f"dice.mw.{kind}_title", total=counted(ctx.t, "dice.plural.damage_plain", total)
        ),
        body="\n".join(lines),
        fields=fields,
        footer=ctx.t("dice.word.critical_legend")
        if any(view.faces_shown(r) for _, r, _, _ in results)
        else "",
    )
