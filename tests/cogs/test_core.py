"""The Discord layer end to end in SimCord: slash commands, errors, components, autocomplete."""

from __future__ import annotations

import asyncio
import logging
import re
from collections import Counter
from collections.abc import Iterator
from typing import Any

import pytest

from bot import __version__
from bot.config import Settings
from bot.context import Ctx, Services, UserRef
from bot.discord.client import ArbiterBot, RedactToken, ShardedArbiterBot, create_bot
from bot.discord.sync import HASH_KEY, hash_key, sync_commands
from bot.games import GAME_SLUGS
from bot.registry import Choice, Option, registry
from bot.reply import Attachment, Button, Reply, Select, SelectOption
from tests.helpers.clock import FakeClock
from tests.helpers.cogs import Table, lang_locale, temporary_registrations


async def test_help_lists_every_command(table: Table) -> None:
    """Privately, one area a page; the page buttons edit the same private message."""
    result = await table.alice.slash(table.channel, "help")
    assert result.ephemeral
    embed = table.embeds(result)[0]
    assert embed.title == "Arbiter commands · Overview"  # playtest ru-17, G3
    text = table.text(result)
    for label in ("Dice and odds", "Rules and terms", "Game tracker"):
        page = await table.alice.click(result.response, label=label)
        text += table.text(page)
    for cmd in registry.commands.values():
        assert f"/{cmd.qualified_name}" in text


async def test_about_in_russian(table: Table, clock: FakeClock) -> None:
    clock.advance(3725)
    with lang_locale("ru"):
        result = await table.bob.slash(table.channel, "about")
    embed = table.embeds(result)[0]
    assert embed.title == "Arbiter — судья для настольных игр"
    fields = {f.name: f.value for f in embed.fields}
    assert fields["Версия"] == __version__
    assert fields["Работает"] == "1:02:05"
    games = str(fields["Игры и число терминов"])
    counts = Counter(e.game for e in table.services.glossary.entries)
    for slug in GAME_SLUGS:
        assert f"(`{slug}`): {counts.get(slug, 0)}" in games


LONG = "".join(
    f"Paragraph {i}. " + "Some words of a long rule text. " * 40 + "\n\n" for i in range(40)
)


@pytest.fixture
def throwaway() -> Iterator[None]:
    """A failing command, a counter with a persistent button, and a big autocomplete."""
    with temporary_registrations() as reg:

        @reg.command("boom", area="core")
        async def boom(ctx: Ctx) -> Reply:
            raise RuntimeError("kaboom: secret internals")

        @reg.command("counter", area="core")
        async def counter(ctx: Ctx) -> Reply:
            return Reply(body="count 0", actions=[Button("+1", "test.bump", "0")])

        @reg.action("test.bump")
        async def bump(ctx: Ctx, payload: str) -> Reply:
            n = int(payload) + 1
            return Reply(
                body=f"count {n} by {ctx.user.name}",
                actions=[Button("+1", "test.bump", str(n))],
                edit_origin=True,
            )

        async def many(ctx: Ctx, current: str, values: dict[str, object]) -> list[Choice]:
            return [Choice(f"{current} {i} " + "x" * 150, f"v{i}") for i in range(60)]

        @reg.command(
            "who",
            area="core",
            options=[Option("target", UserRef), Option("n", int, min_value=1, max_value=3)],
        )
        async def who(ctx: Ctx, target: UserRef | None = None, n: int = 1) -> Reply:
            who = target.name if target else "-"
            return Reply(body=f"{ctx.user.name} {ctx.can_manage} {who} {n} {ctx.lang}")

        @reg.command("menu", area="core")
        async def menu(ctx: Ctx) -> Reply:
            options = (SelectOption("One", "1"), SelectOption("Two", "2"))
            return Reply(body="choose", actions=[Select("Pick", "test.choose", options, "p")])

        @reg.action("test.choose")
        async def choose(ctx: Ctx, payload: str) -> Reply:
            return Reply(body=f"chose {payload}", ephemeral=True)

        @reg.command("slow", area="core", options=[Option("secret", bool)])
        async def slow(ctx: Ctx, secret: bool = False) -> Reply:
            await asyncio.sleep(5)  # virtual time in SimCord: no real wait
            return Reply(body="done at last", ephemeral=secret)

        @reg.message_menu("help.area.core", area="core")  # any catalogue text names a menu
        async def echo(ctx: Ctx, text: str) -> Reply:
            return Reply(body=f"echo: {text}", ephemeral=True)

        @reg.command("slowbuttons", area="core")
        async def slowbuttons(ctx: Ctx) -> Reply:
            return Reply(
                body="slow buttons",
                actions=[Button("edit", "test.slow", "edit"), Button("new", "test.slow", "new")],
            )

        @reg.action("test.slow")
        async def slow_action(ctx: Ctx, payload: str) -> Reply:
            await asyncio.sleep(5)
            if payload == "edit":
                return Reply(body="edited slowly", edit_origin=True)
            return Reply(body="answered slowly", ephemeral=True)

        @reg.command("file", area="core")
        async def file(ctx: Ctx) -> Reply:
            return Reply(body="log attached", attachments=[Attachment("game.txt", b"turn 1")])

        @reg.command("long", area="core")
        async def long(ctx: Ctx) -> Reply:
            return Reply(title="Long", body=LONG, actions=[Button("ok", "test.bump", "0")])

        @reg.command(
            "pick", area="core", options=[Option("thing", required=True, autocomplete=many)]
        )
        async def pick(ctx: Ctx, thing: str) -> Reply:
            return Reply(body=f"picked {thing}")

        yield


@pytest.fixture
def simcord_bot(
    request: pytest.FixtureRequest, services: Services
) -> ArbiterBot | ShardedArbiterBot:
    """Tests that ask for `throwaway` get it registered before the bot builds its commands."""
    if "throwaway" in request.fixturenames:
        request.getfixturevalue("throwaway")
    return create_bot(services)


async def test_unexpected_error_gives_apology_with_id(
    throwaway: None, table: Table, caplog: pytest.LogCaptureFixture
) -> None:
    result = await table.bob.slash(table.channel, "boom")
    assert result.ephemeral
    text = table.text(result)
    assert "kaboom" not in text and "Traceback" not in text
    match = re.search(r"Error id: ([0-9a-f]{8})\.", text)
    assert match, text
    logged = [r for r in caplog.records if match.group(1) in r.getMessage()]
    assert logged and logged[0].exc_info is not None
    assert any(isinstance(e, RuntimeError) for e in _originals(table.env.errors))


def _originals(errors: list[BaseException]) -> list[BaseException]:
    return [getattr(e, "original", e) for e in errors]


async def test_persistent_button_survives_restart(throwaway: None, table: Table) -> None:
    first = await table.alice.slash(table.channel, "counter")
    message = first.response
    assert message is not None and table.embeds(first)[0].description == "count 0"
    await table.restart()
    syncs = [r for r in table.env.http_requests if r.method == "PUT" and "commands" in r.path]
    assert len(syncs) == 1  # the restarted bot saw the same command hash: no second sync
    clicked = await table.bob.click(message, label="+1")
    assert clicked.response is not None
    assert clicked.response.id == message.id  # edited in place
    assert clicked.response.embeds[0].description == "count 1 by bob"
    again = await table.alice.click(clicked.response, label="+1")
    assert again.response is not None
    assert again.response.embeds[0].description == "count 2 by alice"


async def test_autocomplete_caps_choices(throwaway: None, table: Table) -> None:
    choices = await table.alice.autocomplete(table.channel, "pick", "thing", "ab")
    assert len(choices) == 25
    assert all(len(c["name"]) <= 100 for c in choices)
    assert choices[0]["value"] == "v0" and choices[0]["name"].startswith("ab 0")
    result = await table.alice.slash(table.channel, "pick", thing="v3")
    assert table.embeds(result)[0].description == "picked v3"


async def test_member_option_context_and_permissions(throwaway: None, table: Table) -> None:
    result = await table.alice.slash(table.channel, "who", target=table.bob, n=3)
    assert table.embeds(result)[0].description == "alice True bob 3 en"
    with lang_locale("ru"):
        result = await table.bob.slash(table.channel, "who")
    assert table.embeds(result)[0].description == "bob False - 1 ru"


async def test_out_of_range_option_is_refused_by_discord(throwaway: None, table: Table) -> None:
    with pytest.raises(Exception, match="must be ≤ 3"):
        await table.alice.slash(table.channel, "who", n=9)


async def test_select_runs_action_with_value(throwaway: None, table: Table) -> None:
    shown = await table.alice.slash(table.channel, "menu")
    assert shown.response is not None
    chosen = await table.bob.select(shown.response, ["2"])
    assert chosen.ephemeral
    assert table.embeds(chosen)[0].description == "chose p|2"


async def test_long_reply_goes_out_in_follow_ups(throwaway: None, table: Table) -> None:
    result = await table.alice.slash(table.channel, "long")
    assert result.followups, "the text needs more than one message"
    embeds = table.embeds(result)
    text = "".join(e.description or "" for e in embeds)
    assert re.sub(r"\s+", "", text) == re.sub(r"\s+", "", LONG)
    messages = [result.response, *result.followups]
    for message in messages:
        assert message is not None
        assert sum(len(e) for e in message.embeds) <= 6000
        assert len(message.embeds) <= 10
    last = messages[-1]
    assert last is not None and last.components  # the button rides on the last message


async def test_error_after_the_first_message_still_answers(throwaway: None, table: Table) -> None:
    table.env.inject_error("POST", "/webhooks/*", status=400, code=50035, message="Bad", times=1)
    result = await table.bob.slash(table.channel, "long")
    apology = [m for m in result.followups if m.ephemeral]
    assert apology, "the user gets an ephemeral apology as a follow-up"
    assert "Error id:" in (apology[-1].embeds[0].description or "")
    assert table.env.errors  # acknowledged: the failure was logged with its id


async def test_changed_commands_sync_again_after_restart(table: Table) -> None:
    def puts() -> int:
        return sum(1 for r in table.env.http_requests if r.method == "PUT" and "commands" in r.path)

    assert puts() == 1
    with temporary_registrations() as reg:

        @reg.command("extra", area="core")
        async def extra(ctx: Ctx) -> Reply:
            return Reply(body="extra here")

        await table.restart()
        assert puts() == 2  # the payload hash changed, so the new bot synced
        result = await table.alice.slash(table.channel, "extra")
        assert table.embeds(result)[0].description == "extra here"


def test_intents_and_sharding(services: Services) -> None:
    plain = create_bot(services)
    assert isinstance(plain, ArbiterBot)
    assert plain.intents.guilds and not plain.intents.message_content
    assert not plain.intents.members and not plain.intents.guild_messages
    assert plain.help_command is None
    services.settings = Settings(inline_lookup=True, shard_count=2, shard_ids=(1,))
    sharded = create_bot(services)
    assert isinstance(sharded, ShardedArbiterBot)
    assert sharded.shard_count == 2 and sharded.shard_ids == [1]
    assert sharded.intents.message_content and sharded.intents.guild_messages


def deferrals(table: Table) -> int:
    """Interaction callbacks of type 5: "thinking…" (the handler took too long)."""
    return sum(
        1
        for r in table.env.http_requests
        if r.path.endswith("/callback") and isinstance(r.json, dict) and r.json.get("type") == 5
    )


async def test_slow_handler_is_deferred_then_answered(throwaway: None, table: Table) -> None:
    result = await table.alice.slash(table.channel, "slow")
    await table.env.advance_time(5)
    assert deferrals(table) == 1
    assert result.response is not None and not result.response.ephemeral
    assert result.response.embeds[0].description == "done at last"


async def test_slow_ephemeral_answer_stays_private(throwaway: None, table: Table) -> None:
    result = await table.alice.slash(table.channel, "slow", secret=True)
    await table.env.advance_time(5)
    assert deferrals(table) == 1
    private = [m for m in result.followups if m.ephemeral]
    assert private and private[0].embeds[0].description == "done at last"
    assert result.response is None  # the public "thinking…" message was removed
    assert deferrals(table) == 1


async def test_fast_handler_is_not_deferred(throwaway: None, table: Table) -> None:
    await table.alice.slash(table.channel, "who")
    await table.env.advance_time(5)
    assert deferrals(table) == 0


async def test_message_menu_gets_the_text(throwaway: None, table: Table) -> None:
    message = await table.bob.send(table.channel, "Эгида и Рывок")
    result = await table.alice.context_menu(table.channel, "General", message)
    assert result.ephemeral
    assert table.embeds(result)[0].description == "echo: Эгида и Рывок"


class _StubCommand:
    def __init__(self, name: str) -> None:
        self.name = name

    def to_dict(self, tree: object) -> dict[str, str]:
        return {"name": self.name}


class _StubTree:
    """Just enough of a CommandTree for `sync_commands`: records what would go to Discord."""

    translator = None

    def __init__(self) -> None:
        self.names = ["help"]
        self.synced: list[int | None] = []
        self.copied: list[int] = []

    def get_commands(self) -> list[_StubCommand]:
        return [_StubCommand(n) for n in self.names]

    async def sync(self, *, guild: Any = None) -> list[str]:
        self.synced.append(guild.id if guild is not None else None)
        return list(self.names)

    def copy_global_to(self, *, guild: Any) -> None:
        self.copied.append(guild.id)


async def test_sync_only_when_the_hash_changes(services: Services) -> None:
    tree: Any = _StubTree()
    assert await sync_commands(tree, services.storage) == 1
    assert await sync_commands(tree, services.storage) is None
    assert await sync_commands(tree, services.storage, force=True) == 1
    tree.names.append("about")
    assert await sync_commands(tree, services.storage) == 2
    assert tree.synced == [None, None, None]
    # A dev guild has its own hash and gets the global commands copied to it.
    assert await sync_commands(tree, services.storage, guild_id=42) == 2
    assert await sync_commands(tree, services.storage, guild_id=42) is None
    assert tree.synced[-1] == 42 and tree.copied == [42]
    assert await services.storage.meta.get(hash_key(42)) == await services.storage.meta.get(
        HASH_KEY
    )


def test_token_is_redacted_from_logs() -> None:
    token = "MTIz.secret-token-value-xyz"
    record = logging.LogRecord("x", logging.INFO, __file__, 1, "login with %s", (token,), None)
    assert RedactToken(token).filter(record)
    assert token not in record.getMessage() and "[token]" in record.getMessage()


async def test_slow_component_edits_or_answers(throwaway: None, table: Table) -> None:
    shown = await table.alice.slash(table.channel, "slowbuttons")
    message = shown.response
    assert message is not None
    answered = await table.bob.click(message, label="new")
    await table.env.advance_time(5)
    private = answered.followups  # (a click's `response` is the message clicked)
    assert [m.embeds[0].description for m in private] == ["answered slowly"]
    assert private[0].ephemeral
    edited = await table.bob.click(message, label="edit")
    await table.env.advance_time(5)
    assert edited.response is not None and edited.response.id == message.id
    assert edited.response.embeds[0].description == "edited slowly"
    assert edited.response.components == []  # the new reply has no buttons


async def test_attachment_is_uploaded(throwaway: None, table: Table) -> None:
    result = await table.alice.slash(table.channel, "file")
    assert result.response is not None
    assert [a.filename for a in result.response.attachments] == ["game.txt"]
    assert table.embeds(result)[0].description == "log attached"
