"""The Discord client: a `commands.Bot` (or `AutoShardedBot`) wired to the registry and services.

`create_bot(services)` builds it; `run_bot(settings)` opens the services, connects and closes
everything on the way out. The token is only ever handed to discord.py, never printed or logged.
"""

from __future__ import annotations

import asyncio
import importlib
import logging
import pkgutil
import signal
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any, cast

import aiohttp
import discord
from discord.ext import commands

from bot import metrics
from bot.config import Settings
from bot.context import Services
from bot.discord.components import ActionItem
from bot.discord.context import attach_services, services_of
from bot.discord.drain import drain_of
from bot.discord.errors import ArbiterTree
from bot.discord.heartbeat import beat_while, heartbeat_of
from bot.discord.mentions import load_ids
from bot.discord.sync import sync_commands
from bot.discord.translator import CatalogueTranslator
from bot.logs import quiet_logging
from bot.registry import load_handlers

log = logging.getLogger("arbiter.discord")

COGS_PACKAGE = "cogs"

# What reaching Discord can fail with at start-up, besides a refused token: one log line each.
CONNECT_ERRORS = (discord.HTTPException, aiohttp.ClientError, OSError)

AnyBot = commands.Bot | commands.AutoShardedBot


def intents_for(settings: Settings) -> discord.Intents:
    """Only what the bot uses: guilds; messages and their content only for inline lookup."""
    intents = discord.Intents.none()
    intents.guilds = True
    if settings.inline_lookup:
        intents.guild_messages = True
        intents.message_content = True
    return intents


def extension_names() -> list[str]:
    """Every module in `cogs/`: one extension per area."""
    pkg = importlib.import_module(COGS_PACKAGE)
    return [
        f"{COGS_PACKAGE}.{info.name}"
        for info in sorted(pkgutil.iter_modules(pkg.__path__), key=lambda i: i.name)
        if not info.name.startswith("_")
    ]


class ArbiterHooks:
    """What both bot classes add to discord.py: the setup hook and quiet prefix errors.

    `sync_mode` is "auto" (sync when the payload hash changed), "force" or "off". With several
    shard processes, "auto" syncs only in the one that runs shard 0 (see `sync_commands`).
    """

    sync_mode: str = "auto"
    sync_guild: int | None = None
    # Top-level command name → id from the sync, for clickable mentions (empty: plain text).
    command_ids: dict[str, int] = {}  # noqa: RUF012 (replaced per instance at setup)

    async def setup_hook(self) -> None:
        """Translator, cogs, persistent components, then the command sync (if due)."""
        bot = cast(AnyBot, self)
        services = services_of(bot)
        load_handlers()
        await bot.tree.set_translator(CatalogueTranslator())
        for name in extension_names():
            await bot.load_extension(name)
        bot.add_dynamic_items(ActionItem)
        if self.sync_mode == "off":
            return
        guild_id = self.sync_guild or services.settings.dev_guild
        await sync_commands(
            bot.tree,
            services.storage,
            guild_id=guild_id,
            force=self.sync_mode == "force",
            settings=services.settings,
        )
        self.command_ids = await load_ids(bot.tree, services.storage, guild_id)

    async def on_ready(self) -> None:
        """After every (re)connect: re-attach this process's live boards from the database."""
        resume_soon = getattr(services_of(cast(AnyBot, self)).live, "resume_soon", None)
        if resume_soon is not None:
            resume_soon()  # the live-message manager's; it runs in the background

    async def on_command_error(
        self, context: commands.Context[Any], exception: commands.CommandError, /
    ) -> None:
        """There are no prefix commands: a mention followed by text is not worth a log line."""
        if not isinstance(exception, commands.CommandNotFound):
            log.warning("prefix command error: %s", exception)


class ArbiterBot(ArbiterHooks, commands.Bot):
    """The bot on one connection."""


class ShardedArbiterBot(ArbiterHooks, commands.AutoShardedBot):
    """The same bot when shard settings are given."""


def create_bot(
    services: Services, *, sync_mode: str = "auto", sync_guild: int | None = None
) -> ArbiterBot | ShardedArbiterBot:
    """Build the bot for `services` (nothing connects until it is started)."""
    quiet_logging()  # the voice notices discord.py logs when the client is made
    settings = services.settings
    options: dict[str, Any] = {
        "command_prefix": commands.when_mentioned,
        "help_command": None,
        "intents": intents_for(settings),
        "tree_cls": ArbiterTree,
        "allowed_mentions": discord.AllowedMentions.none(),
    }
    bot: ArbiterBot | ShardedArbiterBot
    if settings.sharded:
        if settings.shard_ids is not None:
            options["shard_ids"] = list(settings.shard_ids)
        bot = ShardedArbiterBot(shard_count=settings.shard_count, **options)
    else:
        bot = ArbiterBot(**options)
    bot.sync_mode = sync_mode
    bot.sync_guild = sync_guild
    attach_services(bot, services)
    return bot


# Gateway close codes that end the connection for good, each in words (Discord's documented
# meanings, with what to change). discord.py reconnects by itself on the others.
GATEWAY_CLOSES = {
    4004: "Discord refused the token in DISCORD_TOKEN (gateway close 4004: authentication failed)",
    4010: "Discord refused the shard settings (gateway close 4010: invalid shard);"
    " check ARBITER_SHARD_COUNT and ARBITER_SHARD_IDS",
    4011: "Discord requires sharding for this many servers (gateway close 4011);"
    " set ARBITER_SHARD_COUNT",
    4012: "Discord refused the gateway API version (gateway close 4012); update discord.py",
    4013: "Discord refused the intents the bot asked for (gateway close 4013: invalid intents)",
    4014: "Discord refused a privileged intent (gateway close 4014): enable the Message Content"
    " intent in the developer portal or unset ARBITER_INLINE_LOOKUP",
}
EXIT_DISCORD = 1  # a fatal refusal by Discord: token, intents, shards
STOP_SIGNALS = (signal.SIGTERM, signal.SIGINT)
FLUSH_TIMEOUT = 3.0  # seconds the live boards get to show the last changes on the way out
DRAIN_TIMEOUT = 3.0  # seconds the commands in flight get to finish and reply on a stop
CLOSE_TIMEOUT = 0.5  # seconds the gateway gets to close, and then the connect loop to end
STOP_BUDGET = 4.5  # seconds from a stop signal to the end of all of the above ("exits in 5 s")


def describe_close(code: int | None) -> str:
    """One log line for a gateway close code."""
    if code in GATEWAY_CLOSES:
        return GATEWAY_CLOSES[code]
    return f"Discord closed the gateway connection with code {code}"


async def flush_live(services: Services, timeout: float = FLUSH_TIMEOUT) -> None:
    """Let the live boards show the last change before the bot goes (bounded)."""
    flush = getattr(services.live, "flush", None)
    if flush is None:
        return
    try:
        await asyncio.wait_for(flush(), timeout)
    except TimeoutError:
        log.warning("live boards not flushed within %.1f s", timeout)
    except Exception:
        log.warning("live boards could not be flushed", exc_info=True)


def gateway_up(bot: AnyBot) -> bool:
    """Ready, and every gateway socket still open (a dropped connection is not healthy)."""
    if not bot.is_ready() or bot.is_closed():
        return False
    if isinstance(bot, commands.AutoShardedBot):
        return bool(bot.shards) and all(not shard.is_closed() for shard in bot.shards.values())
    socket = getattr(bot.ws, "socket", None)
    return socket is not None and not socket.closed


async def _close(bot: AnyBot, services: Services, running: asyncio.Task[None]) -> bool:
    """A requested stop, each step bounded so all of it ends within `STOP_BUDGET` even while
    Discord is unreachable: refuse new commands and let those in flight reply, show the live
    boards' last changes, close the connection, then cancel the connect loop (it may be sleeping
    out a reconnect back-off that `close()` does not interrupt).

    False when the close itself did not finish in time (it was cancelled: `async with bot`
    then sees that cancellation, which the caller must not take for its own)."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + STOP_BUDGET
    drain = drain_of(bot)
    if not await drain.stop(DRAIN_TIMEOUT):
        log.warning("%d commands still running after %.0f s; closing", drain.busy, DRAIN_TIMEOUT)
    await flush_live(services, max(0.1, min(FLUSH_TIMEOUT, deadline - loop.time() - 1.0)))
    closing = asyncio.ensure_future(bot.close())
    done, _ = await asyncio.wait({closing}, timeout=CLOSE_TIMEOUT)
    closed = bool(done)
    if not closed:
        log.warning("the gateway did not close within %.1f s", CLOSE_TIMEOUT)
        closing.cancel()
    elif closing.exception() is not None:  # a stop must not end in a traceback
        exc = closing.exception()
        log.warning("closing the connection failed: %s: %s", type(exc).__name__, exc)
    await asyncio.wait({running}, timeout=CLOSE_TIMEOUT)
    running.cancel()
    outcome = (await asyncio.gather(running, return_exceptions=True))[0]
    if isinstance(outcome, Exception):  # what the dying connection raised: no longer news
        log.info("connection ended: %s: %s", type(outcome).__name__, outcome)
    return closed


async def _run_until_stopped(bot: AnyBot, token: str, services: Services) -> int:
    """Serve until Discord ends the connection or SIGTERM/SIGINT arrives (then exit 0)."""
    loop = asyncio.get_running_loop()
    stop = asyncio.Event()
    received: list[str] = []

    def on_signal(sig: signal.Signals) -> None:
        received.append(sig.name)
        stop.set()

    for sig in STOP_SIGNALS:
        loop.add_signal_handler(sig, on_signal, sig)
    closed = True
    beat = asyncio.create_task(
        beat_while(
            heartbeat_of(services.settings),
            lambda: gateway_up(bot),
            lambda: bot.latency,
        )
    )
    try:
        async with bot:
            running = asyncio.create_task(bot.start(token))
            stopping = asyncio.create_task(stop.wait())
            await asyncio.wait({running, stopping}, return_when=asyncio.FIRST_COMPLETED)
            stopping.cancel()
            if not stop.is_set():
                await running  # raises what ended the connection
                return 0
            log.info("%s received: closing", received[0])
            closed = await _close(bot, services, running)
    except asyncio.CancelledError:
        task = asyncio.current_task()
        if closed or (task is not None and task.cancelling()):
            raise  # a cancellation of this task, not the close cut short above
    finally:
        for sig in STOP_SIGNALS:
            loop.remove_signal_handler(sig)
        beat.cancel()
        await asyncio.gather(beat, return_exceptions=True)
    return 0


def _serve_metrics(bot: AnyBot, settings: Settings) -> Any:
    """`/metrics` when `ARBITER_METRICS_PORT` asks for it, with this bot's gateway gauges."""
    if settings.metrics_port is None:
        return None
    metrics.watch_gateway(lambda: gateway_up(bot), lambda: bot.latency)
    return metrics.serve(settings.metrics_host, settings.metrics_port)


async def serve(settings: Settings) -> int:
    """Open the services, connect and serve until closed; one log line for a failed start."""
    from bot.app import create_services

    services = await create_services(settings)
    try:
        try:
            _ = services.glossary  # load once up front rather than on the first /rule
        except Exception:
            log.warning("glossary failed to load; `python -m bot check` shows why", exc_info=True)
        bot = create_bot(services)
        assert settings.token is not None
        server = _serve_metrics(bot, settings)
        try:
            return await _run_until_stopped(bot, settings.token, services)
        finally:
            if server is not None:
                await asyncio.to_thread(server.shutdown)
                server.server_close()
    except discord.LoginFailure:
        log.error("Discord refused the token in DISCORD_TOKEN")
        return EXIT_DISCORD
    except discord.PrivilegedIntentsRequired:
        log.error(GATEWAY_CLOSES[4014])
        return EXIT_DISCORD
    except discord.ConnectionClosed as exc:
        log.error(describe_close(exc.code))
        return EXIT_DISCORD
    except discord.HTTPException as exc:
        log.error(
            "Discord answered HTTP %s (code %s) while connecting: %s",
            exc.status,
            exc.code,
            exc.text or "no message",
        )
        return EXIT_DISCORD
    except CONNECT_ERRORS as exc:
        log.error("cannot connect to Discord: %s: %s", type(exc).__name__, exc)
        return 1
    finally:
        await services.storage.close()


class RedactToken(logging.Filter):
    """Belt and braces: no log line may carry the token, whoever logs it."""

    def __init__(self, token: str) -> None:
        super().__init__()
        self._token = token

    def filter(self, record: logging.LogRecord) -> bool:
        message = record.getMessage()
        if self._token in message:
            record.msg = message.replace(self._token, "[token]")
            record.args = ()
        return True


@contextmanager
def token_redacted(token: str) -> Iterator[None]:
    """While connected, every root log handler replaces the token with `[token]`."""
    redact = RedactToken(token)
    handlers = list(logging.getLogger().handlers)
    for handler in handlers:
        handler.addFilter(redact)
    try:
        yield
    finally:
        for handler in handlers:
            handler.removeFilter(redact)


def run_bot(settings: Settings) -> int:
    """Connect to Discord and serve until interrupted; returns the exit code."""
    if not settings.token:
        log.error("DISCORD_TOKEN is not set")
        return 2
    with token_redacted(settings.token):
        try:
            return asyncio.run(serve_alone(settings))
        except KeyboardInterrupt:  # Ctrl+C before the signal handlers were installed
            return 0


async def serve_alone(settings: Settings) -> int:
    """`serve`, as the only serving process of its database and shards (bot/storage/lock.py):
    a second one says so in one line and exits 2, before it migrates or connects."""
    import sys

    from bot.i18n import t
    from bot.storage.lock import EXIT_LOCKED, InstanceLocked, take_instance_lock

    try:
        instance = await take_instance_lock(settings.database, settings.shard_ids)
    except InstanceLocked as exc:
        lang = settings.locale
        ids = exc.shard_ids
        shards = (
            t("storage.lock.all_shards", lang)
            if ids is None
            else t("storage.lock.shards", lang, ids=",".join(map(str, ids)))
        )
        print(
            "arbiter:",
            t("storage.lock.held", lang, where=exc.where, shards=shards),
            file=sys.stderr,
        )
        return EXIT_LOCKED
    instance.on_lost(_stop_on_lost_lock)
    try:
        return await serve(settings)
    finally:
        await instance.release()


def _stop_on_lost_lock() -> None:
    """The PostgreSQL connection holding the instance lock closed: another process may take the
    shard now, so this one stops the way SIGTERM stops it (in-flight commands reply), and its
    supervisor's restart takes the lock again or is refused in words."""
    import os
    import signal

    log.error(
        "the instance lock's database connection closed; stopping so that no second process"
        " serves these shards beside this one"
    )
    os.kill(os.getpid(), signal.SIGTERM)
