"""The live scoreboard over the wire: the real bot against the fake Discord server.

The manager's 2-second window is gated by the test (`Gate`) instead of a real sleep, and time is
the shared `FakeClock`, so nothing here waits longer than a loopback round trip.
"""

from __future__ import annotations

import asyncio
import random
from pathlib import Path
from typing import Any

from bot.app import create_services
from bot.config import Settings
from bot.context import Services
from bot.discord.live import LiveMessageManager
from bot.handlers import tracker_ops as service
from bot.tracker.model import GameState
from tests.helpers.clock import FakeClock
from tests.helpers.wire import AnyBot, StartBot
from tests.wire.fakediscord import FakeDiscord, embed_problems, embed_text

MESSAGES = "/channels/{channel_id}/messages"
MESSAGE = "/channels/{channel_id}/messages/{message_id}"


class Gate:
    """A stand-in for the window's sleep that returns only when the test opens it."""

    def __init__(self) -> None:
        self.opened = asyncio.Event()
        self.waits: list[float] = []

    async def __call__(self, seconds: float) -> None:
        self.waits.append(seconds)
        await self.opened.wait()


def gated(services: Services) -> Gate:
    live = services.live
    assert isinstance(live, LiveMessageManager)
    gate = Gate()
    live.sleep = gate
    return gate


async def state_of(services: Services, fake: FakeDiscord) -> GameState:
    state = await service.load_state(services.storage, fake.channel_id)
    assert state is not None
    return state


async def with_live(services: Services, fake: FakeDiscord) -> GameState:
    """The state once the bot has stored the id of the board it posted (just after the POST)."""
    for _ in range(200):
        state = await state_of(services, fake)
        if state.live is not None:
            return state
        await asyncio.sleep(0.005)
    raise AssertionError("the live message id was never stored")


async def start_game(fake: FakeDiscord, services: Services) -> int:
    """`/game start` by alice with bob; returns the id of the live message the bot posted."""
    since = len(fake.requests)
    await fake.slash("game start", {"game": "mage-wars", "player1": fake.bob, "life": 30})
    post = await fake.wait_for_request("POST", MESSAGES, since=since)
    assert post.status == 200
    state = await with_live(services, fake)
    assert state.live is not None
    return state.live.message_id


def custom_id(fake: FakeDiscord, message_id: int, label: str) -> str:
    for row in fake.messages[message_id]["components"]:
        for c in row["components"]:
            if c.get("label") == label:
                return str(c["custom_id"])
    raise AssertionError(f"no button {label!r}")


def patches(fake: FakeDiscord, message_id: int) -> list[Any]:
    path = f"/channels/{fake.channel_id}/messages/{message_id}"
    return [r for r in fake.find("PATCH") if r.path == path and r.status == 200]


async def test_a_button_click_patches_the_live_message(
    fake_discord: FakeDiscord, wire_bot: AnyBot, services: Services, clock: FakeClock
) -> None:
    mid = await start_game(fake_discord, services)
    assert embed_problems(fake_discord.messages[mid]["embeds"]) == []
    clock.advance(5)  # a quiet spell: the next change is shown at once
    since = len(fake_discord.requests)
    _, callback = await fake_discord.click(
        custom_id(fake_discord, mid, "повреждения +1"), user=fake_discord.bob
    )
    assert callback.json["type"] == 6  # a silent ack: the manager's edit is the only one
    patch = await fake_discord.wait_for_request(
        "PATCH", f"/channels/{fake_discord.channel_id}/messages/{mid}", since=since
    )
    text = embed_text(patch.json["embeds"])
    assert "29/30" in text and "Инициатива: **Alice**" in text  # playtest 11 M3
    assert "29/30" in embed_text(fake_discord.messages[mid]["embeds"])
    assert len(patch.json["components"]) >= 3  # the controls ride along
    await asyncio.sleep(0.05)
    later = fake_discord.requests[since:]
    assert len([r for r in later if r.method == "PATCH"]) == 1  # one click, one edit
    assert not [r for r in later if "callback" in r.path and r.json["type"] == 7]


async def test_twenty_rapid_changes_make_at_most_three_edits(
    fake_discord: FakeDiscord, wire_bot: AnyBot, services: Services, clock: FakeClock
) -> None:
    mid = await start_game(fake_discord, services)
    gate = gated(services)
    plus = custom_id(fake_discord, mid, "повреждения +1")
    for _ in range(20):
        clock.advance(0.05)
        await fake_discord.click(plus, message_id=mid)
    assert len(gate.waits) == 1  # one worker waiting out the window, the rest coalesced
    since = len(fake_discord.requests)
    gate.opened.set()
    last = await fake_discord.wait_for_request("PATCH", MESSAGE, since=since)
    await asyncio.sleep(0.05)
    edits = patches(fake_discord, mid)
    assert 1 <= len(edits) <= 3
    assert edits[-1] is last or edits[-1].json == last.json
    assert "10/30" in embed_text(edits[-1].json["embeds"])  # 20 damage: the final state
    mage = next(u for u in (await state_of(services, fake_discord)).units if u.kind == "mage")
    assert mage.value("damage") == 20


async def test_error_30046_makes_the_bot_post_the_board_again(
    fake_discord: FakeDiscord, wire_bot: AnyBot, services: Services, clock: FakeClock
) -> None:
    old = await start_game(fake_discord, services)
    fake_discord.inject_error("PATCH", MESSAGE, code=30046, message="Too many edits")
    clock.advance(5)
    since = len(fake_discord.requests)
    await fake_discord.click(custom_id(fake_discord, old, "повреждения +5"), user=fake_discord.bob)
    refused = await fake_discord.wait_for_request("PATCH", MESSAGE, since=since)
    assert refused.status == 400
    post = await fake_discord.wait_for_request("POST", MESSAGES, since=since)
    await fake_discord.wait_for_request("DELETE", f"{MESSAGES}/{old}", since=since)
    new = (await state_of(services, fake_discord)).live
    assert new is not None and new.message_id != old and new.posted_at == clock()
    assert old not in fake_discord.messages
    assert "25/30" in embed_text(post.json["embeds"])
    # The new message carries working buttons.
    since = len(fake_discord.requests)
    clock.advance(5)
    _, callback = await fake_discord.click(
        custom_id(fake_discord, new.message_id, "повреждения −1")
    )
    assert callback.json["type"] == 6
    await fake_discord.wait_for_request("PATCH", f"{MESSAGES}/{new.message_id}", since=since)


async def test_restart_keeps_the_live_message_and_its_buttons(
    fake_discord: FakeDiscord, start_wire_bot: StartBot, tmp_path: Path
) -> None:
    db = tmp_path / "arbiter.sqlite3"
    clock = FakeClock()

    async def open_services() -> Services:
        svc = await create_services(Settings(), db_path=db, rng=random.Random(7))
        svc.clock = clock
        return svc

    first = await open_services()
    bot = await start_wire_bot(first)
    mid = await start_game(fake_discord, first)
    plus = custom_id(fake_discord, mid, "повреждения +5")
    await bot.close()
    await first.storage.close()

    second = await open_services()
    try:
        await start_wire_bot(second)
        clock.advance(5)
        since = len(fake_discord.requests)
        _, callback = await fake_discord.click(plus, message_id=mid, user=fake_discord.bob)
        assert callback.json["type"] == 6
        patch = await fake_discord.wait_for_request("PATCH", f"{MESSAGES}/{mid}", since=since)
        assert "25/30" in embed_text(patch.json["embeds"])
        later = fake_discord.requests[since:]
        assert not [r for r in later if r.matches("POST", MESSAGES)]  # edited, not re-posted
        live = (await state_of(second, fake_discord)).live
        assert live is not None and live.message_id == mid
    finally:
        await second.storage.close()


async def test_a_stranger_is_refused_and_the_board_is_not_touched(
    fake_discord: FakeDiscord, wire_bot: AnyBot, services: Services, clock: FakeClock
) -> None:
    since0 = len(fake_discord.requests)
    await fake_discord.slash("game start", {"game": "mage-wars", "life": 30})
    await fake_discord.wait_for_request("POST", MESSAGES, since=since0)
    before = await with_live(services, fake_discord)
    assert before.live is not None
    mid = before.live.message_id
    clock.advance(5)
    since = len(fake_discord.requests)
    _, callback = await fake_discord.click(
        custom_id(fake_discord, mid, "повреждения +1"), user=fake_discord.bob
    )
    assert callback.json["type"] == 4 and callback.json["data"]["flags"] & 64
    assert "участники" in embed_text(callback.json["data"]["embeds"])
    await asyncio.sleep(0.05)
    assert await state_of(services, fake_discord) == before
    assert not [r for r in fake_discord.requests[since:] if r.method == "PATCH"]
