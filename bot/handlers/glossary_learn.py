"""`/rule` learning from its players: which picks to record, and when a learned link answers.

When `/rule` asks with a list and the asker picks, the pick is recorded for the server under the
query's key (`glossary.question.learn_key`: its word stems, so word forms share it), with a hash
of the member id salted with the server, never the id. Once `AGREE` distinct members agreed,
the server's `/rule` opens that entry for the query directly, with a «не то» button that takes
the link back. A link never overrides an exact name. Off with ARBITER_LOOKUP_LEARNING=off.

The query travels in the list's custom id (`<asker>:<words>`), so a pick needs no state kept
between the question and the answer; a query too long for a custom id is simply not learned.
"""

from __future__ import annotations

import hashlib
from typing import TYPE_CHECKING

from bot.context import Ctx
from bot.reply import CUSTOM_ID_MAX, CUSTOM_ID_PREFIX
from glossary.question import learn_key, query_words

if TYPE_CHECKING:
    from glossary import Lookup
    from glossary.model import Entry

AGREE = 2  # distinct members who picked the same entry for a query before it opens directly
LINKS_PER_SERVER = 2000  # learned links kept per server; the oldest are dropped
SURE_TIERS = frozenset({"exact", "stem"})  # the query is a name: nothing learned overrides it
PICK_ACTION = "rule.pick"
UNLEARN_ACTION = "rule.unlearn"


def learning_on(ctx: Ctx) -> bool:
    """Whether this invocation may learn or use what was learned: a server, and not switched off."""
    return ctx.guild_id is not None and ctx.services.settings.lookup_learning


def member_hash(ctx: Ctx) -> str:
    """The member as a pick records them: enough to count distinct members, not to name one."""
    raw = f"arbiter-lookup:{ctx.guild_id}:{ctx.user.id}".encode()
    return hashlib.sha256(raw).hexdigest()[:20]


def asked_payload(ctx: Ctx, query: str, action: str = PICK_ACTION) -> str:
    """`<asker>` plus `:<words>` of the query when learning is on and they fit a custom id."""
    asker = str(ctx.user.id)
    if not learning_on(ctx):
        return asker
    payload = f"{asker}:{query_words(query)}"
    fits = len(f"{CUSTOM_ID_PREFIX}:{action}:{payload}") <= CUSTOM_ID_MAX
    return payload if fits else asker


def split_payload(payload: str) -> tuple[str, str, str]:
    """(asker, words asked or "", chosen value or "") of `<asker>[:<words>][|<value>]`."""
    head, _, value = payload.partition("|")
    asker, _, words = head.partition(":")
    return asker, words, value


async def record_pick(ctx: Ctx, words: str, entry_id: str) -> None:
    """The asker's pick for the words asked, filed under their key for this server."""
    if not words or not learning_on(ctx) or ctx.guild_id is None:
        return
    key = learn_key(words)
    if not key:
        return
    await ctx.services.storage.learned.record_pick(
        ctx.guild_id,
        key,
        words,
        entry_id,
        member_hash(ctx),
        ctx.services.clock(),
        agree=AGREE,
        bound=LINKS_PER_SERVER,
    )


async def learned_entry(ctx: Ctx, query: str, slug: str | None, found: Lookup) -> Entry | None:
    """The entry this server learned for the query, unless the query is a name that opens
    anyway (an exact or word-form match) or the game filter excludes the entry. When the query
    is the exact name of several entries, a link may only choose among them."""
    if not learning_on(ctx) or ctx.guild_id is None:
        return None
    hits = found.hits
    if hits and found.confident and hits[0].tier in SURE_TIERS:
        return None
    exact = {h.entry.id for h in hits if h.tier == "exact"}
    key = learn_key(query)
    if not key:
        return None
    entry_id = await ctx.services.storage.learned.link(ctx.guild_id, key)
    if entry_id is None:
        return None
    entry = ctx.services.glossary.get(entry_id)
    if entry is None or (slug is not None and entry.game != slug):
        return None
    if exact and entry.id not in exact:  # never instead of an entry the query names exactly
        return None
    return entry


async def unlearn(ctx: Ctx, words: str) -> bool:
    """Take back this server's link for the words (a «не то»); whether there was one."""
    if not words or ctx.guild_id is None:
        return False
    return await ctx.services.storage.learned.unlink(ctx.guild_id, learn_key(words)) is not None
