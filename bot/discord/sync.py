"""Command sync on demand: the payload (with localizations) is hashed and synced only on change.

Commands are global, so with several shard processes only the one running shard 0 syncs
(`ShardSet.syncs_commands`); the others skip with one log line. docs/scaling.md says why.
"""

from __future__ import annotations

import hashlib
import json
import logging
from typing import Any

import discord
from discord import app_commands

from bot.config import Settings
from bot.discord.shards import ShardSet
from bot.storage import Storage

log = logging.getLogger("arbiter.discord")

HASH_KEY = "command_hash"


async def command_payload(tree: app_commands.CommandTree[Any]) -> list[dict[str, Any]]:
    """What `tree.sync()` would PUT for the global commands, translations applied; offline."""
    translator = tree.translator
    commands = tree.get_commands()
    if translator is None:
        return [c.to_dict(tree) for c in commands]
    return [await c.get_translated_payload(tree, translator) for c in commands]


def payload_hash(payload: list[dict[str, Any]]) -> str:
    blob = json.dumps(payload, sort_keys=True, ensure_ascii=False, separators=(",", ":"))
    return hashlib.sha256(blob.encode("utf-8")).hexdigest()


def hash_key(guild_id: int | None) -> str:
    return HASH_KEY if guild_id is None else f"{HASH_KEY}:{guild_id}"


async def sync_commands(
    tree: app_commands.CommandTree[Any],
    storage: Storage,
    *,
    guild_id: int | None = None,
    force: bool = False,
    settings: Settings | None = None,
) -> int | None:
    """Sync when the payload hash differs from the stored one (or `force`).

    Returns the number of commands synced, or None when nothing had to be done. With a guild id
    the global commands are copied to that guild (instant updates while developing). Unless
    forced, a process of several (`settings`) that does not run shard 0 leaves it to that one.
    """
    shards = ShardSet.from_settings(settings) if settings is not None else ShardSet()
    if not force and not shards.syncs_commands:
        log.info("commands are synced by the shard 0 process, not by %s", shards.describe())
        return None
    digest = payload_hash(await command_payload(tree))
    key = hash_key(guild_id)
    if not force and await storage.meta.get(key) == digest:
        log.info("commands unchanged (hash %s…), no sync", digest[:12])
        return None
    if guild_id is None:
        synced = await tree.sync()
    else:
        guild = discord.Object(id=guild_id)
        tree.copy_global_to(guild=guild)
        synced = await tree.sync(guild=guild)
    await storage.meta.set(key, digest)
    from bot.discord.mentions import remember_ids  # the ids make command mentions clickable

    await remember_ids(storage, list(synced), guild_id)
    log.info("synced %d commands%s", len(synced), f" to guild {guild_id}" if guild_id else "")
    return len(synced)
