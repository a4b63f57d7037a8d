"""What the user is told when Discord refuses: missing permissions by name, an outage as such,
and a refused payload (a bug) with an error id."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

import discord
import pytest

from bot.discord.errors import describe_error, missing_permissions


def http_error(
    status: int, code: int, cls: type[discord.HTTPException] = discord.HTTPException
) -> Any:
    response = SimpleNamespace(status=status, reason="Fake")
    return cls(response, {"code": code, "message": "Fake"})


def test_missing_permissions_are_listed_in_a_fixed_order() -> None:
    granted = discord.Permissions(view_channel=True, send_messages=True, read_message_history=True)
    assert missing_permissions(granted) == ["embed_links", "attach_files"]
    assert missing_permissions(None)[0] == "view_channel"  # unknown: name them all


@pytest.mark.parametrize(
    ("lang", "text"),
    [
        (
            "en",
            "Discord did not let the bot answer: in this channel it lacks “Send Messages”."
            " Ask an admin to grant these to the bot's role. (Discord code 50013.)",
        ),
        (
            "ru",
            "Discord не дал боту ответить: в этом канале ему не хватает прав — «Отправлять"
            " сообщения». Попросите администратора выдать их роли бота. (Код Discord 50013.)",
        ),
    ],
)
def test_50013_names_the_permission(lang: str, text: str) -> None:
    granted = discord.Permissions(
        view_channel=True, embed_links=True, attach_files=True, read_message_history=True
    )
    error = http_error(403, 50013, discord.Forbidden)
    assert describe_error(error, lang, granted) == (text, True)


def test_a_discord_outage_is_named_and_a_refused_payload_is_a_bug() -> None:
    outage = http_error(503, 0, discord.DiscordServerError)
    assert describe_error(outage, "en") == (
        "Discord is having trouble (HTTP 503, code 0), so the answer did not get through."
        " Try again in a minute.",
        True,
    )
    assert describe_error(http_error(400, 50035), "en") == ("", False)  # apology with an id


def test_a_file_discord_finds_too_large_is_answered_in_words() -> None:
    """Issue 18: an export over the attachment limit got «Что-то пошло не так» (40005)."""
    error = http_error(413, 40005)
    text, expected = describe_error(error, "ru")
    assert expected and text.startswith("Discord не принял файл") and "40005" in text
    assert describe_error(error, "en")[0].startswith("Discord refused the file")
