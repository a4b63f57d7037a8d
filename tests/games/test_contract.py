"""Every game, discovered, through start, a change, next and a win, knowing only its template.

The toy sixth game (`tests/games/toy/`, registered here and nowhere else) runs through the same
steps: a new game needs no change outside its own folder (issue 16).
"""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

import bot.games
from bot.context import Ctx, Services
from bot.games import ALL_GAMES
from bot.handlers import tracker_ops as service
from bot.handlers.tracker_board import scoreboard
from bot.handlers.tracker_layout import render_board
from bot.render.text import render_text
from bot.tracker.model import GameState, Participant, Unit
from bot.tracker.plugin import BASE, plugin_for
from bot.tracker.templates import Template, template
from tests.games.toy import GAME as TOY
from tests.helpers.tracker import BOB, CHANNEL, MakeCtx

GAMES = sorted(ALL_GAMES)  # the games of bot/games/, before the toy one is registered


@pytest.fixture
def toy() -> Iterator[str]:
    bot.games.register(TOY)
    try:
        yield TOY.slug
    finally:
        bot.games.unregister(TOY.slug)
        plugin_for.cache_clear()


async def final(services: Services) -> GameState:
    state = await service.current_or_last(services.storage, CHANNEL)
    assert state is not None
    return state


def start_values(slug: str, tpl: Template) -> dict[str, int]:
    """The start options the template requires, each at a value its game's bounds allow."""
    bounds = {o.name: o for o in ALL_GAMES[slug].start_options}
    return {name: max(bounds[name].min, min(bounds[name].max, 7)) for name in tpl.required}


async def play_through(services: Services, make_ctx: MakeCtx, slug: str) -> GameState:
    alice: Ctx = make_ctx("alice")
    bob: Ctx = make_ctx("bob")
    tpl = template(slug)

    # start
    await service.start(alice, slug, [BOB], start_values(slug, tpl))
    state = await final(services)
    assert state.slug == slug and state.game.active
    me = state.participant_by_user(alice.user.id)
    assert me is not None and state.participant_by_user(BOB.id) is not None

    # a change: one of alice's counters goes up by one — her own, else her leader's main stat
    # (a Mage Wars mage's damage), else the main one an open game makes (custom)
    holder: Participant | Unit = me
    key = next(
        (
            c.key
            for c in me.counters
            if c.key != tpl.win_stat and (c.max is None or c.value < c.max) and c.key in tpl.stats
        ),
        "",
    )
    mine_leader = state.leader(me.id)
    if not key and mine_leader is not None:
        holder, key = mine_leader, tpl.main
    key = key or tpl.player_main
    target = f"#{'u' if isinstance(holder, Unit) else 'p'}{holder.id}"
    await service.add(alice, target, key, 1)
    state = await final(services)
    now = state.unit(holder.id) if isinstance(holder, Unit) else state.participant(holder.id)
    assert now is not None and now.value(key) == holder.value(key) + 1

    # next: the turn passes or a new round begins
    before = (state.round, state.game.active_seat)
    await service.next_round(alice, random.Random(7))
    state = await final(services)
    assert state.game.active and (state.round, state.game.active_seat) != before

    # a win, by the game's own rule: its winning stat, the fall of the other leader, else the
    # other player conceding (leaving) — the rule every game has
    if tpl.win_stat:
        await service.set_value(alice, f"#p{me.id}", tpl.win_stat, tpl.win_at)
    elif tpl.leader:
        for _ in range(3):
            state = await final(services)
            other = next(p for p in state.participants if p.id != me.id)
            leader = state.leader(other.id)
            if not state.game.active or leader is None:
                break
            await service.damage(alice, f"#u{leader.id}", 200)
    else:
        await service.leave(bob)
    state = await final(services)
    assert not state.game.active
    assert state.winner is not None and state.winner.user_id == alice.user.id
    return state


@pytest.mark.parametrize("slug", GAMES)
async def test_every_game_starts_changes_passes_and_is_won(
    services: Services, make_ctx: MakeCtx, slug: str
) -> None:
    state = await play_through(services, make_ctx, slug)
    board = render_text(render_board(scoreboard(state, "en"), "en", with_controls=False))
    assert "alice" in board


async def test_the_toy_game_runs_through_with_nothing_but_its_folder(
    services: Services, make_ctx: MakeCtx, toy: str
) -> None:
    assert toy in ALL_GAMES and plugin_for(toy) is BASE  # no plugin: the base one's turn passing
    state = await play_through(services, make_ctx, toy)
    assert state.winner is not None and state.winner.value("laps") == 3  # its one win rule
    board = render_text(render_board(scoreboard(state, "ru"), "ru", with_controls=False))
    assert "alice" in board and "круги" in board


async def test_the_toy_game_is_gone_once_unregistered(toy: str) -> None:
    bot.games.unregister(toy)
    assert toy not in ALL_GAMES
    bot.games.register(TOY)  # the fixture unregisters it again
