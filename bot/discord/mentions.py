"""Discord-native text: command names become clickable mentions, time markers `<t:…>` stamps.

Replies name commands as the reader's client shows them (`/игра войти`, from the catalogue's
`{/game join}`). On Discord that text becomes `</game join:ID>` (the client shows it localized and
clickable) when the command's id is known from the sync; inside backticks it stays text. Time
markers (`bot.reply.timestamp`) become `<t:…:t>`, which each reader sees in their own time zone.
"""

from __future__ import annotations

import json
import logging
import re
from dataclasses import replace
from functools import cache
from typing import Any

import discord
from discord import app_commands

from bot.i18n import LANGUAGES
from bot.registry import command_label, load_handlers
from bot.reply import STAMP, Field, Reply
from bot.storage import Storage

log = logging.getLogger("arbiter.discord")

IDS_KEY = "command_ids"


def ids_key(guild_id: int | None) -> str:
    return IDS_KEY if guild_id is None else f"{IDS_KEY}:{guild_id}"


async def remember_ids(storage: Storage, synced: list[Any], guild_id: int | None) -> dict[str, int]:
    """Store the ids Discord gave the top-level commands at sync (name → id)."""
    ids = {str(c.name): int(c.id) for c in synced if getattr(c, "id", None)}
    await storage.meta.set(ids_key(guild_id), json.dumps(ids, sort_keys=True))
    return ids


async def load_ids(
    tree: app_commands.CommandTree[Any], storage: Storage, guild_id: int | None
) -> dict[str, int]:
    """The stored command ids, else fetched once from Discord (then stored); {} on failure."""
    raw = await storage.meta.get(ids_key(guild_id))
    if raw:
        try:
            return {str(k): int(v) for k, v in json.loads(raw).items()}
        except (ValueError, AttributeError):
            log.warning("stored command ids are unreadable; fetching them again")
    try:
        if guild_id is None:
            fetched = await tree.fetch_commands()
        else:
            fetched = await tree.fetch_commands(guild=discord.Object(id=guild_id))
    except Exception as exc:  # no mentions is a cosmetic loss, never a failed start
        log.warning("cannot fetch command ids (%s): commands are named as plain text", exc)
        return {}
    return await remember_ids(storage, list(fetched), guild_id)


@cache
def _label_pattern(lang: str) -> tuple[re.Pattern[str], dict[str, tuple[str, ...]]]:
    """A regex matching every command label in `lang` (longest first), and label → path."""
    reg = load_handlers()
    by_label: dict[str, tuple[str, ...]] = {}
    for cmd in reg.commands.values():
        by_label[command_label(cmd.path, lang)] = cmd.path
    alts = "|".join(re.escape(x) for x in sorted(by_label, key=len, reverse=True))
    return re.compile(rf"(?<![\w/<`])({alts})(?![\w-])"), by_label


def mention_text(text: str, ids: dict[str, int], lang: str) -> str:
    """Command labels outside backticks as mentions; time markers as Discord timestamps."""
    text = STAMP.sub(lambda m: f"<t:{m.group(1)}:{m.group(2)}>", text)
    if not ids or "/" not in text:
        return text
    pattern, by_label = _label_pattern(lang)

    def one(m: re.Match[str]) -> str:
        path = by_label[m.group(1)]
        cid = ids.get(path[0])
        return f"</{' '.join(path)}:{cid}>" if cid else m.group(1)

    parts = text.split("`")
    for i in range(0, len(parts), 2):  # even parts are outside code spans and blocks
        parts[i] = pattern.sub(one, parts[i])
    return "`".join(parts)


def discord_reply(reply: Reply, ids: dict[str, int], lang: str) -> Reply:
    """`reply` as Discord shows it best: mentions in its body and field values (Discord renders
    them there, not in titles or footers), time stamps everywhere."""
    if lang not in LANGUAGES:
        lang = LANGUAGES[0]
    plain: dict[str, int] = {}
    return replace(
        reply,
        title=mention_text(reply.title, plain, lang),
        body=mention_text(reply.body, ids, lang),
        fields=[
            Field(mention_text(f.name, plain, lang), mention_text(f.value, ids, lang), f.inline)
            for f in reply.fields
        ],
        footer=mention_text(reply.footer, plain, lang),
    )
