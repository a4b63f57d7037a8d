"""The live scoreboard in SimCord: posted, edited (coalesced), re-posted, kept over a restart."""

from __future__ import annotations

import asyncio
from typing import Any

import discord
import pytest

from bot.discord.live import LiveMessageManager
from bot.handlers import tracker_ops as service
from bot.tracker.model import GameState
from tests.helpers.clock import FakeClock
from tests.helpers.cogs import Table, lang_locale


def manager(table: Table) -> LiveMessageManager:
    """The running bot's live manager, its 2-second window made virtual (advance_time only)."""
    live = table.services.live
    assert isinstance(live, LiveMessageManager)

    async def sleep(seconds: float) -> None:
        await table.env.external_wait(asyncio.sleep(seconds), reason="live edit window")

    live.sleep = sleep
    return live


async def state_of(table: Table) -> GameState:
    state = await service.load_state(table.services.storage, table.channel.id)
    assert state is not None
    return state


def edits(table: Table, message_id: int) -> list[Any]:
    return [
        r
        for r in table.env.http_requests
        if r.method == "PATCH" and r.path.endswith(f"/messages/{message_id}")
    ]


def posts(table: Table) -> list[Any]:
    path = f"/channels/{table.channel.id}/messages"
    return [r for r in table.env.http_requests if r.method == "POST" and r.path == path]


def fields(message: discord.Message) -> str:
    return "\n".join(f"{f.name}\n{f.value}" for e in message.embeds for f in e.fields)


def message(table: Table, message_id: int) -> discord.Message:
    found: discord.Message = next(m for m in table.channel.history() if m.id == message_id)
    return found


@pytest.fixture
async def game(table: Table, clock: FakeClock) -> Table:
    """A Mage Wars game of alice (moderator) and bob, life 30, started with /game start."""
    with lang_locale("ru"):
        await table.alice.slash(
            table.channel, "game start", game="mage-wars", player1=table.bob, life=30
        )
    manager(table)
    return table


async def test_game_start_posts_a_live_message_with_controls(game: Table) -> None:
    state = await state_of(game)
    assert state.live is not None
    live = message(game, state.live.message_id)
    assert live.embeds[0].title == "Mage Wars · раунд 1"
    assert "❤ ▰▰▰▰▰▰▰▰▰▰ 30/30" in fields(live)
    labels = [
        c.label
        for row in live.components
        for c in getattr(row, "children", ())
        if isinstance(c, discord.Button)
    ]
    assert labels[-8:] == [
        "повреждения −5", "повреждения −1", "повреждения +1", "повреждения +5",
        "Конец фазы действий",  # the mage's /mw act
        "Отменить", "Следующий раунд", "Обновить",
    ]  # fmt: skip
    assert not live.flags.ephemeral and live.interaction_metadata is None  # a channel message


async def test_click_updates_the_board_and_the_manager_edits_the_message(game: Table) -> None:
    state = await state_of(game)
    assert state.live is not None
    mid = state.live.message_id
    result = await game.bob.click(message(game, mid), label="повреждения +1")
    assert not result.ephemeral
    await game.env.advance_time(3)
    assert edits(game, mid)  # a PATCH of the ordinary message, not only the interaction update
    assert "❤ ▰▰▰▰▰▰▰▰▰▰ 29/30" in fields(message(game, mid))
    assert (await state_of(game)).live.message_id == mid  # type: ignore[union-attr]


async def test_twenty_rapid_changes_make_at_most_three_edits(game: Table) -> None:
    state = await state_of(game)
    assert state.live is not None
    mid = state.live.message_id
    for _ in range(20):
        await game.alice.click(message(game, mid), label="повреждения +1")
    await game.env.advance_time(5)
    patches = edits(game, mid)
    assert 1 <= len(patches) <= 3
    last = patches[-1].json["embeds"][0]["fields"][0]["value"]
    assert "10/30" in last  # the final state: 20 damage on alice's mage
    assert "10/30" in fields(message(game, mid))


async def test_nothing_changed_means_no_edit(game: Table) -> None:
    state = await state_of(game)
    assert state.live is not None
    mid = state.live.message_id
    await game.bob.click(message(game, mid), label="повреждения +1")
    await game.env.advance_time(3)
    before = len(edits(game, mid))
    await game.bob.click(message(game, mid), label="Обновить")
    await game.env.advance_time(3)
    assert len(edits(game, mid)) == before
    assert manager(game).stats.skipped >= 1


async def test_error_30046_reposts_the_message(game: Table) -> None:
    state = await state_of(game)
    assert state.live is not None
    old = state.live.message_id
    game.env.inject_error(
        "PATCH", f"/channels/{game.channel.id}/messages/*", status=400, code=30046,
        message="Maximum number of edits to messages older than 1 hour reached.",
    )  # fmt: skip
    sent = len(posts(game))
    await game.bob.click(message(game, old), label="повреждения +5")
    await game.env.advance_time(3)
    new = (await state_of(game)).live
    assert new is not None and new.message_id != old
    assert len(posts(game)) == sent + 1
    assert old not in [m.id for m in game.channel.history()]  # the old one is deleted
    assert "25/30" in fields(message(game, new.message_id))


async def test_a_deleted_message_is_posted_again(game: Table) -> None:
    state = await state_of(game)
    assert state.live is not None
    old = state.live.message_id
    await game.alice.delete(message(game, old))
    await game.bob.slash(game.channel, "dmg", target="bob", amount=1)
    await game.env.advance_time(3)
    new = (await state_of(game)).live
    assert new is not None and new.message_id != old
    assert "29/30" in fields(message(game, new.message_id))


async def test_a_message_older_than_fifty_minutes_is_reposted(
    game: Table, clock: FakeClock
) -> None:
    state = await state_of(game)
    assert state.live is not None
    old = state.live.message_id
    clock.advance(51 * 60)
    await game.bob.click(message(game, old), label="повреждения +1")
    await game.env.advance_time(3)
    new = (await state_of(game)).live
    assert new is not None and new.message_id != old and new.posted_at == clock()
    assert not edits(game, old)


async def test_restart_keeps_the_live_message_and_its_buttons(game: Table) -> None:
    state = await state_of(game)
    assert state.live is not None
    mid = state.live.message_id
    await game.restart()
    manager(game)
    result = await game.bob.click(message(game, mid), label="повреждения +5")
    assert not result.ephemeral
    await game.env.advance_time(3)
    assert edits(game, mid)  # the new process edits the stored message, no new post
    assert (await state_of(game)).live.message_id == mid  # type: ignore[union-attr]
    assert "25/30" in fields(message(game, mid))


async def test_select_then_step_acts_on_the_picked_creature(game: Table) -> None:
    with lang_locale("ru"):
        await game.bob.slash(game.channel, "unit add", name="Медведь", life=6)
    await game.env.advance_time(3)
    state = await state_of(game)
    assert state.live is not None
    bear = next(u for u in state.units if u.kind == "creature")
    live = message(game, state.live.message_id)
    pick = f"arb:live.pick:{state.game.id}:1"  # the target select, not the «📖» rule one
    await game.bob.select(live, [f"u{bear.id}"], custom_id=pick)
    await game.env.advance_time(3)
    await game.bob.click(message(game, state.live.message_id), label="повреждения +5")
    await game.env.advance_time(3)
    after = await state_of(game)
    assert after.unit(bear.id).value("damage") == 5  # type: ignore[union-attr]
    assert "Медведь" in fields(message(game, state.live.message_id))


async def test_a_stranger_is_refused_and_nothing_changes(table: Table) -> None:
    with lang_locale("ru"):
        await table.alice.slash(table.channel, "game start", game="mage-wars", life=30)
    manager(table)
    state = await state_of(table)
    assert state.live is not None
    mid = state.live.message_id
    before = len(edits(table, mid))
    with lang_locale("ru"):
        result = await table.bob.click(message(table, mid), label="повреждения +1")
    assert result.ephemeral
    assert "участники" in (result.response.embeds[0].description or "")
    await table.env.advance_time(3)
    assert await state_of(table) == state
    assert len(edits(table, mid)) == before


async def test_game_show_reposts_the_board_at_the_bottom(game: Table) -> None:
    state = await state_of(game)
    assert state.live is not None
    old = state.live.message_id
    with lang_locale("ru"):
        result = await game.bob.slash(game.channel, "game show")
    assert result.ephemeral
    assert "заново" in (result.response.embeds[0].description or "")
    new = (await state_of(game)).live
    assert new is not None and new.message_id != old
    history = game.channel.history()
    assert history[-1].id == new.message_id and old not in [m.id for m in history]


async def test_the_shared_board_keeps_the_bot_language_whoever_clicks(game: Table) -> None:
    state = await state_of(game)
    assert state.live is not None
    result = await game.bob.click(message(game, state.live.message_id), label="повреждения +1")
    assert result.response is not None
    assert "мана 10" in "\n".join(f.value or "" for f in result.response.embeds[0].fields)
    await game.env.advance_time(3)
    shown = fields(message(game, state.live.message_id))
    assert "29/30" in shown and "мана 10" in shown  # the manager's edit, in Russian too


async def test_a_click_edits_the_live_message_exactly_once(game: Table) -> None:
    state = await state_of(game)
    assert state.live is not None
    mid = state.live.message_id
    await game.env.advance_time(3)
    since = len(game.env.http_requests)
    await game.bob.click(message(game, mid), label="повреждения +1")
    await game.env.advance_time(3)
    later = game.env.http_requests[since:]
    callbacks = [r for r in later if r.path.endswith("/callback")]
    assert [(r.json or {}).get("type") for r in callbacks] == [6]  # a silent ack, no update
    assert len([r for r in later if r.method == "PATCH"]) == 1  # the manager's one edit
    assert "❤ ▰▰▰▰▰▰▰▰▰▰ 29/30" in fields(message(game, mid))


async def test_a_token_on_the_live_board_opens_its_rule_in_one_click(game: Table) -> None:
    """Issue 17: a token or trait on the board opens its glossary entry, for the clicker only."""
    with lang_locale("ru"):
        await game.bob.slash(game.channel, "unit add", name="Волк", life=6)
        await game.bob.slash(game.channel, "token add", target="Волк", token="горение")
    await game.env.advance_time(3)
    state = await state_of(game)
    assert state.live is not None
    live = message(game, state.live.message_id)
    rule = f"arb:rule.open:{state.game.id}"
    opened = await game.alice.select(live, ["mage-wars/burn"], custom_id=rule)
    embed = opened.response.embeds[0]
    assert "Горение" in (embed.title or "")
    assert opened.response.ephemeral  # the clicker's own copy; the board stays as it was
