"""Generic dice commands: `/roll`, `/history rolls`, and what every game's dice commands share.

Each game's own dice commands live in its package (`bot/games/<game>/commands.py`: `/mw …`,
`/berserk strike`, `/whf …` and their `/odds …`); they log with `log_roll` and mark private
rolls with `PRIVATE` and `finish`. Handlers only translate options into engine parameters, roll
with `ctx.services.rng`, log the roll and build the reply. Every roll may be private
(ephemeral); private rolls are still logged and shown in history to their roller only.
"""

from __future__ import annotations

from typing import Any

from bot.cli import shapes
from bot.context import Ctx
from bot.dice.generic import MAX_CHARS, roll_expr
from bot.handlers import dice_errors as dice_errors  # registers the engines' error table
from bot.handlers.dice_names import named
from bot.handlers.dice_replies import expr_reply
from bot.handlers.dice_text import as_typed, normalize_expr, summarize
from bot.i18n import catalogue
from bot.registry import command, command_label
from bot.reply import Reply, timestamp
from bot.storage.api import RollRecord
from bot.tracker.names import md

AREA = "dice"
HISTORY_MAX = 25
PRIVATE = named("private", bool)


async def log_roll(
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


def finish(reply: Reply, private: bool) -> Reply:
    reply.ephemeral = private
    return reply


# ── generic ────────────────────────────────────────────────────────────────────────────────────


@command(
    "roll",
    area=AREA,
    options=[named("expr", str, required=True, max_length=MAX_CHARS), PRIVATE],
)
async def roll(ctx: Ctx, expr: str, private: bool = False) -> Reply:
    ctx.take("dice", 1, spend=False)  # refused once the last minute's dice fill the budget
    result = as_typed(roll_expr(normalize_expr(expr), ctx.services.rng), expr)
    ctx.spend("dice", len(result.rolls) + len(result.faces))
    summary = ("dice.summary.roll", {"expr": result.expr, "total": result.total})
    await log_roll(ctx, "roll", {"expr": expr}, shapes.expr(result), summary, private)
    reply = expr_reply(ctx.t, result)
    if result.kind == "effect":
        # a d12 is an effect die only at a table whose game names one (`dice.roll.d12.<slug>`)
        key = f"dice.roll.d12.{await _plays(ctx)}"
        if key in catalogue():
            reply.title = ctx.t(key, total=result.total)
        else:
            reply.title = ctx.t("dice.roll.title", expr=result.expr, total=result.total)
    return finish(summarize(reply, result, ctx.lang), private)


async def _plays(ctx: Ctx) -> str | None:
    """The game in progress in this channel (its slug), if any."""
    return await ctx.services.storage.tracker.active_game_slug(ctx.channel_id)


# ── roll log ───────────────────────────────────────────────────────────────────────────────────


TYPED_PARAMS = frozenset({"expr"})  # summary params that hold text as the user typed it


def summary_text(ctx: Ctx, result: dict[str, Any]) -> str:
    """A logged roll's summary in the reader's language; `@key` params are catalogue words.

    The expression is kept as typed and escaped here, where it is shown (once: `**`, `||` and
    `<@id>` in it must not become bold, a spoiler or a mention pill)."""
    summary = result.get("summary") or {}
    params = {
        k: ctx.t(f"dice.{v[1:]}" if "." in v else f"dice.summary.{v[1:]}")
        if isinstance(v, str) and v.startswith("@")
        else (md(v) if k in TYPED_PARAMS and isinstance(v, str) else v)
        for k, v in (summary.get("params") or {}).items()
    }
    key = summary.get("key")
    return ctx.t(key, **params) if key else ""


def roll_label(recorded: str, lang: str) -> str:
    """A logged roll's command as the client names it; a roll a button made (not a command: the
    Mage Wars barrier) is named by its own catalogue text `dice.history.label.<words>`, never by
    its internal English word (playtest 7, M5)."""
    own = catalogue().lookup("dice.history.label." + ".".join(recorded.split()), lang)
    return own or command_label(tuple(recorded.split()), lang)


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
        shown = roll_label(r.command, ctx.lang)
        text = summary_text(ctx, r.result)
        # in a code span: a list of past rolls, not a row of clickable command mentions
        lines.append(f"{stamp} **{md(r.user_name)}** `{shown}`{hidden}: {text}")
    return Reply(title=ctx.t("dice.history.title"), body="\n".join(lines), ephemeral=True)
