"""A quiet channel over the wire (issue 17): private `/help` in pages, private deferral, and a
tracker change answered in one short line."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from bot.context import Services
from bot.discord import dispatch, respond
from bot.i18n import t
from bot.registry import load_handlers
from tests.helpers.wire import AnyBot
from tests.wire.fakediscord import (
    CALLBACK_DEFERRED_MESSAGE,
    CALLBACK_MESSAGE,
    EPHEMERAL_FLAG,
    FakeDiscord,
    embed_text,
)

EDIT_ORIGINAL = "/webhooks/{app}/{token}/messages/@original"
MESSAGES = "/channels/{channel_id}/messages"


def buttons(data: dict[str, Any]) -> list[dict[str, Any]]:
    return [c for row in data.get("components") or [] for c in row["components"]]


async def test_help_is_private_and_pages_by_area(
    fake_discord: FakeDiscord, wire_bot: AnyBot
) -> None:
    _, callback = await fake_discord.slash("help")
    data = callback.json["data"]
    assert callback.json["type"] == CALLBACK_MESSAGE and data["flags"] & EPHEMERAL_FLAG
    text = embed_text(data["embeds"])
    assert t("help.area.core", "ru") in text and "`/игра начать" not in text  # one area a page
    assert len(text) < 2000
    pages = buttons(data)
    assert pages[0]["label"] == t("help.overview", "ru") and pages[0]["disabled"]  # G3
    seen = text
    for button in pages[1:]:
        _, clicked = await fake_discord.click(button["custom_id"])
        assert clicked.json["type"] == 7  # the private message itself turns the page
        seen += embed_text(clicked.json["data"]["embeds"])
    for cmd in load_handlers().commands.values():
        assert f"`{cmd.label('ru')}" in seen


@pytest.fixture
def slow(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every command runs past the deferral deadline (set to 0 s)."""
    real = getattr(dispatch, "run_command")  # noqa: B009 (imported there, patched there)

    async def run_command(*args: Any) -> Any:
        await asyncio.sleep(0.05)
        return await real(*args)

    monkeypatch.setattr(respond, "DEFER_AFTER", 0.0)
    monkeypatch.setattr(dispatch, "run_command", run_command)


@pytest.mark.parametrize(
    ("name", "options"), [("help", {}), ("roll", {"expr": "d6", "private": True})]
)
async def test_a_private_answer_is_deferred_privately(
    fake_discord: FakeDiscord, wire_bot: AnyBot, slow: None, name: str, options: dict[str, Any]
) -> None:
    since = len(fake_discord.requests)
    sent, callback = await fake_discord.slash(name, options)
    assert callback.json["type"] == CALLBACK_DEFERRED_MESSAGE
    assert callback.json["data"]["flags"] & EPHEMERAL_FLAG  # no public «Arbiter думает…»
    edit = await fake_discord.wait_for_request("PATCH", EDIT_ORIGINAL, since=since)
    assert edit.json["embeds"]  # the private "thinking…" became the answer
    later = fake_discord.requests[since:]
    assert not [r for r in later if r.method == "DELETE"]
    assert t("discord.answered_privately", "ru") not in str([r.json for r in later])
    message = fake_discord.original_message(sent)
    assert message is not None and int(message.get("flags") or 0) & EPHEMERAL_FLAG


async def test_a_public_answer_is_still_deferred_publicly(
    fake_discord: FakeDiscord, wire_bot: AnyBot, slow: None
) -> None:
    _, callback = await fake_discord.slash("roll", {"expr": "d6"})
    assert callback.json["type"] == CALLBACK_DEFERRED_MESSAGE
    assert not (callback.json.get("data") or {}).get("flags", 0) & EPHEMERAL_FLAG


async def test_a_tracker_change_answers_in_one_short_line(
    fake_discord: FakeDiscord, wire_bot: AnyBot, services: Services
) -> None:
    since = len(fake_discord.requests)
    await fake_discord.slash(
        "game start", {"game": "mage-wars", "player1": fake_discord.bob, "life": 30}
    )
    await fake_discord.wait_for_request("POST", MESSAGES, since=since)  # the live board
    await fake_discord.slash("unit add", {"name": "Голем", "life": 4})
    _, hit = await fake_discord.slash("dmg", {"target": "Голем", "amount": 3})
    data = hit.json["data"]
    text = embed_text(data["embeds"])
    # the board shows it: to the asker alone, one line, no game header repeated
    assert data["flags"] & EPHEMERAL_FLAG
    assert text.strip() == "Голем · повреждения: 0 → 3 · ❤ 1/4", text  # and the life left
    assert "раунд" not in text and "ходит" not in text
    _, kill = await fake_discord.slash("dmg", {"target": "Голем", "amount": 1})
    data = kill.json["data"]
    text = embed_text(data["embeds"])
    # a unit destroyed is news for the table: public, still without the header
    assert not (data.get("flags") or 0) & EPHEMERAL_FLAG
    assert "уничтожено" in text and "раунд" not in text
    assert "\n" in text.strip() and len(text.strip().splitlines()) == 2
