"""The rendering boundary's last pass: bidi controls out, masked links and `2*` defused, once."""

from __future__ import annotations

import pytest

from bot.discord.render import render_reply
from bot.render.safe import discord_safe, strip_bidi
from bot.render.text import render_text
from bot.reply import Button, Field, Reply
from bot.tracker.names import md


@pytest.mark.parametrize(
    ("text", "shown"),
    [
        ("Dice: [2*] [1] [·] [2*]", "Dice: [2\\*] [1] [·] [2\\*]"),  # no italics between them
        ("2* 1 2*", "2\\* 1 2\\*"),
        ("Total: **5** damage", "Total: **5** damage"),  # the bot's own bold stays bold
        ("~~**1**~~, **6!**", "~~**1**~~, **6!**"),  # d20's dropped/critical marks too
        ("[click](https://e.vil)", "[click\\](https://e.vil)"),
        ("\u202eevil\u2066x\u2069", "evilx"),
        ("a\u200db", "a\u200db"),  # the zero-width joiner glues emoji: kept
        ("", ""),
        ("= `2*3` and ```\n[a](b) 4*\n``` 5*", "= `2*3` and ```\n[a](b) 4*\n``` 5\\*"),  # code
        ("\\`[a](b)\\`", "\\`[a\\](b)\\`"),  # escaped backticks open no code span
    ],
)
def test_discord_safe(text: str, shown: str) -> None:
    assert discord_safe(text) == shown


@pytest.mark.parametrize(
    "text", ["[2*] [2*]", "[x](https://e.vil)", "**Bold** 3*", md("**m** [x](y) 2*")]
)
def test_escaped_exactly_once(text: str) -> None:
    once = discord_safe(text)
    assert discord_safe(once) == once
    assert "\\\\" not in once


def test_every_part_of_a_reply_passes_the_boundary() -> None:
    hostile = "[x](https://e.vil) \u202e2*"
    reply = Reply(
        title=hostile,
        body=hostile,
        fields=[Field(hostile, hostile)],
        footer=hostile,
        actions=[Button(hostile, "a", "p")],
    )
    [message] = render_reply(reply)
    [embed] = message.embeds
    expected = "[x\\](https://e.vil) 2\\*"
    assert embed.title == expected and embed.description == expected
    assert embed.fields[0].name == expected and embed.fields[0].value == expected
    assert embed.footer.text == expected
    assert message.view is not None
    [button] = message.view.children
    assert getattr(getattr(button, "item", None), "label", None) == "[x](https://e.vil) 2*"  # plain
    assert "\u202e" not in render_text(reply)
    assert strip_bidi(hostile) in render_text(reply)  # the console shows it as typed
