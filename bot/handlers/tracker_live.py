"""The live message's controls: pick a unit, −5/−1/+1/+5 on it, Undo, Next round, Refresh, pages.

Every payload starts with the game id, and the step buttons carry the target (`u12`, `p3`) too, so
a click means the same thing after a restart and a click on an old game's message is refused
rather than applied to a newer game. Permission checks and notifications live in the service.

On Discord a click is acknowledged silently and the live message manager makes the one edit
that shows the new state (coalesced, at most one per 2 seconds), so a click never edits the
message twice. Offline (the console, no manager) the click's answer is the fresh board itself.
When a change has something to announce (a unit destroyed, Burn rolls, a winner), the answer is
a new public message instead, so the announcement stays readable in the channel.
"""

from __future__ import annotations

from bot.context import Ctx
from bot.handlers import tracker_ops as service
from bot.handlers.tracker import outcome_reply
from bot.handlers.tracker_board import (
    A_NEXT,
    A_PAGE,
    A_PICK,
    A_REFRESH,
    A_STEP,
    A_UNDO,
    STEPS,
    scoreboard,
    targets,
)
from bot.handlers.tracker_layout import render_board, render_live, render_show
from bot.handlers.tracker_quiet import ended_line, undo_reply
from bot.numbers import ascii_int
from bot.ratelimit import HEAVY_UNITS
from bot.registry import UserError, action, command
from bot.reply import Button, Reply
from bot.tracker.model import GameState
from bot.tracker.names import md
from bot.tracker.templates import template

SELECTED_KEY = "live.selected.{game_id}"


async def selected_target(ctx: Ctx, game_id: int) -> str | None:
    """The target the step buttons act on, as last picked (kept in storage across restarts)."""
    return await ctx.services.storage.meta.get(SELECTED_KEY.format(game_id=game_id))


async def live_reply(ctx: Ctx, state: GameState, lang: str | None = None) -> Reply:
    """The live message for `state` with the stored selection, in `lang` (default: the ctx's)."""
    selected = await selected_target(ctx, state.game.id)
    return render_live(state, lang or ctx.lang, selected)


async def game_for(ctx: Ctx, payload_game: str) -> GameState:
    """The channel's active game, refused when the button belongs to another (older) game."""
    state = await service.load_state(ctx.services.storage, ctx.channel_id)
    if state is None or str(state.game.id) != payload_game:
        last = await service.current_or_last(ctx.services.storage, ctx.channel_id)
        if last is not None and str(last.game.id) == payload_game and not last.game.active:
            raise UserError("live.error.ended")  # the game just ended: /game undo still works
        raise UserError("live.error.stale")
    return state


async def _answer(ctx: Ctx, outcome: service.Outcome | None = None) -> Reply:
    """Announcements go out as a new message; otherwise the board shows the new state."""
    if outcome is not None and outcome.notes:
        return outcome_reply(ctx, outcome)
    if ctx.services.live is not None:
        return Reply(silent=True)  # the manager edits the live message: the click's one edit
    state = await service.load_state(ctx.services.storage, ctx.channel_id)
    if state is None:
        if outcome is not None:
            return outcome_reply(ctx, outcome)
        raise UserError("live.error.stale")
    # Offline the board is the clicker's own view, so it is in their language (on Discord the
    # shared live message is in the bot's language: the manager renders it).
    reply = await live_reply(ctx, state)
    reply.edit_origin = True
    return reply


@action(A_PICK)
async def pick(ctx: Ctx, payload: str) -> Reply:
    """`<game>:<n>|<target>`: point the step buttons at another unit or player."""
    head, _, chosen = payload.partition("|")
    state = await game_for(ctx, head.split(":")[0])
    service.require_player(ctx, state)
    if chosen not in {x.key for x in targets(scoreboard(state, ctx.lang))}:
        raise UserError("live.error.no_target")
    await ctx.services.storage.meta.set(SELECTED_KEY.format(game_id=state.game.id), chosen)
    await ctx.services.game_changed(ctx.channel_id)
    return await _answer(ctx)


@action(A_STEP)
async def step(ctx: Ctx, payload: str) -> Reply:
    """`<game>:<target>:<delta>`: add delta to the target's main stat, as one undoable step."""
    parts = payload.split(":")
    delta = ascii_int(parts[2], signed=True) if len(parts) == 3 else None
    if delta is None or delta not in STEPS:
        raise UserError("live.error.stale")
    game_id, target = parts[0], parts[1]
    state = await game_for(ctx, game_id)
    service.require_player(ctx, state)
    board = scoreboard(state, ctx.lang)
    found = next((x for x in targets(board) if x.key == target), None)
    if found is None or found.main is None:
        raise UserError("live.error.no_target")
    stat = _main_key(state, target)
    # Healing with −N takes off what damage there is; spending (Æmber, gold) must be there.
    clamp = stat == template(state.slug).damage
    outcome = await service.add(ctx, f"#{target}", stat, delta, clamp=clamp)
    return await _answer(ctx, outcome)


def _main_key(state: GameState, target: str) -> str:
    """Units move the template's main stat (damage, wounds); players theirs (Æmber, gold)."""
    tpl = template(state.slug)
    return tpl.main if target.startswith("u") else tpl.player_main


@action(A_UNDO)
async def undo(ctx: Ctx, payload: str) -> Reply:
    """Undo one step and say what it was, as `/game undo` does (playtest 14, M3): a round
    advance with all its mana changes must not vanish silently.

    On Discord the line goes to the presser alone (the redrawn board shows everyone the state: a
    quiet channel); offline the line sits above the redrawn board."""
    await game_for(ctx, payload)
    state, undone = await service.undo(ctx, 1)
    said = await undo_reply(ctx, state, undone, 1)
    if ctx.services.live is not None:
        said.ephemeral = True
        return said
    board = await _answer(ctx)
    board.body = "\n".join((f"✔ {said.title}", said.body, "", board.body))
    return board


@action(A_NEXT)
async def next_round(ctx: Ctx, payload: str) -> Reply:
    """The round procedure; its report (Burn rolls, channeling) is posted as a new message.

    `<game>:<round>:<seat>`: refused once the game has left that turn (a double click, or a
    click on a board drawn before someone else pressed Next). A bare `<game>` is an old board."""
    game_id, *turn = payload.split(":")
    state = await game_for(ctx, game_id)
    if turn and turn != [str(state.game.round), str(state.game.active_seat)]:
        raise UserError("live.error.moved_on")
    outcome = await service.next_round(ctx)
    return outcome_reply(ctx, outcome)


@action(A_REFRESH)
async def refresh(ctx: Ctx, payload: str) -> Reply:
    """Redraw now; the live message manager also re-posts it if it has grown old."""
    await game_for(ctx, payload)
    await ctx.services.game_changed(ctx.channel_id)
    return await _answer(ctx)


async def show_pages(ctx: Ctx, page: int = 1) -> Reply:
    """Page `page` of `/game show`: page 1 is the live message itself, then per-player detail."""
    state = await service.require_state(ctx)
    selected = await selected_target(ctx, state.game.id)
    live, pages = render_show(state, ctx.lang, selected)
    page = max(1, min(page, len(pages)))
    reply = live if page == 1 else pages[page - 1]
    if len(pages) > 1:
        reply.footer = pages[page - 1].footer
        gid = state.game.id
        if page > 1:
            reply.actions.append(Button(ctx.t("live.btn.prev_page"), A_PAGE, f"{gid}:{page - 1}"))
        if page < len(pages):
            reply.actions.append(Button(ctx.t("live.btn.next_page"), A_PAGE, f"{gid}:{page + 1}"))
    return reply


@action(A_PAGE)
async def page(ctx: Ctx, payload: str) -> Reply:
    """`<game>:<page>`: turn a `/game show` page (in place)."""
    game_id, _, number = payload.partition(":")
    await game_for(ctx, game_id)
    wanted = ascii_int(number)
    reply = await show_pages(ctx, 1 if wanted is None else wanted)
    reply.edit_origin = True
    return reply


@command("game", "show", area="tracker")
async def show(ctx: Ctx) -> Reply:
    """`/game show`: on Discord re-post the live message (old one removed), offline print it.

    With a live poster (the Discord manager) the channel gets a fresh live message at the bottom
    and the caller a short ephemeral note; without one the reply is the live message's content.
    """
    state = await service.load_state(ctx.services.storage, ctx.channel_id)
    if state is not None and len(state.units) >= HEAVY_UNITS:
        ctx.take("show")  # a big board is costly to lay out: a budget per user
    if state is None:
        last = await service.current_or_last(ctx.services.storage, ctx.channel_id)
        if last is None:
            raise UserError("tracker.error.no_game")
        # No game running: the final board of the last one (a game just won stays viewable).
        board = scoreboard(last, ctx.lang)
        reply = render_board(board, ctx.lang, with_controls=False)
        # The title names the game and round; one line under it says the game is over and who
        # won (en-9 CQ-3: the game, round and «over» were said three times), or who ended it.
        drop = {ctx.t("live.ended")}
        if board.winner:
            drop.add(ctx.t("live.winner", name=md(board.winner)))
        lines = [line for line in reply.body.split("\n") if line.strip() not in ("", *drop)]
        if last.winner is None:  # G5: who ended it and when; no «no winner» (en-9 G-2)
            heading = await _who_ended(ctx, last)
        else:
            heading = ctx.t("tracker.show.last_won", name=md(board.winner or "?"))
        reply.body = "\n".join([heading, *lines])
        return reply
    poster = ctx.services.live
    if poster is not None and await poster.repost(ctx.channel_id):
        return Reply(body=ctx.t("live.reposted"), ephemeral=True)
    return await show_pages(ctx, 1)


async def _who_ended(ctx: Ctx, last: GameState) -> str:
    """The result of a game ended with no winner (playtest 10, G5): the ending step knows who
    ended it, the state after which turn. `/game end` names no winner, so the line does not say
    one is missing (en-9 G-2)."""
    steps = await ctx.services.storage.tracker.done_steps(last.game.id, 1)
    step = steps[0] if steps and steps[0].action == "end" else None
    if step is None or not step.user_name:
        return ctx.t("tracker.show.last_ended.plain")
    return ended_line(last, step.user_name, ctx.lang)
