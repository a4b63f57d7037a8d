"""Faults in words, against the fake Discord: gateway close codes and HTTP errors are one log line
and exit 1; Discord's 50013/50001 tell the user which channel permissions the bot lacks; a slow
`/roll` cannot hold another user's roll."""

from __future__ import annotations

import asyncio
import logging
from pathlib import Path
from typing import Any

import pytest
from discord.ext import commands

from bot.config import Settings
from bot.context import Services
from bot.discord.client import GATEWAY_CLOSES, serve
from bot.i18n import t
from tests.wire.fakediscord import (
    APPLICATION_COMMAND,
    ATTACH_FILES,
    BOT_PERMISSIONS,
    EMBED_LINKS,
    EPHEMERAL_FLAG,
    FakeDiscord,
    RecordedRequest,
    SentInteraction,
    embed_text,
)

SLOW_RUN = "1d6" + ("e1e2e3e4e5e6" * 9)[:96]


def errors_logged(caplog: pytest.LogCaptureFixture) -> list[logging.LogRecord]:
    return [r for r in caplog.records if r.levelno >= logging.ERROR]


@pytest.mark.parametrize(
    ("code", "words"),
    [
        (4004, "Discord refused the token in DISCORD_TOKEN (gateway close 4004"),
        (4013, "gateway close 4013: invalid intents"),
        (4014, "enable the Message Content intent in the developer portal"),
        (4011, "set ARBITER_SHARD_COUNT"),
    ],
)
async def test_a_fatal_gateway_close_is_one_log_line_and_exit_1(
    fake_discord: FakeDiscord,
    tmp_path: Path,
    caplog: pytest.LogCaptureFixture,
    code: int,
    words: str,
) -> None:
    fake_discord.close_on_identify = code
    settings = Settings(token=fake_discord.token, db_path=tmp_path / "a.sqlite3")
    caplog.set_level(logging.INFO)
    assert await asyncio.wait_for(serve(settings), 20) == 1
    [error] = errors_logged(caplog)
    assert error.getMessage() == GATEWAY_CLOSES[code] and words in error.getMessage()
    assert error.exc_info is None  # no ConnectionClosed traceback
    assert all(r.exc_info is None for r in caplog.records)  # discord.py logged none either
    assert fake_discord.token not in caplog.text


async def test_an_http_error_at_login_is_one_log_line_and_exit_1(
    fake_discord: FakeDiscord, tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    fake_discord.inject_error("GET", "/users/@me", code=40002, message="Verify", status=403)
    settings = Settings(token=fake_discord.token, db_path=tmp_path / "a.sqlite3")
    caplog.set_level(logging.INFO)
    assert await asyncio.wait_for(serve(settings), 30) == 1
    [error] = errors_logged(caplog)
    assert error.exc_info is None
    assert error.getMessage() == ("Discord answered HTTP 403 (code 40002) while connecting: Verify")


async def _answered(
    fake: FakeDiscord, sent: SentInteraction, since: int, timeout: float = 5.0
) -> RecordedRequest:
    """The callback that went through (the refused first attempt is skipped)."""
    return await fake.wait_for_request(
        "POST",
        f"/interactions/{sent.id}/{sent.token}/callback",
        since=since,
        timeout=timeout,
        predicate=lambda r: r.status < 300,
    )


@pytest.mark.parametrize(
    ("locale", "lang", "names"),
    [
        ("ru", "ru", "«Встраивать ссылки», «Прикреплять файлы»"),
        ("en-US", "en", "“Embed Links”, “Attach Files”"),
    ],
)
async def test_missing_permissions_are_named_to_the_user(
    fake_discord: FakeDiscord, wire_bot: commands.Bot, locale: str, lang: str, names: str
) -> None:
    route = "/interactions/{id}/{token}/callback"
    fake_discord.inject_error("POST", route, code=50013, message="Missing Permissions", status=403)
    since = len(fake_discord.requests)
    sent = await fake_discord.send_interaction(
        APPLICATION_COMMAND,
        fake_discord.command_data("roll", {"expr": "1d6"}),
        locale=locale,
        app_permissions=BOT_PERMISSIONS & ~EMBED_LINKS & ~ATTACH_FILES,
    )
    callback = await _answered(fake_discord, sent, since)
    data: dict[str, Any] = callback.json["data"]
    assert data["flags"] & EPHEMERAL_FLAG
    expected = t("discord.error.missing_permissions", lang, permissions=names, code=50013)
    assert embed_text(data["embeds"]).strip() == expected


async def test_missing_access_with_nothing_visible_missing_says_so(
    fake_discord: FakeDiscord, wire_bot: commands.Bot
) -> None:
    route = "/interactions/{id}/{token}/callback"
    fake_discord.inject_error("POST", route, code=50001, message="Missing Access", status=403)
    since = len(fake_discord.requests)
    sent = await fake_discord.send_interaction(
        APPLICATION_COMMAND, fake_discord.command_data("roll", {"expr": "1d6"}), locale="en-US"
    )
    callback = await _answered(fake_discord, sent, since)
    assert embed_text(callback.json["data"]["embeds"]).strip() == (
        "Discord did not let the bot do this in this channel (Discord code 50001)."
        " Check the bot role's permissions in the channel settings."
    )


@pytest.mark.parametrize(
    "slow", [SLOW_RUN, "1d6e1e2e3e4e5e6", "1000d6kh3", "1d6e4e5e6", "150d6kh3"]
)
async def test_a_slow_expression_does_not_hold_another_users_roll(
    fake_discord: FakeDiscord, wire_bot: commands.Bot, services: Services, slow: str
) -> None:
    """Refused or rolled, the heavy `/roll` leaves the loop free: bob's roll, sent right after
    it, is answered within a second (it took 12.6 s before the cost pre-check)."""
    since = len(fake_discord.requests)
    heavy = await fake_discord.send_interaction(
        APPLICATION_COMMAND, fake_discord.command_data("roll", {"expr": slow})
    )
    loop = asyncio.get_running_loop()
    sent_at = loop.time()
    quick = await fake_discord.send_interaction(
        APPLICATION_COMMAND,
        fake_discord.command_data("roll", {"expr": "1d6"}),
        user=fake_discord.bob,
    )
    answer = await fake_discord.wait_for_callback(quick, since=since, timeout=5)
    assert loop.time() - sent_at < 1.0
    assert "1d6" in embed_text(answer.json["data"]["embeds"])
    first = await fake_discord.wait_for_callback(heavy, since=since, timeout=5)
    text = embed_text(first.json["data"]["embeds"])
    if slow in (SLOW_RUN, "1d6e1e2e3e4e5e6"):
        assert first.json["data"]["flags"] & EPHEMERAL_FLAG
        assert "срабатывает на любой грани d6" in text
    elif slow == "1000d6kh3":
        assert text.strip() == t("dice.expr.too_costly", "ru", expr=slow, extra=100)
