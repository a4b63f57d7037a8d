"""The fake Discord with several guilds spread over shards, for bots that IDENTIFY as shards.

`ShardedFakeDiscord(shard_count=2)` keeps everything `FakeDiscord` does and adds, like Discord:

- `add_guild(shard)`: a guild whose id puts it on that shard (`(id >> 22) % shard_count`), with
  one text channel `#table`;
- IDENTIFY with `"shard": [id, count]`: READY lists only that shard's guilds and GUILD_CREATE
  follows for each of them; a count other than `shard_count` is closed with 4010 (invalid
  shard). A client that identifies without a shard array gets every guild;
- `dispatch()` of an event with a `guild_id` reaches only the connection of that guild's shard.
  With no such connection (the process is down) the event is kept in `undelivered`, as Discord
  would leave the user with "the application did not respond";
- `slash(..., guild=g)`, `click(..., guild=g)` and `send_interaction(..., guild=g)` run in that
  guild's channel; messages posted there carry its guild id.
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass
from typing import Any

from aiohttp import web

from bot.discord.shards import shard_of
from tests.wire.fakediscord import FakeDiscord, RecordedRequest, _json

INVALID_SHARD = 4010


@dataclass(frozen=True)
class FakeGuild:
    id: int
    channel_id: int
    name: str
    shard: int


class ShardedFakeDiscord(FakeDiscord):
    """`FakeDiscord` whose gateway routes each guild to its shard's connection."""

    def __init__(self, *, shard_count: int, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.shard_count = shard_count
        self.guilds: dict[int, FakeGuild] = {}
        self.undelivered: list[tuple[str, dict[str, Any]]] = []
        self._socket_shard: dict[web.WebSocketResponse, int | None] = {}
        self._channel_guild: dict[int, FakeGuild] = {}
        self._next_high = (self.new_id() >> 22) + 1

    # ------------------------------------------------------------------ guilds

    def add_guild(self, shard: int, name: str = "") -> FakeGuild:
        """A guild on `shard`: its snowflake's top bits are chosen so that Discord's rule holds."""
        high = self._next_high
        while high % self.shard_count != shard:
            high += 1
        self._next_high = high + 1
        guild_id = (high << 22) | 1
        assert shard_of(guild_id, self.shard_count) == shard
        guild = FakeGuild(guild_id, self.new_id(), name or f"Клуб {len(self.guilds) + 1}", shard)
        self.guilds[guild_id] = guild
        self._channel_guild[guild.channel_id] = guild
        return guild

    def guild_of_channel(self, channel_id: int) -> FakeGuild | None:
        return self._channel_guild.get(channel_id)

    def connected_shards(self) -> list[int | None]:
        """The shard of each open, identified gateway connection (None: unsharded)."""
        return [self._socket_shard[ws] for ws in self._sockets if ws in self._socket_shard]

    async def wait_until(self, check: Any, *, timeout: float, what: str) -> None:
        """Poll `check()` on the loop (no fixed sleep decides a result); fail after `timeout`."""
        loop = asyncio.get_running_loop()
        end = loop.time() + timeout
        while not check():
            if loop.time() > end:
                raise AssertionError(f"timed out after {timeout}s waiting for {what}")
            await asyncio.sleep(0.02)

    def channel_requests(self, guild: FakeGuild) -> list[RecordedRequest]:
        """Every REST request on the guild's channel messages (posts, edits, deletes)."""
        prefix = f"/channels/{guild.channel_id}/messages"
        return [r for r in self.requests if r.path.startswith(prefix)]

    # ------------------------------------------------------------------ payloads

    def channel_payload_of(self, guild: FakeGuild) -> dict[str, Any]:
        return {**self.channel_payload(), "id": str(guild.channel_id)}

    def guild_payload_of(self, guild: FakeGuild, intents: int = 0) -> dict[str, Any]:
        payload = self.guild_payload(intents)
        everyone = {**payload["roles"][0], "id": str(guild.id)}
        payload.update(
            id=str(guild.id),
            name=guild.name,
            roles=[everyone],
            channels=[self.channel_payload_of(guild)],
        )
        return payload

    def interaction_payload(
        self, kind: int, data: dict[str, Any], *, guild: FakeGuild | None = None, **kwargs: Any
    ) -> tuple[int, str, dict[str, Any]]:
        iid, token, payload = super().interaction_payload(kind, data, **kwargs)
        if guild is not None:
            gid = str(guild.id)
            payload.update(
                guild_id=gid,
                channel_id=str(guild.channel_id),
                channel={**self.channel_payload_of(guild), "guild_id": gid},
                authorizing_integration_owners={"0": gid},
            )
            payload["guild"] = {**payload["guild"], "id": gid}
        return iid, token, payload

    def _new_message(
        self,
        channel_id: int,
        data: dict[str, Any],
        files: list[tuple[str, bytes]],
        *,
        author: Any,
    ) -> dict[str, Any]:
        msg = super()._new_message(channel_id, data, files, author=author)
        guild = self._channel_guild.get(channel_id)
        if guild is not None:
            msg["guild_id"] = str(guild.id)
        return msg

    async def _get_channel(self, rec: RecordedRequest, cid: str) -> web.Response:
        guild = self._channel_guild.get(int(cid))
        if guild is None:
            return await super()._get_channel(rec, cid)
        payload = {**self.channel_payload_of(guild), "guild_id": str(guild.id)}
        return _json(payload)

    # ------------------------------------------------------------------ gateway

    async def _on_gateway_message(self, ws: web.WebSocketResponse, msg: dict[str, Any]) -> None:
        if msg.get("op") != 2:  # only IDENTIFY differs
            await super()._on_gateway_message(ws, msg)
            return
        identify = msg["d"]
        self.identifies.append(identify)
        shard: int | None = None
        if "shard" in identify:
            shard, count = (int(x) for x in identify["shard"])
            if count != self.shard_count or not 0 <= shard < count:
                await ws.close(code=INVALID_SHARD, message=b"Invalid shard")
                return
        self._socket_shard[ws] = shard
        guilds = [g for g in self.guilds.values() if shard is None or g.shard == shard]
        ready = self._ready_payload(identify)
        ready["guilds"] = [{"id": str(g.id), "unavailable": True} for g in guilds]
        await self._send(ws, "READY", ready)
        for guild in guilds:
            await self._send(ws, "GUILD_CREATE", self.guild_payload_of(guild, identify["intents"]))

    async def dispatch(self, event: str, data: dict[str, Any]) -> None:
        """A guild's event goes to its shard's connection only (others' to every connection)."""
        raw = data.get("guild_id")
        if raw is None or int(raw) not in self.guilds:
            await super().dispatch(event, data)
            return
        shard = shard_of(int(raw), self.shard_count)
        targets = [
            ws
            for ws in list(self._sockets)
            if ws in self._socket_shard and self._socket_shard[ws] in (shard, None)
        ]
        if not targets:
            self.undelivered.append((event, data))
            return
        for ws in targets:
            await self._send(ws, event, data)
