"""Dice commands: `/mw …`, `/berserk strike`, `/whf …`, `/roll`, `/odds …` and `/history rolls`.

Handlers only translate options into engine parameters, roll with `ctx.services.rng`, log the roll
and build the reply; the rules live in `bot/dice/`. Every roll may be private (ephemeral); private
rolls are still logged and shown in history to their roller only.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

from bot.context import Ctx
from bot.dice import replies
from bot.dice.generic import MAX_CHARS, expr_json, roll_expr
from bot.dice.odds import attack_odds, cast_odds
from bot.dice.options import (
    ATTACK_OPTIONS,
    BERSERK_OPTIONS,
    MAX_LIFE,
    build_attack,
    build_strike,
    named,
    odds_strikes,
)
from bot.dice.tracked import (
    MW_SLUG,
    Filled,
    MagicSide,
    Tracked,
    apply_attack,
    apply_burn,
    effect_tokens,
    fill_attack,
    find_target,
    magic_side,
    record_winds,
    remaining_life,
    spend_magic,
)
from bot.games.berserk.dice import roll_strike, strike_json
from bot.games.mage_wars.dice import (
    MAX_BURN,
    MAX_EFFECT_BONUS,
    attack_json,
    burn_json,
    resolve_attack,
    roll_burn,
    roll_escape,
    roll_plain_effect,
    roll_push,
)
from bot.games.whfb.dice import (
    MAX_CAST_DICE,
    MAX_LEVEL,
    MAX_VALUE,
    MAX_WIZARDS,
    cast_json,
    check_magic,
    dispel_json,
    roll_cast,
    roll_dispel,
    roll_winds,
    winds_json,
)
from bot.handlers.dice_text import as_typed, normalize_expr, summarize
from bot.handlers.tracker import ac_target, outcome_reply
from bot.registry import Choice, UserError, command, command_label
from bot.reply import Field, Reply, timestamp
from bot.storage.api import RollRecord
from bot.tracker.names import md
from bot.tracker.service import Outcome, load_state

AREA = "dice"
HISTORY_MAX = 25
PRIVATE = named("private", bool)


def _tr(ctx: Ctx) -> replies.Tr:
    return ctx.t


async def _log(
    ctx: Ctx,
    command_name: str,
    inputs: dict[str, Any],
    result: dict[str, Any],
    summary: tuple[str, dict[str, Any]],
    private: bool,
) -> None:
    """Store the roll; `summary` is a catalogue key and params, rendered when history is read."""
    key, params = summary
    await ctx.services.storage.rolls.add(
        RollRecord(
            channel_id=ctx.channel_id,
            user_id=ctx.user.id,
            user_name=ctx.user.name,
            command=command_name,
            inputs=inputs,
            result={**result, "summary": {"key": key, "params": params}},
            private=private,
            created_at=ctx.services.clock(),
        )
    )


def _finish(reply: Reply, private: bool) -> Reply:
    reply.ephemeral = private
    return reply


# ── tracked targets ────────────────────────────────────────────────────────────────────────────
# `target:` aims a Mage Wars roll at a unit of this channel's tracked game: missing options are
# read from the unit, and the result is written back as one undoable tracker step (see
# `bot/dice/tracked.py`). Every check happens before the roll, so a refusal rolls nothing.

LIFE_LEFT = "life_left"  # the pseudo-key `/odds mw` shows remaining life under


async def ac_mw_target(ctx: Ctx, current: str, values: dict[str, Any]) -> list[Choice]:
    """The tracker's own target autocomplete, offered only when the channel plays Mage Wars."""
    state = await load_state(ctx.services.storage, ctx.channel_id)
    if state is None or state.slug != MW_SLUG:
        return []
    return await ac_target(ctx, current, values)


MW_TARGET = named("target", str, autocomplete=ac_mw_target, max_length=100)


def _label(ctx: Ctx, tracked: Tracked) -> Callable[[str], str]:
    def label(key: str) -> str:
        if key == LIFE_LEFT:
            return ctx.t("dice.target.life_left")
        return tracked.tpl.label(key, ctx.lang)

    return label


def _show_target(ctx: Ctx, reply: Reply, tracked: Tracked, filled: Filled) -> None:
    """Put the lines saying which values came from the unit above the roll."""
    lines = replies.target_lines(
        _tr(ctx),
        md(tracked.unit.name),
        filled.taken,
        filled.given,
        filled.incapacitated,
        _label(ctx, tracked),
    )
    reply.body = "\n".join([*lines, reply.body]) if reply.body else "\n".join(lines)


def _public_target(target: str | None, private: bool) -> None:
    """A roll at a tracked unit changes the game everyone at the table follows, so it is never
    private: refused before anything is read or rolled (use `/odds mw target:` to look)."""
    if target and private:
        raise UserError("dice.target.private")


def _show_outcome(ctx: Ctx, reply: Reply, outcome: Outcome, extra: list[str]) -> None:
    """What the step changed and announced, in the tracker's own words (as `/dmg` says it)."""
    body = outcome_reply(ctx, outcome).body
    reply.fields.append(Field(ctx.t("dice.target.applied"), "\n".join([body, *extra])[:1024]))


# ── Mage Wars ──────────────────────────────────────────────────────────────────────────────────


@command("mw", "attack", area=AREA, options=[*ATTACK_OPTIONS, MW_TARGET, PRIVATE])
async def mw_attack(
    ctx: Ctx, private: bool = False, target: str | None = None, **options: Any
) -> Reply:
    """Resolve one attack, all strikes, with every die shown; `target` reads and hits a unit."""
    _public_target(target, private)
    tracked = await find_target(ctx, target, "/mw attack", change=True) if target else None
    filled = fill_attack(options, tracked) if tracked is not None else Filled(options)
    attack = build_attack(filled.options)
    result = resolve_attack(attack, ctx.services.rng)
    data = attack_json(result)
    reply = replies.attack_reply(_tr(ctx), result)
    inputs: dict[str, Any] = dict(options)
    summary: tuple[str, dict[str, Any]] = ("dice.summary.damage", {"total": result.total})
    if tracked is not None:
        effects = effect_tokens(result, tracked.tpl)
        outcome = await apply_attack(ctx, tracked, result.total, effects.tokens)
        _show_target(ctx, reply, tracked, filled)
        unknown = [ctx.t("dice.target.effect_not_token", row=row) for row in effects.unknown]
        _show_outcome(ctx, reply, outcome, unknown)
        inputs["target"] = tracked.unit.name
        data["target"] = {
            "unit": tracked.unit.name,
            "from_unit": dict(filled.taken),
            "tokens": effects.tokens,
        }
        summary = (
            "dice.summary.damage_target",
            {"total": result.total, "unit": md(tracked.unit.name)},
        )
    await _log(ctx, "mw attack", inputs, data, summary, private)
    return _finish(reply, private)


@command(
    "mw",
    "effect",
    area=AREA,
    options=[
        named("bonus", int, min_value=-MAX_EFFECT_BONUS, max_value=MAX_EFFECT_BONUS),
        PRIVATE,
    ],
)
async def mw_effect(ctx: Ctx, bonus: int = 0, private: bool = False) -> Reply:
    roll = roll_plain_effect(ctx.services.rng, bonus)
    data = {"roll": roll.natural, "modified": roll.modified}
    await _log(
        ctx,
        "mw effect",
        {"bonus": bonus},
        data,
        ("dice.summary.d12", {"value": roll.modified}),
        private,
    )
    return _finish(replies.effect_reply(_tr(ctx), roll, bonus), private)


@command(
    "mw",
    "burn",
    area=AREA,
    options=[named("tokens", int, min_value=0, max_value=MAX_BURN), MW_TARGET, PRIVATE],
)
async def mw_burn(
    ctx: Ctx, tokens: int | None = None, target: str | None = None, private: bool = False
) -> Reply:
    """Burn upkeep; with `target` the unit's Burn tokens are rolled, then damage and tokens left
    are written back in one step. Given `tokens` win over the tracked count."""
    _public_target(target, private)
    tracked = await find_target(ctx, target, "/mw burn", change=True) if target else None
    filled = Filled({})
    if tracked is not None:
        held = tracked.unit.value("burn")
        if tokens is None:
            tokens = held
            filled = Filled({}, taken=[("burn", held)])
        else:
            filled = Filled({}, given=[("burn", tokens, held)])
    if tokens is None:
        raise UserError("dice.mw.burn_needs_tokens")
    result = roll_burn(tokens, ctx.services.rng)
    data = burn_json(result)
    reply = replies.burn_reply(_tr(ctx), result)
    inputs: dict[str, Any] = {"tokens": tokens}
    summary = ("dice.summary.burn", {"damage": result.damage, "left": result.tokens_left})
    if tracked is not None:
        if result.rolls:  # no tokens, nothing rolled: the game is left as it is
            outcome = await apply_burn(ctx, tracked, result.damage, result.tokens_left)
            _show_outcome(ctx, reply, outcome, [])
        _show_target(ctx, reply, tracked, filled)
        inputs["target"] = data["target"] = tracked.unit.name
    await _log(ctx, "mw burn", inputs, data, summary, private)
    return _finish(reply, private)


@command("mw", "escape", area=AREA, options=[PRIVATE])
async def mw_escape(ctx: Ctx, private: bool = False) -> Reply:
    roll = roll_escape(ctx.services.rng)
    data = {"roll": roll.natural, "escaped": roll.success}
    outcome = "escaped" if roll.success else "stuck"
    summary = ("dice.summary.escape", {"value": roll.natural, "outcome": f"@{outcome}"})
    await _log(ctx, "mw escape", {}, data, summary, private)
    return _finish(replies.escape_reply(_tr(ctx), roll), private)


@command("mw", "push", area=AREA, options=[PRIVATE])
async def mw_push(ctx: Ctx, private: bool = False) -> Reply:
    roll, direction = roll_push(ctx.services.rng)
    data = {"roll": roll, "direction": direction}
    summary = ("dice.summary.push", {"direction": f"@direction.{direction}"})
    await _log(ctx, "mw push", {}, data, summary, private)
    return _finish(replies.push_reply(_tr(ctx), roll, direction), private)


# ── Berserk ────────────────────────────────────────────────────────────────────────────────────


@command("berserk", "strike", area=AREA, options=[*BERSERK_OPTIONS, PRIVATE])
async def berserk_strike(ctx: Ctx, private: bool = False, **options: Any) -> Reply:
    strike = build_strike(options)
    result = roll_strike(strike, ctx.services.rng)
    summary = (
        "dice.summary.berserk",
        {"kind": f"@kind.{result.attacker_kind}", "wounds": result.wounds},
    )
    await _log(ctx, "berserk strike", options, strike_json(result), summary, private)
    return _finish(replies.berserk_reply(_tr(ctx), result), private)


# ── Warhammer Fantasy ──────────────────────────────────────────────────────────────────────────
# When the channel tracks a `whfb` game the roller plays in, winds set the pools (the roller's
# power, the single opponent's dispel) in one undoable step and fill missing wizard counts from
# the tracked ones; cast/dispel spend their dice from the roller's pool first: too few dice is
# the tracker's refusal, and then nothing is rolled (see `bot/dice/tracked.py`).


@command(
    "whf",
    "winds",
    area=AREA,
    options=[
        named("wizards", int, min_value=0, max_value=MAX_WIZARDS),
        named("enemy_wizards", int, min_value=0, max_value=MAX_WIZARDS),
        PRIVATE,
    ],
)
async def whf_winds(
    ctx: Ctx, wizards: int | None = None, enemy_wizards: int | None = None, private: bool = False
) -> Reply:
    side = await _magic_side(ctx, private)
    opponent = side.opponent if side is not None else None
    if wizards is None:
        wizards = min(MAX_WIZARDS, side.me.value("wizards")) if side is not None else 0
    if enemy_wizards is None:
        enemy_wizards = min(MAX_WIZARDS, opponent.value("wizards")) if opponent else 0
    result = roll_winds(wizards, enemy_wizards, ctx.services.rng)
    reply = replies.winds_reply(_tr(ctx), result)
    if side is not None:
        await record_winds(ctx, side, result.power, result.dispel)
        lines = [ctx.t("dice.whf.pools_power", name=side.me.name, power=result.power)]
        if opponent is not None:
            lines.append(ctx.t("dice.whf.pools_dispel", name=opponent.name, dispel=result.dispel))
        reply.body = "\n".join([reply.body, *lines])
    inputs = {"wizards": wizards, "enemy_wizards": enemy_wizards}
    summary = ("dice.summary.winds", {"power": result.power, "dispel": result.dispel})
    await _log(ctx, "whf winds", inputs, winds_json(result), summary, private)
    return _finish(reply, private)


async def _magic_side(ctx: Ctx, private: bool) -> MagicSide | None:
    """The roller's side in a tracked `whfb` game. Its pools are shared with the table, so a
    roll that would change them is never private: refused before anything is rolled."""
    side = await magic_side(ctx)
    if side is not None and private:
        raise UserError("dice.whf.private")
    return side


async def _spend(ctx: Ctx, pool: str, dice: int, private: bool) -> str | None:
    """Spend from the roller's tracked pool before rolling; the reply line, or None."""
    side = await _magic_side(ctx, private)
    if side is None:
        return None
    left = await spend_magic(ctx, side, pool, dice)
    return ctx.t(f"dice.whf.spent_{pool}", dice=dice, left=left)


CAST_DICE = named("dice", int, required=True, min_value=1, max_value=MAX_CAST_DICE)
CAST_OPTIONS = [
    CAST_DICE,
    named("level", int, required=True, min_value=1, max_value=MAX_LEVEL),
    named("value", int, required=True, min_value=1, max_value=MAX_VALUE),
]


@command("whf", "cast", area=AREA, options=[*CAST_OPTIONS, PRIVATE])
async def whf_cast(ctx: Ctx, dice: int, level: int, value: int, private: bool = False) -> Reply:
    check_magic(dice, level, "value", value)
    spent = await _spend(ctx, "power", dice, private)  # refused before anything is rolled
    result = roll_cast(dice, level, value, ctx.services.rng)
    outcome = (
        "@odds.whf_if"
        if result.irresistible
        else ("@odds.whf_cast" if result.success else "@odds.whf_fail")
    )
    summary = ("dice.summary.cast", {"result": result.result, "outcome": outcome})
    inputs = {"dice": dice, "level": level, "value": value}
    await _log(ctx, "whf cast", inputs, cast_json(result), summary, private)
    return _finish(_with_line(replies.cast_reply(_tr(ctx), result), spent), private)


@command(
    "whf",
    "dispel",
    area=AREA,
    options=[
        CAST_DICE,
        named("level", int, required=True, min_value=0, max_value=MAX_LEVEL),
        named("against", int, required=True, min_value=1, max_value=MAX_VALUE),
        PRIVATE,
    ],
)
async def whf_dispel(ctx: Ctx, dice: int, level: int, against: int, private: bool = False) -> Reply:
    check_magic(dice, level, "against", against)
    spent = await _spend(ctx, "dispel", dice, private)
    result = roll_dispel(dice, level, against, ctx.services.rng)
    outcome = "@whf.dispel_title_ok" if result.success else "@whf.dispel_title_fail"
    summary = ("dice.summary.cast", {"result": result.result, "outcome": outcome})
    inputs = {"dice": dice, "level": level, "against": against}
    await _log(ctx, "whf dispel", inputs, dispel_json(result), summary, private)
    return _finish(_with_line(replies.dispel_reply(_tr(ctx), result), spent), private)


def _with_line(reply: Reply, line: str | None) -> Reply:
    if line:
        reply.body = f"{reply.body}\n{line}" if reply.body else line
    return reply


# ── generic ────────────────────────────────────────────────────────────────────────────────────


@command(
    "roll",
    area=AREA,
    options=[named("expr", str, required=True, max_length=MAX_CHARS), PRIVATE],
)
async def roll(ctx: Ctx, expr: str, private: bool = False) -> Reply:
    result = as_typed(roll_expr(normalize_expr(expr), ctx.services.rng), expr)
    summary = ("dice.summary.roll", {"expr": result.expr, "total": result.total})
    await _log(ctx, "roll", {"expr": expr}, expr_json(result), summary, private)
    reply = replies.expr_reply(_tr(ctx), result)
    return _finish(summarize(reply, result, ctx.t("dice.roll.more_in_file")), private)


# ── exact odds ─────────────────────────────────────────────────────────────────────────────────


@command(
    "odds",
    "mw",
    area=AREA,
    options=[*ATTACK_OPTIONS, named("life", int, min_value=1, max_value=MAX_LIFE), MW_TARGET],
)
async def odds_mw(
    ctx: Ctx, life: int | None = None, target: str | None = None, **options: Any
) -> Reply:
    """Exact odds; `target` reads armor, defense, tokens and remaining life (nothing written)."""
    if not target:
        attack = build_attack(options)
        return replies.mw_odds_reply(_tr(ctx), attack, attack_odds(attack), life)
    tracked = await find_target(ctx, target, "/odds mw", change=False)
    filled = fill_attack(options, tracked)
    left = remaining_life(tracked)
    if life is not None:
        filled = replace(filled, given=[*filled.given, (LIFE_LEFT, life, left)])
    elif left > 0:
        life = left
        filled = replace(filled, taken=[*filled.taken, (LIFE_LEFT, left)])
    attack = build_attack(filled.options)
    reply = replies.mw_odds_reply(_tr(ctx), attack, attack_odds(attack), life)
    _show_target(ctx, reply, tracked, filled)
    return reply


@command("odds", "berserk", area=AREA, options=BERSERK_OPTIONS)
async def odds_berserk(ctx: Ctx, **options: Any) -> Reply:
    """The mode given, or both modes of a simple strike when none is (as the issue asks)."""
    return replies.berserk_odds_view(_tr(ctx), odds_strikes(options))


@command("odds", "whf", area=AREA, options=CAST_OPTIONS)
async def odds_whf(ctx: Ctx, dice: int, level: int, value: int) -> Reply:
    return replies.whf_odds_reply(_tr(ctx), dice, level, value, cast_odds(dice, level, value))


# ── roll log ───────────────────────────────────────────────────────────────────────────────────


def summary_text(ctx: Ctx, result: dict[str, Any]) -> str:
    """A logged roll's summary in the reader's language; `@key` params are catalogue words."""
    summary = result.get("summary") or {}
    params = {
        k: ctx.t(f"dice.{v[1:]}" if "." in v else f"dice.summary.{v[1:]}")
        if isinstance(v, str) and v.startswith("@")
        else v
        for k, v in (summary.get("params") or {}).items()
    }
    key = summary.get("key")
    return ctx.t(key, **params) if key else ""


@command(
    "history",
    "rolls",
    area=AREA,
    options=[named("n", int, min_value=1, max_value=HISTORY_MAX)],
)
async def history_rolls(ctx: Ctx, n: int = 10) -> Reply:
    records = await ctx.services.storage.rolls.recent(ctx.channel_id, ctx.user.id, n)
    if not records:
        return Reply(title=ctx.t("dice.history.title"), body=ctx.t("dice.history.empty"))
    lines = []
    for r in records:
        stamp = timestamp(r.created_at)
        hidden = f" ({ctx.t('dice.word.private')})" if r.private else ""
        shown = command_label(tuple(r.command.split()), ctx.lang)  # as the client names it
        lines.append(f"{stamp} **{r.user_name}** {shown}{hidden}: {summary_text(ctx, r.result)}")
    return Reply(title=ctx.t("dice.history.title"), body="\n".join(lines), ephemeral=True)
