"""The game tracker commands: /game, /unit, /set, /add, /dmg, /heal, /mana, /token.

A game's own commands (`/kf forge`, `/planet`) are in its `bot/games/<game>/commands.py`.
Handlers only parse, call `tracker_ops` (the core checks, writes and notifies) and turn the
outcome into a `Reply`. Autocomplete offers the units, players and stats of this channel's game.
"""

from __future__ import annotations

import json
from typing import Any

from bot import limits
from bot.context import Ctx, UserRef
from bot.games import game_options
from bot.handlers import tracker_ops as service
from bot.handlers.tracker_board import scoreboard
from bot.handlers.tracker_describe import game_name, header, seat_lines, start_values, step_line
from bot.handlers.tracker_layout import render_board
from bot.handlers.tracker_quiet import (
    change_reply,
    lines_under_header,
    undo_reply,
    with_ended_line,
)
from bot.handlers.tracker_refusals import nothing_to_heal
from bot.handlers.trait_refusals import drop_untracked, untracked_lines
from bot.handlers.unit_numbers import aside_lines, number_options, read_numbers
from bot.i18n import catalogue
from bot.registry import (
    Choice,
    Localized,
    Option,
    UserError,
    action,
    command,
    game_choices,
    load_handlers,
)
from bot.reply import Button, Kind, Reply, Style
from bot.tracker import lifecycle
from bot.tracker.model import GameState
from bot.tracker.names import md, norm
from bot.tracker.names_then import as_of
from bot.tracker.plugin import plugin_for
from bot.tracker.templates import template

AREA = "tracker"
A_END = "tracker.end"
A_LEAVE = "tracker.leave"
A_END_START = "tracker.end_start"
LOG_DEFAULT = 10
LOG_MAX = 50
UNDO_MAX = 20


# --- autocomplete ------------------------------------------------------------------------------


async def _state(ctx: Ctx) -> GameState | None:
    return await service.load_state(ctx.services.storage, ctx.channel_id)


async def ac_target(ctx: Ctx, current: str, values: dict[str, Any]) -> list[Choice]:
    """Units and players of this channel's game whose name contains what was typed."""
    state = await _state(ctx)
    if state is None:
        return []
    n = norm(current)
    out: list[Choice] = []
    for u in state.units:
        owner = state.participant(u.owner_id)
        label = f"{u.name} ({owner.name})" if owner and owner.name != u.name else u.name
        if n in norm(u.name):
            out.append(Choice(label[: limits.CHOICE_NAME], u.name))
    seen = {norm(c.value) for c in out}
    for p in state.participants:
        if n in norm(p.name) and norm(p.name) not in seen:
            out.append(Choice(p.name[: limits.CHOICE_NAME], p.name))
    return out[: limits.CHOICES]


async def ac_stat(ctx: Ctx, current: str, values: dict[str, Any]) -> list[Choice]:
    """The chosen target's counters and tokens (or the game's stats before a target is picked)."""
    state = await _state(ctx)
    if state is None:
        return []
    tpl = template(state.slug)
    keys: list[str] = []
    target = values.get("target")
    if target:
        try:
            holder = service.find_target(state, str(target))
        except UserError:
            holder = None
        if holder is not None:
            holders = service.stand_ins(state, holder)
            keys = [c.key for h in holders for c in (*h.counters, *h.tokens)]
    if not keys:
        keys = list(tpl.stats)
    n = norm(current)
    out = [
        Choice(tpl.label(k, ctx.lang)[: limits.CHOICE_NAME], k)
        for k in dict.fromkeys(keys)
        if not n or n in norm(tpl.label(k, ctx.lang)) or n in norm(k)
    ]
    return out[: limits.CHOICES]


async def ac_token(ctx: Ctx, current: str, values: dict[str, Any]) -> list[Choice]:
    state = await _state(ctx)
    if state is None:
        return []
    tpl = template(state.slug)
    n = norm(current)
    retired = plugin_for(state.slug).token_retired  # an old game's mark, not offered (CQ-2)
    out = [
        Choice(d.name(ctx.lang)[: limits.CHOICE_NAME], d.key)
        for d in tpl.tokens.values()
        if not retired(d.key) and (not n or any(n in norm(s) for s in (d.ru, d.en, *d.aliases)))
    ]
    if tpl.open:  # a custom game's tokens are made on the fly: offer those already in play
        made = dict.fromkeys(c.key for h in (*state.participants, *state.units) for c in h.tokens)
        out += [Choice(k[: limits.CHOICE_NAME], k) for k in made if not n or n in norm(k)]
    return out[: limits.CHOICES]


TARGET = Option("target", str, required=True, autocomplete=ac_target, max_length=100)
STAT = Option("stat", str, required=True, autocomplete=ac_stat, max_length=100)


def name_option() -> Option:
    """A required name (of a unit, a planet) no longer than a unit's name may be."""
    return Option("name", str, required=True, min_length=1, max_length=service.MAX_UNIT_NAME)


# --- replies -----------------------------------------------------------------------------------


def outcome_reply(ctx: Ctx, outcome: service.Outcome, title: str = "") -> Reply:
    """The changes and announcements of one step, headed by the game line (G1: not repeated)."""
    lines, done = lines_under_header(ctx, outcome, headed=not title)
    return Reply(
        title=title or header(outcome.state, ctx.lang),
        body="\n".join(lines) or ("" if done else ctx.t("tracker.nothing_changed")),
        # no success mark on a step that wrote nothing (a Nonliving creature «healed»)
        kind=Kind.SUCCESS
        if done and (outcome.changes or outcome.step_id is not None)
        else Kind.INFO,
    )


def show_reply(ctx: Ctx, state: GameState) -> Reply:
    """The whole game laid out as the live board shows it, without its controls."""
    return render_board(scoreboard(state, ctx.lang), ctx.lang, with_controls=False)


# --- /game -------------------------------------------------------------------------------------

GAME_CHOICES = game_choices(include_custom=True)


START_OPTIONS = tuple(o.name for o in game_options("start"))  # each game declares its own


PENDING = "tracker.pending_start"  # storage.meta key prefix: a start waiting for «end and start»


@command(
    "game",
    "start",
    area=AREA,
    options=[
        Option("game", str, required=True, choices=GAME_CHOICES),
        Option("player1", UserRef),
        Option("player2", UserRef),
        Option("player3", UserRef),
        Option("player4", UserRef),
        *number_options("start"),
        Option("play", bool),
    ],
)
async def game_start(
    ctx: Ctx,
    game: str,
    player1: UserRef | None = None,
    player2: UserRef | None = None,
    player3: UserRef | None = None,
    player4: UserRef | None = None,
    play: bool | None = None,
    **options: int,
) -> Reply:
    """Start the channel's game; if one is running, offer to end it and start this one."""
    players = [p for p in (player1, player2, player3, player4) if p is not None]
    values = {k: v for k, v in options.items() if k in START_OPTIONS and v is not None}
    seat_self = service.seats_caller(game, [p.id for p in players], ctx.user.id, play)
    existing = await _state(ctx)
    if existing is not None:
        request = {
            "game": game,
            "players": [[p.id, p.name] for p in players],
            "options": values,
            "play": bool(seat_self),
        }
        await ctx.services.storage.meta.set(_pending_key(ctx), json.dumps(request))
        gid = str(existing.game.id)
        return Reply(
            body=ctx.t("tracker.error.exists_named", game=game_name(existing.slug, ctx.lang)),
            kind=Kind.ERROR,
            ephemeral=True,
            actions=[
                Button(ctx.t("tracker.button.end_and_start"), A_END_START, gid, Style.DANGER),
                Button(ctx.t("tracker.button.end"), A_END, gid, Style.SECONDARY),
            ],
        )
    return await _start(ctx, game, players, values, seat_self)


async def _start(
    ctx: Ctx, game: str, players: list[UserRef], values: dict[str, int], seat_self: bool | None
) -> Reply:
    """Start and say so briefly: who is seated, how others join, where the board is; `seat_self`
    None: the caller named both players and is left out (en-9 G-1)."""
    try:
        outcome = await service.start(ctx, game, players, values, seat_self=bool(seat_self))
    except UserError as err:
        _name_option_as_shown(err)
        raise
    state = outcome.state
    seated = ", ".join(md(p.name) for p in sorted(state.participants, key=lambda p: p.seat))
    lines = [
        ctx.t("tracker.started", game=game_name(game, ctx.lang)),
        ctx.t("tracker.started.seated", names=seated),
    ]
    lines += seat_lines(game, len(state.participants), seat_self, ctx.lang)
    lines += _start_note(ctx, game, state)
    lines += start_values(game, values, ctx.lang, state)
    board = "tracker.started.board_live" if ctx.services.live else "tracker.started.board_show"
    lines.append(ctx.t(board))
    return Reply(title=header(state, ctx.lang), body="\n".join(lines), kind=Kind.SUCCESS)


def _start_note(ctx: Ctx, game: str, state: GameState) -> list[str]:
    """A game's own line after the start (`tracker.started.<game>`), given the first leader's
    numbers and another seated player as the example: Conquest says its two HP numbers went to
    every Warlord and how to set one player's (playtest 6 slip C3)."""
    key = f"tracker.started.{game}"
    leaders = [u for u in state.units if u.kind == template(game).leader]
    seats = sorted(state.participants, key=lambda p: p.seat)
    if key not in catalogue() or not leaders or not seats:
        return []
    values = {c.key: c.value for c in leaders[0].counters}
    return [ctx.t(key, name=md(seats[-1].name), **values)]


def _pending_key(ctx: Ctx) -> str:
    return f"{PENDING}:{ctx.channel_id}:{ctx.user.id}"


@action(A_END_START)
async def end_and_start_pressed(ctx: Ctx, payload: str) -> Reply:
    """«End and start the new one»: end the running game, then start the one asked for, with the
    options given to that `/game start` (kept in storage, so a restart between does not lose it)."""
    raw = await ctx.services.storage.meta.get(_pending_key(ctx))
    if not raw:
        raise UserError("error.stale_button")
    request = json.loads(raw)
    game_id = service.button_game_id(payload)
    await service.end(ctx, game_id)
    await ctx.services.storage.meta.set(_pending_key(ctx), "")
    players = [UserRef(int(i), str(n)) for i, n in request["players"]]
    reply = await _start(
        ctx, str(request["game"]), players, dict(request["options"]), bool(request["play"])
    )
    reply.edit_origin = True  # the question is settled: its buttons go
    return reply


def _name_option_as_shown(err: UserError) -> None:
    """A start option in a refusal is named as Discord shows it (`жизнь` in Russian)."""
    declared = {o.name: o for o in load_handlers().commands[("game", "start")].options}
    for param in ("option", "name"):
        value = err.params.get(param)
        if isinstance(value, str) and value in declared and value in START_OPTIONS:
            err.params[param] = Localized.option_name(declared[value], ("game", "start"))


@command("game", "join", area=AREA)
async def game_join(ctx: Ctx) -> Reply:
    return outcome_reply(ctx, await service.join(ctx))


@command("game", "leave", area=AREA)
async def game_leave(ctx: Ctx) -> Reply:
    """Ask first when leaving would end the game (and name a winner), as `/game end` does."""
    state = await service.require_state(ctx)
    if not lifecycle.leaving_ends(state, ctx.user.id):
        return outcome_reply(ctx, await service.leave(ctx))
    return Reply(
        body=service.leave_question(ctx, state, game_name(state.slug, ctx.lang)),
        ephemeral=True,
        actions=[Button(ctx.t("tracker.button.leave"), A_LEAVE, str(state.game.id), Style.DANGER)],
    )


@action(A_LEAVE)
async def leave_pressed(ctx: Ctx, payload: str) -> Reply:
    game_id = service.button_game_id(payload)
    return outcome_reply(ctx, await service.leave(ctx, game_id))


@command("game", "end", area=AREA)
async def game_end(ctx: Ctx) -> Reply:
    """Ask first: ending is the one change a stray click should not make."""
    state = await service.game_to_end(ctx)
    service.require_may_end(ctx, state)
    return Reply(
        body=ctx.t("tracker.end.confirm", game=game_name(state.slug, ctx.lang)),
        ephemeral=True,
        actions=[Button(ctx.t("tracker.button.end"), A_END, str(state.game.id), Style.DANGER)],
    )


@action(A_END)
async def end_pressed(ctx: Ctx, payload: str) -> Reply:
    outcome = await service.end(ctx, service.button_game_id(payload))
    reply = show_reply(ctx, outcome.state)  # the final board: it names the winner, if any
    reply.body = with_ended_line(reply.body, outcome.state, ctx.user.name, ctx.lang)
    reply.edit_origin = True  # the confirmation is settled: its button goes
    return reply


@command("game", "next", area=AREA)
async def game_next(ctx: Ctx) -> Reply:
    return outcome_reply(ctx, await service.next_round(ctx))


@command(
    "game",
    "undo",
    area=AREA,
    options=[Option("steps", int, min_value=1, max_value=UNDO_MAX)],
)
async def game_undo(ctx: Ctx, steps: int = 1) -> Reply:
    state, undone = await service.undo(ctx, steps)
    return await undo_reply(ctx, state, undone, steps)


@command("game", "redo", area=AREA)
async def game_redo(ctx: Ctx) -> Reply:
    state, done = await service.redo(ctx)
    index = await ctx.services.storage.tracker.counter_index(state.game.id)
    return Reply(
        title=ctx.t("tracker.redo.done"),
        body="\n".join(step_line(s, state, index, ctx.lang) for s in done),
        kind=Kind.SUCCESS,
        footer=header(state, ctx.lang),
    )


@command("game", "log", area=AREA, options=[Option("n", int, min_value=1, max_value=LOG_MAX)])
async def game_log(ctx: Ctx, n: int = LOG_DEFAULT) -> Reply:
    storage = ctx.services.storage
    state = await service.current_or_last(storage, ctx.channel_id)
    if state is None:
        raise UserError("tracker.error.no_game")
    steps = await storage.tracker.history(state.game.id, n)
    index = await storage.tracker.counter_index(state.game.id)
    lines = [step_line(s, then, index, ctx.lang) for s, then in as_of(state, steps)][::-1]
    body = "\n".join(lines) or ctx.t("tracker.log.empty")
    return Reply(
        title=ctx.t("tracker.log.title", game=game_name(state.slug, ctx.lang)), body=body[-4000:]
    )


# --- /unit -------------------------------------------------------------------------------------


@command(
    "unit",
    "add",
    area=AREA,
    options=[
        name_option(),
        Option("owner", UserRef),
        *number_options("unit"),
        Option("traits", str, max_length=300),
    ],
)
async def unit_add(
    ctx: Ctx, name: str, owner: UserRef | None = None, traits: str = "", **stats: int | str
) -> Reply:
    """A term of the card the bot does not track is left out and said (playtest 6, B2)."""
    state = await service.load_state(ctx.services.storage, ctx.channel_id)
    slug = state.slug if state is not None else ""
    given, aside = read_numbers(slug, {k: v for k, v in stats.items() if v is not None})
    kept, left = drop_untracked(slug, traits) if slug and traits else (traits or "", [])
    reply = change_reply(ctx, await service.add_unit(ctx, name, owner, given, kept))
    if left:  # said to the one who typed the card (a quiet reply is still theirs)
        reply.body += "".join("\n" + line for line in untracked_lines(slug, left, ctx.lang))
    reply.body += aside_lines(slug, aside, ctx.lang)  # a Berserk strike (playtest 18, B3)
    return reply


@command("unit", "remove", area=AREA, options=[TARGET])
async def unit_remove(ctx: Ctx, target: str) -> Reply:
    return change_reply(ctx, await service.remove_unit(ctx, target))


@command(
    "unit",
    "rename",
    area=AREA,
    options=[
        TARGET,
        name_option(),
    ],
)
async def unit_rename(ctx: Ctx, target: str, name: str) -> Reply:
    return change_reply(ctx, await service.rename_unit(ctx, target, name))


# --- values ------------------------------------------------------------------------------------

LIMIT = service.MAX_AMOUNT
AMOUNT = Option("amount", int, required=True, min_value=-LIMIT, max_value=LIMIT)
POSITIVE = Option("amount", int, required=True, min_value=0, max_value=LIMIT)
# Healing 0 is refused as out of range, not as «nothing to heal» (playtest 9, M1).
HEALING = Option("amount", int, required=True, min_value=1, max_value=LIMIT)


@command(
    "set",
    area=AREA,
    options=[
        TARGET,
        STAT,
        Option(
            "value",
            int,
            required=True,
            min_value=-service.MAX_AMOUNT,
            max_value=service.MAX_AMOUNT,
        ),
    ],
)
async def set_(ctx: Ctx, target: str, stat: str, value: int) -> Reply:
    return change_reply(ctx, await service.set_value(ctx, target, stat, value))


@command("add", area=AREA, options=[TARGET, STAT, AMOUNT])
async def add(ctx: Ctx, target: str, stat: str, amount: int) -> Reply:
    return change_reply(ctx, await service.add(ctx, target, stat, amount))


@command("dmg", area=AREA, options=[TARGET, POSITIVE, *number_options("dmg")])
async def dmg(ctx: Ctx, target: str, amount: int, **extra: int | None) -> Reply:
    """A game's own options (Conquest's `shield:N`) act as this damage is dealt (EN-8 CQ-2)."""
    given = {k: v for k, v in extra.items() if v is not None}
    return change_reply(ctx, await service.damage(ctx, target, amount, given))


@command("heal", area=AREA, options=[TARGET, HEALING])
async def heal(ctx: Ctx, target: str, amount: int) -> Reply:
    outcome = await service.heal(ctx, target, amount)
    if not outcome.changes and not outcome.notes:  # not a bare «Ничего не изменилось» (slip 33)
        raise nothing_to_heal(outcome.state, target, ctx.lang)
    return change_reply(ctx, outcome)


@command("mana", area=AREA, options=[AMOUNT, Option("player", UserRef)])
async def mana(ctx: Ctx, amount: int, player: UserRef | None = None) -> Reply:
    return change_reply(ctx, await service.mana(ctx, amount, player))


# --- /token ------------------------------------------------------------------------------------

TOKEN = Option("token", str, required=True, autocomplete=ac_token, max_length=100)
COUNT = Option("count", int, min_value=1, max_value=99)


@command("token", "add", area=AREA, options=[TARGET, TOKEN, COUNT])
async def token_add(ctx: Ctx, target: str, token: str, count: int = 1) -> Reply:
    return change_reply(ctx, await service.token(ctx, target, token, count))


@command("token", "remove", area=AREA, options=[TARGET, TOKEN, COUNT])
async def token_remove(ctx: Ctx, target: str, token: str, count: int = 1) -> Reply:
    return change_reply(ctx, await service.token(ctx, target, token, -count))


@command("token", "clear", area=AREA, options=[TARGET])
async def token_clear(ctx: Ctx, target: str) -> Reply:
    return change_reply(ctx, await service.clear_tokens(ctx, target))
