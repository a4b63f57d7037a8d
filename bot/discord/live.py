"""Keeps each tracked game's live scoreboard message in step with the game, within Discord's limits.

The manager listens to `services.game_changed` and edits an ordinary channel message (never an
interaction response: those tokens die after 15 minutes). Edits are coalesced per channel: the
first change after a quiet spell is shown at once, later ones wait for the 2-second window and
are shown together, always from a fresh read of the game, and an edit that would show exactly
what the message already shows is skipped. A message older than about 50 minutes, or one Discord
refuses to edit again (30046) or has lost (10008), is replaced: a new one is sent, its id stored,
the old one deleted.

The window uses an injectable `sleep`/`now` pair (by default `asyncio.sleep` and
`services.clock`) and message age uses `services.clock`, so tests run the policy without waiting.

With several shard processes on one database, a manager touches only the boards of guilds on its
own shards (`bot.discord.shards`), and `resume()` re-attaches those boards once the bot is
ready: each is read back from Discord and edited only if it differs from the stored game, so a
change committed just before a crash still reaches its message.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

import discord

from bot.context import Ctx, Services, UserRef
from bot.discord.render import render_reply
from bot.discord.shards import ShardSet
from bot.handlers import tracker_ops as service
from bot.handlers.tracker_layout import payload_hash
from bot.handlers.tracker_live import live_reply
from bot.reply import Reply
from bot.tracker.model import GameState

log = logging.getLogger("arbiter.live")

EDIT_INTERVAL = 2.0  # seconds between two edits of one channel's live message
MAX_AGE = 50 * 60.0  # re-post before Discord's one-hour edit restrictions on old messages
TOO_MANY_EDITS = 30046
UNKNOWN_MESSAGE = 10008

Sleep = Callable[[float], Awaitable[Any]]


@dataclass
class _Slot:
    """Per-channel bookkeeping: what the message shows and when it was last touched."""

    dirty: bool = False
    task: asyncio.Task[None] | None = None
    last_edit: float | None = None
    message_id: int | None = None
    shown: str | None = None  # payload hash of what `message_id` shows
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)


@dataclass
class LiveStats:
    """Counts of what the manager did, for tests and logs."""

    posts: int = 0
    edits: int = 0
    skipped: int = 0
    reposts: int = 0
    foreign: int = 0  # changes of guilds on another process's shards, left alone
    resumed: int = 0  # boards re-attached by `resume()`


class LiveMessageManager:
    """One per bot: subscribe with `install()`, and every game change reaches its live message."""

    def __init__(
        self,
        client: discord.Client,
        services: Services,
        *,
        interval: float = EDIT_INTERVAL,
        max_age: float = MAX_AGE,
        sleep: Sleep = asyncio.sleep,
        now: Callable[[], float] | None = None,
        shards: ShardSet | None = None,
    ) -> None:
        self.client = client
        self.services = services
        self.shards = shards if shards is not None else ShardSet.from_settings(services.settings)
        self.interval = interval
        self.max_age = max_age
        # The edit window's clock and sleep; tests swap them (default: services.clock).
        self.sleep = sleep
        self.now = now if now is not None else services.clock
        self._slots: dict[int, _Slot] = {}
        self._resume: asyncio.Task[int] | None = None
        self.stats = LiveStats()

    # --- wiring --------------------------------------------------------------------------------

    def install(self) -> None:
        """Listen to game changes and become the services' live poster (for `/game show`)."""
        if self.on_game_changed not in self.services.game_changed_hooks:
            self.services.game_changed_hooks.append(self.on_game_changed)
        self.services.live = self

    def uninstall(self) -> None:
        if self._resume is not None and not self._resume.done():
            self._resume.cancel()
        if self.on_game_changed in self.services.game_changed_hooks:
            self.services.game_changed_hooks.remove(self.on_game_changed)
        if self.services.live is self:
            self.services.live = None
        for slot in self._slots.values():
            if slot.task is not None and not slot.task.done():
                slot.task.cancel()

    async def flush(self) -> None:
        """Show every pending change now, without waiting out the edit window (on shutdown)."""
        for channel_id, slot in list(self._slots.items()):
            task = slot.task
            if task is not None and not task.done():
                task.cancel()  # asleep in the window, or mid-sync: redone from a fresh read
                await asyncio.gather(task, return_exceptions=True)
                slot.dirty = True
            if slot.dirty:
                slot.dirty = False
                async with slot.lock:
                    await self._sync(channel_id, slot, repost=False)

    async def on_game_changed(self, channel_id: int) -> None:
        """The hook: mark the channel dirty and make sure a worker will show it. Never waits."""
        slot = self._slots.setdefault(channel_id, _Slot())
        slot.dirty = True
        if slot.task is None or slot.task.done():
            slot.task = asyncio.create_task(self._work(channel_id, slot))

    # --- the worker ----------------------------------------------------------------------------

    async def _work(self, channel_id: int, slot: _Slot) -> None:
        while slot.dirty:
            if slot.last_edit is not None:
                wait = slot.last_edit + self.interval - self.now()
                if wait > 0:
                    await self.sleep(wait)
            slot.dirty = False
            try:
                async with slot.lock:
                    touched = await self._sync(channel_id, slot, repost=False)
            except Exception:
                log.exception("live message of channel %s could not be updated", channel_id)
                touched = True
            if touched:
                slot.last_edit = self.now()

    async def repost(self, channel_id: int) -> bool:
        """Send the live message anew at the bottom of the channel and delete the old one."""
        slot = self._slots.setdefault(channel_id, _Slot())
        async with slot.lock:
            done = await self._sync(channel_id, slot, repost=True)
        if done:
            slot.last_edit = self.now()
        return done

    def resume_soon(self) -> None:
        """Start `resume()` in the background (once at a time); called when the bot is ready."""
        if self._resume is None or self._resume.done():
            self._resume = asyncio.create_task(self.resume())

    async def resume(self) -> int:
        """Bring every active game's board on this process's shards up to date; how many.

        The process has no memory of what a board shows after a restart, so each board is read
        back (one at a time, so a large install does not burst) and edited only when it differs
        from the game; a lost or too old one is re-posted as usual. Boards of other shards'
        guilds are left to their own process.
        """
        done = 0
        for game_id, live in await self.services.storage.tracker.live_messages():
            state = await self.services.storage.tracker.load(game_id)
            if state is None or not state.game.active:
                continue
            if not self.shards.owns(state.game.guild_id):
                continue
            channel_id = state.game.channel_id
            slot = self._slots.setdefault(channel_id, _Slot())
            try:
                async with slot.lock:
                    if slot.shown is None or slot.message_id != live.message_id:
                        await self._learn_shown(state, slot)  # not shown by this process yet
                    touched = await self._sync(channel_id, slot, repost=False)
            except Exception:
                log.exception("live message of channel %s could not be re-attached", channel_id)
                continue
            if touched:
                slot.last_edit = self.now()
            done += 1
            self.stats.resumed += 1
        log.info("re-attached %d live message(s) on %s", done, self.shards.describe())
        return done

    async def _state(self, channel_id: int) -> GameState | None:
        """The channel's active game, or its last one if that has just ended (final board)."""
        return await service.current_or_last(self.services.storage, channel_id)

    async def _render(self, state: GameState) -> Reply:
        ctx = Ctx(
            services=self.services,
            user=UserRef(0, "arbiter"),
            channel_id=state.game.channel_id,
            guild_id=state.game.guild_id,
            lang=self.services.settings.locale,
        )
        return await live_reply(ctx, state)

    async def _sync(self, channel_id: int, slot: _Slot, *, repost: bool) -> bool:
        """Bring the message in line with the game; True when Discord was asked to do something."""
        state = await self._state(channel_id)
        if state is None:
            return False
        if not self.shards.owns(state.game.guild_id):
            self.stats.foreign += 1  # its own shard's process keeps that board
            return False
        live = state.live
        if live is None and not state.game.active:
            return False  # an ended game without a board: nothing to show it on
        reply = await self._render(state)
        digest = payload_hash(reply)
        message_id = live.message_id if live else None
        if message_id is None:
            await self._post(state, slot, reply, digest, old=None)
            return True
        assert live is not None
        too_old = self.services.clock() - live.posted_at > self.max_age
        if repost or too_old:
            await self._post(state, slot, reply, digest, old=message_id)
            self.stats.reposts += 1
            return True
        if slot.message_id == message_id and slot.shown == digest:
            self.stats.skipped += 1
            return False
        try:
            await self._edit(live.channel_id or channel_id, message_id, reply)
        except discord.NotFound:
            await self._post(state, slot, reply, digest, old=None)
            self.stats.reposts += 1
            return True
        except discord.HTTPException as exc:
            if exc.code != TOO_MANY_EDITS:
                raise
            await self._post(state, slot, reply, digest, old=message_id)
            self.stats.reposts += 1
            return True
        slot.message_id, slot.shown = message_id, digest
        self.stats.edits += 1
        return True

    async def _learn_shown(self, state: GameState, slot: _Slot) -> None:
        """Read the board back from Discord: when it shows this state, remember so (no edit)."""
        live = state.live
        if live is None:
            return
        channel = self._channel(live.channel_id or state.game.channel_id)
        try:
            message = await channel.get_partial_message(live.message_id).fetch()
        except discord.HTTPException:
            return  # lost or unreadable: `_sync` edits, and re-posts a lost one
        reply = await self._render(state)
        out = render_reply(reply)[0]
        ours = _visible(
            [e.to_dict() for e in out.embeds],
            out.view.to_components() if out.view is not None else [],
        )
        theirs = _visible(
            [e.to_dict() for e in message.embeds], [c.to_dict() for c in message.components]
        )
        if ours == theirs:
            slot.message_id, slot.shown = live.message_id, payload_hash(reply)

    # --- Discord calls -------------------------------------------------------------------------

    def _channel(self, channel_id: int) -> discord.PartialMessageable:
        return self.client.get_partial_messageable(channel_id)

    async def _edit(self, channel_id: int, message_id: int, reply: Reply) -> None:
        out = render_reply(reply)[0]
        message = self._channel(channel_id).get_partial_message(message_id)
        await message.edit(embeds=out.embeds, view=out.view)

    async def _post(
        self, state: GameState, slot: _Slot, reply: Reply, digest: str, *, old: int | None
    ) -> None:
        """Send a new live message, remember it, then remove `old` (best effort)."""
        out = render_reply(reply)[0]
        channel = self._channel(state.game.channel_id)
        if out.view is not None:
            message = await channel.send(embeds=out.embeds, view=out.view)
        else:
            message = await channel.send(embeds=out.embeds)
        await self.services.storage.tracker.set_live_message(
            state.game.id, message.id, self.services.clock(), state.game.channel_id
        )
        slot.message_id, slot.shown = message.id, digest
        self.stats.posts += 1
        if old is not None and old != message.id:
            try:
                await channel.get_partial_message(old).delete()
            except discord.HTTPException:
                log.info("old live message %s could not be deleted", old)


_EMBED_TEXT = ("title", "description", "url", "color")
_COMPONENT_KEYS = ("type", "custom_id", "label", "style", "disabled", "url", "placeholder")


def _visible(embeds: list[Any], components: list[Any]) -> Any:
    """What a member sees of a message, in a form both our payload and Discord's echo share.

    Discord adds keys of its own to what it stores (an embed's `type`, empty lists), so only
    the text, the fields and the controls are compared.
    """

    def embed(e: dict[str, Any]) -> Any:
        fields = [
            (f.get("name"), f.get("value"), bool(f.get("inline"))) for f in e.get("fields") or []
        ]
        footer = (e.get("footer") or {}).get("text")
        author = (e.get("author") or {}).get("name")
        return ([e.get(k) for k in _EMBED_TEXT], fields, footer, author)

    def component(c: dict[str, Any]) -> Any:
        options = [(o.get("label"), o.get("value")) for o in c.get("options") or []]
        inner = [component(x) for x in c.get("components") or []]
        emoji = (c.get("emoji") or {}).get("name")
        return ([c.get(k) for k in _COMPONENT_KEYS], emoji, options, inner)

    return ([embed(e) for e in embeds], [component(c) for c in components])
