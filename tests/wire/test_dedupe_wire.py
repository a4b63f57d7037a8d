"""The same INTERACTION_CREATE delivered twice (a gateway replay, or a second process that
also received it) is applied once and answered once: the repeat changes nothing and sends no
callback (Discord takes one answer per interaction)."""

from __future__ import annotations

import asyncio
import logging

import pytest

from bot.context import Services
from bot.handlers import tracker_ops as service
from tests.helpers.wire import AnyBot
from tests.wire.fakediscord import FakeDiscord


async def test_a_repeated_interaction_applies_and_answers_once(
    wire_bot: AnyBot,
    fake_discord: FakeDiscord,
    services: Services,
    caplog: pytest.LogCaptureFixture,
) -> None:
    await fake_discord.slash("game start", {"game": "keyforge", "player1": fake_discord.bob})
    sent, first = await fake_discord.slash(
        "add", {"target": "alice", "stat": "aember", "amount": 1}
    )
    assert first.status in (200, 204)
    with caplog.at_level(logging.INFO, logger="arbiter"):
        await fake_discord.dispatch("INTERACTION_CREATE", sent.payload)  # delivered again
        for _ in range(
            1500
        ):  # until the bot has handled the repeat (bounded: 15 s on a loaded box)
            if any("applied already" in r.getMessage() for r in caplog.records):
                break
            await asyncio.sleep(0.01)
        else:
            raise AssertionError("the repeated interaction was not recognised")
    await fake_discord.slash("add", {"target": "alice", "stat": "aember", "amount": 1})
    state = await service.load_state(services.storage, fake_discord.channel_id)
    assert state is not None
    alice = next(p for p in state.participants if p.user_id == fake_discord.alice.id)
    assert alice.value("aember") == 2
    callbacks = fake_discord.find("POST", f"/interactions/{sent.id}/{sent.token}/callback")
    assert len(callbacks) == 1
