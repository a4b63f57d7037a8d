"""The real bot against the fake Discord: login, sync, a slash command and a rate limit.

These go through discord.py's own HTTP client, gateway parser and interaction code, so a payload
shape Discord would reject (a wrong Content-Type handling, a missing callback field, an embed
over the limits) fails here rather than in production.
"""

from __future__ import annotations

import logging
import re
import socket
from collections.abc import AsyncIterator
from dataclasses import replace
from pathlib import Path
from typing import Any

import discord
import pytest
from discord.ext import commands
from discord.webhook.async_ import async_context

from bot.app import create_services
from bot.config import Settings
from bot.context import Ctx, Services
from bot.discord.sync import HASH_KEY
from bot.i18n import t
from bot.registry import Choice, load_handlers, registry
from bot.reply import Button, Reply
from tests.helpers.wire import StartBot
from tests.wire.fakediscord import (
    CALLBACK_MESSAGE,
    CALLBACK_UPDATE_MESSAGE,
    EPHEMERAL_FLAG,
    FakeDiscord,
    button_row,
    embed_problems,
    embed_text,
    select_row,
)

GLOBAL_COMMANDS = "/applications/{app}/commands"
CALLBACK = "/interactions/{id}/{token}/callback"
NAME_RULE = re.compile(r"^[-_'\w]{1,32}$")
PRIVILEGED_INTENTS = (1 << 1) | (1 << 8) | (1 << 15)  # members, presences, message content


async def test_login_ready_and_guild_create(
    fake_discord: FakeDiscord, wire_bot: commands.Bot
) -> None:
    assert [r.path for r in fake_discord.requests[:2]] == ["/users/@me", "/oauth2/applications/@me"]
    assert wire_bot.user is not None and wire_bot.user.id == fake_discord.bot_user.id
    assert wire_bot.application_id == fake_discord.application_id
    guild = wire_bot.get_guild(fake_discord.guild_id)
    assert guild is not None and not guild.unavailable
    channel = guild.get_channel(fake_discord.channel_id)
    assert channel is not None and channel.name == "table"
    assert guild.me is not None and guild.member_count == 4
    # Minimal intents: guilds only, nothing privileged by default.
    intents = fake_discord.identifies[0]["intents"]
    assert intents & 1 and not intents & PRIVILEGED_INTENTS
    assert fake_discord.identifies[0]["token"] == fake_discord.token


async def test_first_start_syncs_the_localized_commands(
    fake_discord: FakeDiscord, wire_bot: commands.Bot
) -> None:
    put = fake_discord.find("PUT", GLOBAL_COMMANDS)
    assert len(put) == 1 and put[0].status == 200
    payload = {c["name"]: c for c in put[0].json}
    registry = load_handlers()
    assert {path[0] for path in registry.commands} <= set(payload)
    assert {"help", "about"} <= set(payload)
    help_ = payload["help"]
    assert help_["description"] == t("cmd.help", "en")
    assert help_["description_localizations"]["ru"] == t("cmd.help", "ru")
    assert help_["name_localizations"]["ru"] == "помощь"
    for problem in _name_problems(put[0].json):
        raise AssertionError(problem)
    # The synced list is what a GET returns afterwards.
    assert [c["name"] for c in fake_discord.commands[None]] == [c["name"] for c in put[0].json]


async def test_second_start_with_same_database_does_not_sync(
    fake_discord: FakeDiscord, start_wire_bot: StartBot, tmp_path: Path
) -> None:
    db = tmp_path / "arbiter.sqlite3"
    first = await create_services(Settings(), db_path=db)
    try:
        bot = await start_wire_bot(first)
        assert len(fake_discord.find("PUT", GLOBAL_COMMANDS)) == 1
        await bot.close()
        stored = await first.storage.meta.get(HASH_KEY)
    finally:
        await first.storage.close()
    assert stored

    second = await create_services(Settings(), db_path=db)
    try:
        since = len(fake_discord.requests)
        bot = await start_wire_bot(second)
        assert bot.is_ready()
        # Sync runs in setup_hook, before the gateway connects: by READY it would have happened.
        assert not [r for r in fake_discord.requests[since:] if r.method == "PUT"]
        assert await second.storage.meta.get(HASH_KEY) == stored
        await bot.close()
        # A changed payload (here: a different stored hash) syncs again on the next start.
        await second.storage.meta.set(HASH_KEY, "stale")
        await start_wire_bot(second)
        assert len(fake_discord.find("PUT", GLOBAL_COMMANDS)) == 2
        assert await second.storage.meta.get(HASH_KEY) == stored
    finally:
        await second.storage.close()


async def test_help_interaction_answers_with_embeds_within_limits(
    fake_discord: FakeDiscord, wire_bot: commands.Bot
) -> None:
    sent, callback = await fake_discord.slash("help")
    assert callback.query == {"with_response": "1"}
    assert callback.status == 200
    assert callback.json["type"] == CALLBACK_MESSAGE
    embeds = callback.json["data"]["embeds"]
    assert embeds and embed_problems(embeds) == []
    text = embed_text(embeds)
    assert t("help.title", "ru") in text
    message = fake_discord.original_message(sent)
    assert message is not None and message["embeds"] == embeds
    for area in ("dice", "glossary", "tracker"):  # every page within Discord's limits
        _, page = await fake_discord.click(f"arb:help.page:{area}")
        assert embed_problems(page.json["data"]["embeds"]) == []
        text += embed_text(page.json["data"]["embeds"])
    for cmd in load_handlers().commands.values():
        assert cmd.label("ru") in text


async def test_reply_language_follows_the_interaction_locale(
    fake_discord: FakeDiscord, wire_bot: commands.Bot
) -> None:
    _, en = await fake_discord.slash("about", locale="en-GB")
    assert t("about.title", "en") in embed_text(en.json["data"]["embeds"])
    # An unsupported user locale falls back to the guild's (Russian here).
    _, ru = await fake_discord.slash("about", locale="de")
    assert t("about.title", "ru") in embed_text(ru.json["data"]["embeds"])


async def test_rate_limited_callback_is_retried(
    fake_discord: FakeDiscord, wire_bot: commands.Bot
) -> None:
    fake_discord.inject_rate_limit("POST", CALLBACK, times=2, retry_after=0.01)
    sent, callback = await fake_discord.slash("about")
    tries = fake_discord.find("POST", f"/interactions/{sent.id}/{sent.token}/callback")
    assert [r.status for r in tries] == [429, 429, 200]
    assert callback is tries[-1]
    assert tries[0].json == callback.json  # the retry sent the same body
    assert not tries[-1].json["data"].get("flags", 0) & EPHEMERAL_FLAG


async def test_rate_limited_sync_is_retried(
    fake_discord: FakeDiscord, start_wire_bot: StartBot
) -> None:
    fake_discord.inject_rate_limit("PUT", GLOBAL_COMMANDS, times=1, retry_after=0.01)
    svc = await create_services(Settings(), db_path=":memory:")
    try:
        await start_wire_bot(svc)
        assert [r.status for r in fake_discord.find("PUT", GLOBAL_COMMANDS)] == [429, 200]
    finally:
        await svc.storage.close()


def _name_problems(items: list[dict[str, Any]], where: str = "") -> list[str]:
    """Discord's rules for slash command and option names and descriptions, recursively."""
    problems: list[str] = []
    for item in items:
        label = f"{where}/{item['name']}"
        if item.get("type", 1) != 1 and not where:
            if not 1 <= len(item["name"]) <= 32:  # context menus: free text, 1-32 chars
                problems.append(f"{label}: menu name length")
            continue
        names = [item["name"], *(item.get("name_localizations") or {}).values()]
        for name in names:
            if not NAME_RULE.match(name) or name != name.lower():
                problems.append(f"{label}: bad name {name!r}")
        texts = [item["description"], *(item.get("description_localizations") or {}).values()]
        problems += [f"{label}: description {d!r}" for d in texts if not 1 <= len(d) <= 100]
        problems += _name_problems(item.get("options") or [], label)
    return problems


async def test_button_and_select_clicks_run_the_registry_action(
    fake_discord: FakeDiscord, wire_bot: commands.Bot, monkeypatch: pytest.MonkeyPatch
) -> None:
    seen: list[tuple[int, int, str, str]] = []

    async def echo(ctx: Ctx, payload: str) -> Reply:
        seen.append((ctx.user.id, ctx.channel_id, ctx.lang, payload))
        return Reply(body=f"echo {payload}")

    monkeypatch.setitem(registry.actions, "wire.echo", echo)
    fake_discord.add_message(
        components=[button_row("arb:wire.echo:42"), select_row("arb:wire.echo:s", "a", "b")]
    )
    _, pressed = await fake_discord.click("arb:wire.echo:42", locale="en-US")
    _, chosen = await fake_discord.click("arb:wire.echo:s", values=["b"], user=fake_discord.bob)
    alice, bob, channel = fake_discord.alice.id, fake_discord.bob.id, fake_discord.channel_id
    assert seen == [(alice, channel, "en", "42"), (bob, channel, "ru", "s|b")]
    assert "echo 42" in embed_text(pressed.json["data"]["embeds"])
    assert "echo s|b" in embed_text(chosen.json["data"]["embeds"])


async def test_stale_button_gets_an_ephemeral_message(
    fake_discord: FakeDiscord, wire_bot: commands.Bot
) -> None:
    fake_discord.add_message(components=[button_row("arb:gone.away:1")])
    _, callback = await fake_discord.click("arb:gone.away:1")
    data = callback.json["data"]
    assert data["flags"] & EPHEMERAL_FLAG
    assert t("error.stale_button", "ru") in embed_text(data["embeds"]) + (data.get("content") or "")


async def test_autocomplete_round_trip(
    fake_discord: FakeDiscord,
    start_wire_bot: StartBot,
    services: Services,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    reg = load_handlers()
    found = [(c, o) for c in reg.commands.values() for o in c.options if o.autocomplete]
    assert found, "no command declares an autocomplete option"
    cmd, option = found[0]
    calls: list[tuple[str, dict[str, Any]]] = []

    async def suggest(ctx: Ctx, current: str, values: dict[str, Any]) -> list[Choice]:
        calls.append((current, dict(values)))
        return [Choice(f"{current} {i}", f"v{i}") for i in range(30)]

    patched = replace(option, autocomplete=suggest)
    options = tuple(patched if o is option else o for o in cmd.options)
    monkeypatch.setitem(reg.commands, cmd.path, replace(cmd, options=options))
    await start_wire_bot(services)  # the tree is built from the patched registry
    choices = await fake_discord.autocomplete(cmd.qualified_name, option.name, "эги")
    assert calls and calls[0][0] == "эги"
    assert len(choices) <= 25  # Discord's limit, whatever the handler returns
    assert choices[0] == {"name": "эги 0", "value": "v0"}


async def test_unexpected_error_gets_an_ephemeral_apology_with_an_id(
    fake_discord: FakeDiscord,
    start_wire_bot: StartBot,
    services: Services,
    monkeypatch: pytest.MonkeyPatch,
    caplog: pytest.LogCaptureFixture,
) -> None:
    async def boom(ctx: Ctx) -> Reply:
        raise RuntimeError("secret internals")

    reg = load_handlers()
    monkeypatch.setitem(reg.commands, ("about",), replace(reg.commands[("about",)], handler=boom))
    await start_wire_bot(services)
    _, callback = await fake_discord.slash("about", locale="en-US")
    data = callback.json["data"]
    assert data["flags"] & EPHEMERAL_FLAG
    shown = embed_text(data.get("embeds") or []) + (data.get("content") or "")
    error_id = re.search(r"\b[0-9a-f]{8}\b", shown)
    assert error_id is not None, shown
    assert shown.count(error_id.group()) == 1 and "secret internals" not in shown
    assert "Traceback" not in shown
    logged = [r for r in caplog.records if error_id.group() in r.getMessage()]
    assert logged and logged[0].exc_info is not None  # the id leads to the traceback


async def test_sync_commands_cli_pushes_to_a_guild(
    fake_discord: FakeDiscord, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from bot.cli.discord import sync_main

    settings = Settings(token=fake_discord.token, db_path=tmp_path / "a.sqlite3")
    assert await sync_main(settings, guild=fake_discord.guild_id) == 0
    route = "/applications/{app}/guilds/{guild}/commands"
    put = fake_discord.find("PUT", route)
    assert len(put) == 1 and put[0].path.endswith(f"/guilds/{fake_discord.guild_id}/commands")
    assert {"help", "about"} <= {c["name"] for c in put[0].json}
    assert not fake_discord.find("PUT", GLOBAL_COMMANDS)
    assert not fake_discord.identifies  # REST only, no gateway session
    out = capsys.readouterr()
    assert fake_discord.token not in out.out + out.err


async def test_injected_discord_error_reaches_the_client_once(
    fake_discord: FakeDiscord, wire_bot: commands.Bot
) -> None:
    msg = fake_discord.add_message(content="live")
    route = "/channels/{channel}/messages/{message}"
    fake_discord.inject_error("PATCH", route, code=30046, message="Maximum number of edits")
    mid = int(msg["id"])
    channel = wire_bot.get_channel(fake_discord.channel_id)
    assert isinstance(channel, discord.TextChannel)
    live = channel.get_partial_message(mid)
    with pytest.raises(discord.HTTPException) as err:
        await live.edit(content="one")
    assert err.value.code == 30046 and err.value.status == 400
    edited = await live.edit(content="two")  # the next one goes through
    assert edited.content == "two"
    assert fake_discord.messages[mid]["content"] == "two"
    assert [r.status for r in fake_discord.find("PATCH", route)] == [400, 200]


async def test_user_message_content_needs_the_intent(
    fake_discord: FakeDiscord, wire_bot: commands.Bot
) -> None:
    seen: list[discord.Message] = []

    async def on_message(message: discord.Message) -> None:
        seen.append(message)

    wire_bot.add_listener(on_message)
    since = len(fake_discord.requests)
    await fake_discord.user_message("[[эгида]]")
    _, callback = await fake_discord.slash("help")  # a round trip: the event was handled by now
    assert callback.status == 200
    # Inline lookup is off by default: no privileged intent, so Discord strips the text.
    assert [m.content for m in seen] == [""]
    assert not [r for r in fake_discord.requests[since:] if r.path.startswith("/channels/")]


class _DeadAdapter:
    """What a leaked webhook adapter from another harness looks like to discord.py."""

    def __getattr__(self, name: str) -> Any:
        raise RuntimeError("a leaked webhook adapter was used")


@pytest.fixture
async def leaked_webhook_adapter() -> AsyncIterator[None]:
    previous = async_context.get()
    async_context.set(_DeadAdapter())  # type: ignore[arg-type]
    yield
    async_context.set(previous)


async def test_a_leaked_webhook_adapter_does_not_reach_the_wire_bot(
    leaked_webhook_adapter: None, fake_discord: FakeDiscord, wire_bot: commands.Bot
) -> None:
    _, callback = await fake_discord.slash("help")
    assert callback.status == 200


async def test_click_with_edit_origin_replaces_the_message(
    fake_discord: FakeDiscord, wire_bot: commands.Bot, monkeypatch: pytest.MonkeyPatch
) -> None:
    async def next_page(ctx: Ctx, payload: str) -> Reply:
        page = int(payload) + 1
        return Reply(
            body=f"page {page}",
            actions=[Button("→", "wire.page", str(page))],
            edit_origin=True,
        )

    monkeypatch.setitem(registry.actions, "wire.page", next_page)
    msg = fake_discord.add_message(content="", components=[button_row("arb:wire.page:1")])
    sent, callback = await fake_discord.click("arb:wire.page:1")
    assert callback.json["type"] == CALLBACK_UPDATE_MESSAGE
    stored = fake_discord.messages[int(msg["id"])]
    assert fake_discord.original_message(sent) is stored
    assert "page 2" in embed_text(stored["embeds"])
    assert fake_discord.message_with("arb:wire.page:2") is stored  # the new button is there
    assert len(fake_discord.messages) == 1  # edited in place, nothing new posted


async def test_a_429_without_via_is_not_retried(
    fake_discord: FakeDiscord, wire_bot: commands.Bot
) -> None:
    """Without `Via` a 429 comes from Cloudflare, not Discord: retrying would prolong a ban."""
    route = "/channels/{channel}/messages"
    fake_discord.inject_rate_limit("POST", route, times=1, via=False)
    channel = wire_bot.get_channel(fake_discord.channel_id)
    assert isinstance(channel, discord.TextChannel)
    with pytest.raises(discord.HTTPException) as err:
        await channel.send("hello")
    assert err.value.status == 429
    assert [r.status for r in fake_discord.find("POST", route)] == [429]


def _closed_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


async def test_unreachable_discord_is_one_log_line_and_exit_1(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    from bot.cli.discord import sync_main
    from bot.discord.client import serve

    monkeypatch.setattr(discord.http.Route, "BASE", f"http://127.0.0.1:{_closed_port()}/api/v10")
    token = "MTIzNDU2Nzg5MDEyMzQ1Njc4.unreachable.secret-part"
    settings = Settings(token=token, db_path=tmp_path / "a.sqlite3")
    caplog.set_level(logging.INFO)
    assert await serve(settings) == 1
    errors = [r for r in caplog.records if r.levelno >= logging.ERROR]
    assert len(errors) == 1 and "cannot connect to Discord" in errors[0].getMessage()
    assert errors[0].exc_info is None
    assert await sync_main(settings, guild=None) == 1
    assert all("secret-part" not in r.getMessage() for r in caplog.records)
