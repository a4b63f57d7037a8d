"""Hostile text through every command that echoes it, over the real bot and the fake Discord.

A display name, a unit name, an effect label, a `/rule` query and a roll annotation carry Discord
markdown, a masked link and a bidi override. In every payload the bot sends (interaction answers
and the live board): the text shows escaped exactly once, no bidi control survives and no
masked link is left to click.
"""

from __future__ import annotations

import json
import re
from typing import Any

from discord.ext import commands

from bot.render.safe import BIDI_CONTROLS
from bot.tracker.names import md
from tests.wire.fakediscord import FakeDiscord, FakeUser

HOSTILE = "**mal** _it_ ~~s~~ `c [click](https://e.vil)` \u202eevil"
UNESCAPED_LINK = re.compile(r"(?<!\\)\]\(")


def _strings(value: Any) -> list[str]:
    """Every string in a JSON payload (keys left out)."""
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        return [s for v in value.values() for s in _strings(v)]
    if isinstance(value, list):
        return [s for v in value for s in _strings(v)]
    return []


def _shown(text: str) -> str:
    """How a hostile text must appear: markdown escaped once, bidi controls dropped."""
    return md("".join(ch for ch in text if ch not in BIDI_CONTROLS))


def _markdown_parts(payload: Any) -> Any:
    """What Discord renders as markdown: embeds and content. Button and select labels are
    plain text, shown as typed (bidi controls dropped all the same)."""
    if isinstance(payload, dict):
        return {k: _markdown_parts(v) for k, v in payload.items() if k != "components"}
    if isinstance(payload, list):
        return [_markdown_parts(v) for v in payload]
    return payload


def assert_safe(payload: Any) -> str:
    everything = "\n".join(_strings(payload))
    assert not BIDI_CONTROLS & set(everything), "a bidi control reached Discord"
    joined = "\n".join(_strings(_markdown_parts(payload)))
    assert not UNESCAPED_LINK.search(joined), f"a masked link reached Discord: {joined!r}"
    assert "\\\\" not in joined, f"escaped twice: {joined!r}"
    return joined


async def test_hostile_text_is_escaped_once_everywhere(
    fake_discord: FakeDiscord, wire_bot: commands.Bot
) -> None:
    mallory = FakeUser(fake_discord.new_id(), HOSTILE)
    fake_discord.users[mallory.id] = mallory
    display = mallory.payload()["global_name"]
    seen: list[str] = []

    async def run(name: str, options: dict[str, Any], **kwargs: Any) -> str:
        _, callback = await fake_discord.slash(name, options, **kwargs)
        text = assert_safe(callback.json)
        seen.append(text)
        return text

    # the roller's name in /history rolls
    await run("roll", {"expr": "1d20"}, user=mallory)
    history = await run("history rolls", {}, user=mallory)
    assert _shown(display) in history
    # the /mw attack effect label (a public field), on a row that always applies
    attack = await run("mw attack", {"dice": 2, "effect": f"1+ {HOSTILE}"}, locale="en-US")
    assert _shown(HOSTILE) in attack
    # the query echoed when /rule finds nothing
    await run("rule", {"term": HOSTILE})
    # a roll annotation d20 repeats in its result
    await run("roll", {"expr": "1d20[[x](https://e.vil)]"})
    # player display names and unit names, in replies and on the live board
    since = len(fake_discord.requests)
    started = await run("game start", {"game": "mage-wars", "player1": mallory, "life": 30})
    assert _shown(display) in started
    added = await run("unit add", {"name": "Bear [x](https://e.vil)", "life": 5})
    assert md("Bear [x](https://e.vil)") in added
    board = await fake_discord.wait_for_request(
        "POST", "/channels/{c}/messages", since=since, timeout=5
    )
    assert_safe(board.json)
    await run("game show", {})
    for request in fake_discord.requests[since:]:
        if request.method in ("POST", "PATCH") and request.json is not None:
            assert_safe(request.json)
    # every answer carried something: nothing above was refused for a typo in the test
    assert all(s.strip() for s in seen)
    assert json.dumps(seen)  # plain JSON all the way


async def test_a_roll_expression_is_escaped_in_its_title_and_in_history(
    fake_discord: FakeDiscord, wire_bot: commands.Bot
) -> None:
    """Issue 18: `/roll` titles and `/history rolls` echoed the expression raw, so markup typed
    in an annotation became bold, a spoiler or a mention pill there."""
    expr = f"1d6 [**bold** ||spoiler|| <@{fake_discord.bob.id}> <@&1>]"
    _, callback = await fake_discord.slash("roll", {"expr": expr})
    title = callback.json["data"]["embeds"][0]["title"]
    assert title.startswith(f"Бросок {md(expr)}: ")
    assert_safe(callback.json)
    _, callback = await fake_discord.slash("history rolls", {})
    history = assert_safe(callback.json)
    assert md(expr) in history
    assert f"<@{fake_discord.bob.id}>" not in history  # escaped, so no mention pill
    assert "**bold**" not in history and "||spoiler||" not in history
