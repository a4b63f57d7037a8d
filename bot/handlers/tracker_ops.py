"""The tracker as the handlers call it: a `Ctx` in, the pure core's operation, refusals out.

Each function builds the core's `Table` (actor, repository, clock) from the invocation and maps
any `TrackerError` to the catalogue refusal (`tracker_refusals`), so handlers, the dice bridge and
tests keep one call per command (`await tracker_ops.add(ctx, "alice", "life", -3)`).
"""

from __future__ import annotations

import random
from collections.abc import Awaitable, Callable, Mapping
from typing import Any

from bot.context import Ctx, UserRef
from bot.handlers.tracker_refusals import refusals, user_error, wrong_game_refusal
from bot.numbers import ascii_int
from bot.registry import CommandLabel, UserError
from bot.storage import Storage
from bot.storage.scope import StaleCopy, optimistic
from bot.storage.tracker import TrackerStore
from bot.tracker import access, counters, history, lifecycle, resolve, tokens, units
from bot.tracker.counters import MAX_AMOUNT
from bot.tracker.errors import TrackerError, WrongGame
from bot.tracker.model import GameState, Unit
from bot.tracker.names import md
from bot.tracker.ports import Actor, Table
from bot.tracker.records import StepRecord
from bot.tracker.resolve import MAX_STAT_NAME, MAX_UNIT_NAME, Holder, StatRef, stand_ins
from bot.tracker.step import Body, Change, Note, Outcome, Step, damage_cap, effective_damage
from bot.tracker.templates import Template, template


def table(ctx: Ctx) -> Table:
    """The core's view of one invocation: who acts, where, the repository, clock and RNG."""
    services = ctx.services
    return Table(
        repo=services.storage.tracker,
        actor=Actor(ctx.user.id, ctx.user.name, ctx.can_manage, ctx.can_moderate),
        channel_id=ctx.channel_id,
        guild_id=ctx.guild_id,
        clock=services.clock,
        rng=services.rng,
        changed=services.game_changed,
    )


async def one_step(ctx: Ctx, op: Callable[[Table], Awaitable[Outcome]]) -> Outcome:
    """A command that is one step. On PostgreSQL its read of the game skips the version check,
    because the step's close checks it (a change is one round trip); if the copy was stale,
    nothing was written and the command runs again from a checked read. A refusal worked out
    from an unchecked copy is given only after one read shows that copy current."""
    with refusals(ctx):
        repo = ctx.services.storage.tracker
        if ctx.services.storage.db.dialect == "postgresql" and isinstance(repo, TrackerStore):
            try:
                with optimistic() as trust:
                    try:
                        return await op(table(ctx))
                    except TrackerError:
                        if (
                            trust.wrote
                            or not trust.unchecked
                            or not await repo.stale(trust.unchecked)
                        ):
                            raise
            except StaleCopy:
                pass
        return await op(table(ctx))


def refusal(key: str, /, **params: Any) -> UserError:
    """A refusal whose names show as typed: Discord markdown in them is escaped, not applied."""
    return UserError(key, **{k: md(v) if isinstance(v, str) else v for k, v in params.items()})


def wrong_game(ctx: Ctx, command: str, slug: str) -> UserError:
    """`/kf forge` in a Mage Wars game: the command as typed, the game by its players' name."""
    shown = CommandLabel(command.lstrip("/").split(), slash=True)  # as the client names it
    key, params = wrong_game_refusal(command, slug, ctx.lang)  # and the game it is of (M6)
    return refusal(key, command=shown, **params)


def refused(ctx: Ctx, exc: TrackerError) -> UserError:
    return user_error(exc, ctx.lang)


# --- reads and checks ----------------------------------------------------------------------------


async def load_state(storage: Storage, channel_id: int) -> GameState | None:
    """The channel's active game, or None."""
    return await access.load_state(storage.tracker, channel_id)


async def current_or_last(storage: Storage, channel_id: int) -> GameState | None:
    """The channel's active game, else its most recent one."""
    return await access.current_or_last(storage.tracker, channel_id)


async def require_state(ctx: Ctx) -> GameState:
    with refusals(ctx):
        return await access.require_state(table(ctx))


async def game_to_end(ctx: Ctx) -> GameState:
    """The game `/game end` ends; with no game at all the refusal is its own (ru-19, G5)."""
    try:
        return await require_state(ctx)
    except UserError as err:
        if err.key == "tracker.error.no_game":
            raise UserError("tracker.error.no_game_to_end") from None
        raise


async def game_state(ctx: Ctx, slug: str, command: str, *, change: bool = True) -> GameState:
    """This channel's game when it is `slug`'s (else the refusal names the game it is), and for a
    change the asker seated in it: the checks each game's own commands begin with. A roll
    that writes nothing (odds) may read the board of a game just over (English walk 12, MW-4)."""
    last = None if change else await current_or_last(ctx.services.storage, ctx.channel_id)
    state = last if last is not None else await require_state(ctx)
    if state.slug != slug:
        raise wrong_game(ctx, command, state.slug)  # the game by its players' name
    if change:
        require_player(ctx, state)
    return state


def _actor(ctx: Ctx) -> Actor:
    return Actor(ctx.user.id, ctx.user.name, ctx.can_manage, ctx.can_moderate)


def can_change(ctx: Ctx, state: GameState) -> bool:
    return access.can_change(_actor(ctx), state)


def require_player(ctx: Ctx, state: GameState) -> None:
    with refusals(ctx):
        access.require_player(_actor(ctx), state)


def require_may_end(ctx: Ctx, state: GameState) -> None:
    """`/game end` by an outsider is refused as any change is: at a full table without the
    offer to join (ru-19, G9)."""
    if not access.may_end(_actor(ctx), state):
        raise user_error(access.not_participant(state), ctx.lang)


def valid_name(ctx: Ctx, text: str, limit: int = MAX_UNIT_NAME) -> str:
    with refusals(ctx):
        return resolve.valid_name(text, limit)


def find_target(state: GameState, text: str, lang: str = "ru") -> Holder:
    try:
        return resolve.find_target(state, text)
    except TrackerError as exc:
        raise user_error(exc, lang) from None


def find_unit(state: GameState, text: str, lang: str = "ru") -> Unit:
    try:
        return resolve.find_unit(state, text)
    except TrackerError as exc:
        raise user_error(exc, lang) from None


def find_stat(
    state: GameState, tpl: Template, holder: Holder, text: str, lang: str = "ru"
) -> StatRef:
    try:
        return resolve.find_stat(state, tpl, holder, text)
    except TrackerError as exc:
        raise user_error(exc, lang) from None


def unit_stats(state: GameState, text: str, lang: str = "ru") -> dict[str, int]:
    try:
        return resolve.unit_stats(state, text)
    except TrackerError as exc:
        raise user_error(exc, lang) from None


def require_standing(holder: Holder, lang: str = "ru", slug: str = "") -> None:
    """A destroyed unit is refused, in the game's own word when `slug` is given."""
    try:
        resolve.require_standing(holder, slug)
    except TrackerError as exc:
        raise user_error(exc, lang) from None


async def run_step(
    ctx: Ctx,
    state: GameState,
    action: str,
    body: Body,
    params: dict[str, Any] | None = None,
    *,
    check: bool = True,
) -> Outcome:
    """The core's `run_step` for a body written by a handler (the dice bridge's attack), checked
    like any change (`access.can_change`)."""
    from bot.tracker.step import run_step as core_run_step

    with refusals(ctx):
        return await core_run_step(table(ctx), state, action, body, params, check=check)


# --- lifecycle -----------------------------------------------------------------------------------


async def start(
    ctx: Ctx,
    slug: str,
    players: list[UserRef],
    options: dict[str, int],
    *,
    seat_self: bool = True,
) -> Outcome:
    with refusals(ctx):
        return await lifecycle.start(table(ctx), slug, players, options, seat_self=seat_self)


async def join(ctx: Ctx) -> Outcome:
    with refusals(ctx):
        return await lifecycle.join(table(ctx))


async def leave(ctx: Ctx, game_id: int | None = None) -> Outcome:
    with refusals(ctx):
        return await lifecycle.leave(table(ctx), game_id)


async def end(ctx: Ctx, game_id: int | None = None) -> Outcome:
    with refusals(ctx):
        return await lifecycle.end(table(ctx), game_id)


# --- counters and tokens -------------------------------------------------------------------------


async def add(ctx: Ctx, target: str, stat: str, amount: int, *, clamp: bool = False) -> Outcome:
    return await one_step(ctx, lambda t: counters.add(t, target, stat, amount, clamp=clamp))


async def set_value(ctx: Ctx, target: str, stat: str, value: int) -> Outcome:
    return await one_step(ctx, lambda t: counters.set_value(t, target, stat, value))


async def damage(
    ctx: Ctx, target: str, amount: int, extra: Mapping[str, int] | None = None
) -> Outcome:
    return await one_step(ctx, lambda t: counters.damage(t, target, amount, extra))


async def heal(ctx: Ctx, target: str, amount: int) -> Outcome:
    return await one_step(ctx, lambda t: counters.heal(t, target, amount))


async def mana(ctx: Ctx, amount: int, player: UserRef | None = None) -> Outcome:
    with refusals(ctx):
        return await counters.mana(table(ctx), amount, player)


async def update_burn(ctx: Ctx, target: str, damage_dealt: int, tokens_left: int) -> Outcome:
    with refusals(ctx):
        return await counters.update_burn(table(ctx), target, damage_dealt, tokens_left)


async def token(ctx: Ctx, target: str, name: str, count: int) -> Outcome:
    return await one_step(ctx, lambda t: tokens.token(t, target, name, count))


async def clear_tokens(ctx: Ctx, target: str) -> Outcome:
    with refusals(ctx):
        return await tokens.clear_tokens(table(ctx), target)


# --- units and lists -----------------------------------------------------------------------------


async def add_unit(
    ctx: Ctx, name: str, owner: UserRef | None, stats: dict[str, int], traits: str = ""
) -> Outcome:
    with refusals(ctx):
        return await units.add_unit(table(ctx), name, owner, stats, traits)


async def remove_unit(ctx: Ctx, target: str) -> Outcome:
    with refusals(ctx):
        return await units.remove_unit(table(ctx), target)


async def rename_unit(ctx: Ctx, target: str, new_name: str) -> Outcome:
    with refusals(ctx):
        return await units.rename_unit(table(ctx), target, new_name)


async def add_item(
    ctx: Ctx, list_name: str, text: str, player: UserRef | None = None, *, command: str = ""
) -> Outcome:
    """A name on a player's list; `command` is how the refusal names the command typed."""
    with refusals(ctx):
        return await units.add_item(
            table(ctx), list_name, text, player, command=command or f"/{list_name}"
        )


# --- rounds, undo, redo --------------------------------------------------------------------------


async def next_round(ctx: Ctx, rng: random.Random | None = None) -> Outcome:
    with refusals(ctx):
        return await history.next_round(table(ctx), rng)


async def undo(ctx: Ctx, steps: int = 1) -> tuple[GameState, list[StepRecord]]:
    with refusals(ctx):
        return await history.undo(table(ctx), steps)


async def redo(ctx: Ctx) -> tuple[GameState, list[StepRecord]]:
    with refusals(ctx):
        return await history.redo(table(ctx))


__all__ = [
    "MAX_AMOUNT",
    "MAX_STAT_NAME",
    "MAX_UNIT_NAME",
    "Change",
    "Holder",
    "Note",
    "Outcome",
    "StatRef",
    "Step",
    "WrongGame",
    "add",
    "add_item",
    "add_unit",
    "can_change",
    "clear_tokens",
    "current_or_last",
    "damage",
    "damage_cap",
    "effective_damage",
    "end",
    "find_stat",
    "find_target",
    "heal",
    "join",
    "leave",
    "load_state",
    "mana",
    "next_round",
    "redo",
    "refusal",
    "refused",
    "remove_unit",
    "rename_unit",
    "require_may_end",
    "require_player",
    "require_standing",
    "require_state",
    "run_step",
    "set_value",
    "stand_ins",
    "start",
    "table",
    "token",
    "undo",
    "unit_stats",
    "update_burn",
    "valid_name",
    "wrong_game",
]


def button_game_id(payload: str) -> int | None:
    """The game a confirmation button names (None: an old button without one); a payload that
    is not an ASCII number was not made by the bot."""
    if not payload:
        return None
    game_id = ascii_int(payload)
    if game_id is None:
        raise UserError("error.stale_button")
    return game_id


def seats_caller(game: str, named: list[int], caller: int, play: bool | None) -> bool | None:
    """Seat the caller? `play` when given; None (not seated, decided for them) when they name
    all the players a duel is usually played by, and not themselves (en-9 G-1)."""
    if play is not None:
        return play
    tpl = template(game)
    usual = tpl.usual_players or tpl.max_players
    return None if usual and len(named) == usual and caller not in named else True


def leave_question(ctx: Ctx, state: GameState, game: str) -> str:
    """The confirmation of a leave that ends the game, naming who wins when one player is left
    (playtest 18, G3: no «(если он есть)» in a game of two)."""
    others = [p.name for p in state.participants if p.user_id != ctx.user.id]
    if len(others) == 1:
        return ctx.t("tracker.leave.confirm_to", game=game, winner=md(others[0]))
    return ctx.t("tracker.leave.confirm", game=game)
