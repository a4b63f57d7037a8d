"""Render a neutral `Reply` as Discord messages: embeds within every limit, plus a persistent view.

Long text is split (see `split.py`) over continuation embeds and, when one message cannot hold
them, over follow-up messages. Nothing is truncated except button and select labels, which are
controls rather than content.
"""

from __future__ import annotations

import io
from dataclasses import dataclass, field, replace

import discord

from bot import limits
from bot.discord.components import ActionItem
from bot.discord.split import split_text
from bot.render.safe import discord_safe, strip_bidi
from bot.reply import Attachment, Button, Field, Kind, Reply, Style, clip

# Discord's documented limits.
TITLE_MAX = limits.EMBED_TITLE
DESCRIPTION_MAX = limits.EMBED_DESCRIPTION
FIELD_NAME_MAX = limits.EMBED_FIELD_NAME
FIELD_VALUE_MAX = limits.EMBED_FIELD_VALUE
FIELDS_PER_EMBED = limits.EMBED_FIELDS
FOOTER_MAX = limits.EMBED_FOOTER
EMBED_TOTAL_MAX = limits.EMBED_TOTAL  # per message, summed over its embeds
EMBEDS_PER_MESSAGE = limits.EMBEDS_PER_MESSAGE
FILES_PER_MESSAGE = limits.FILES_PER_MESSAGE
BUTTON_LABEL_MAX = limits.BUTTON_LABEL
SELECT_PLACEHOLDER_MAX = limits.SELECT_PLACEHOLDER
SELECT_OPTION_MAX = limits.SELECT_OPTION_LABEL
SELECT_OPTIONS_MAX = limits.SELECT_OPTIONS

BLANK = "\u200b"  # a field needs a non-empty name; continuation fields carry this one

COLORS = {
    Kind.INFO: discord.Colour(0x5865F2),
    Kind.SUCCESS: discord.Colour(0x57F287),
    Kind.ERROR: discord.Colour(0xED4245),
}

_STYLES = {
    Style.PRIMARY: discord.ButtonStyle.primary,
    Style.SECONDARY: discord.ButtonStyle.secondary,
    Style.SUCCESS: discord.ButtonStyle.success,
    Style.DANGER: discord.ButtonStyle.danger,
}


@dataclass
class OutMessage:
    """One Discord message of a rendered reply."""

    embeds: list[discord.Embed] = field(default_factory=list)
    attachments: list[Attachment] = field(default_factory=list)
    view: discord.ui.View | None = None

    def files(self) -> list[discord.File]:
        """Fresh `discord.File` objects (a File can be sent only once)."""
        return [discord.File(io.BytesIO(a.data), filename=a.filename) for a in self.attachments]


def safe_reply(reply: Reply) -> Reply:
    """`reply` with every text passed through `discord_safe` (the rendering boundary)."""
    return replace(
        reply,
        title=discord_safe(reply.title),
        body=discord_safe(reply.body),
        footer=discord_safe(reply.footer),
        fields=[Field(discord_safe(f.name), discord_safe(f.value), f.inline) for f in reply.fields],
    )


def render_reply(reply: Reply) -> list[OutMessage]:
    """The messages to send for `reply`, in order; the view rides on the last one."""
    reply = safe_reply(reply)
    embeds = render_embeds(reply)
    messages = pack_embeds(embeds)
    for i in range(0, len(reply.attachments), FILES_PER_MESSAGE):
        index = i // FILES_PER_MESSAGE
        if index >= len(messages):
            messages.append(OutMessage())
        messages[index].attachments = reply.attachments[i : i + FILES_PER_MESSAGE]
    if not messages:
        messages.append(OutMessage(embeds=[_embed(reply.kind, description=BLANK)]))
    views = build_views(reply)
    if views:
        messages[-1].view = views[0]
        # More controls than one message holds: the rest follow, as messages of controls only.
        messages += [OutMessage(view=view) for view in views[1:]]
    return messages


def render_embeds(reply: Reply) -> list[discord.Embed]:
    """Every embed of the reply, each within the per-embed limits, in reading order."""
    title_parts = split_text(reply.title, TITLE_MAX)
    title = title_parts[0] if title_parts else None
    body = reply.body
    if len(title_parts) > 1:  # an overlong title continues at the top of the body
        rest = reply.title[len(title_parts[0]) :].strip()
        body = f"{rest}\n\n{body}" if body.strip() else rest

    embeds: list[discord.Embed] = []
    current = _embed(reply.kind, title=title)
    embeds.append(current)
    for i, chunk in enumerate(split_text(body, DESCRIPTION_MAX)):
        if i == 0 and len(current) + len(chunk) <= EMBED_TOTAL_MAX:
            current.description = chunk
        else:
            current = _embed(reply.kind, description=chunk)
            embeds.append(current)

    for fld in reply.fields:
        for name, value, inline in _field_chunks(fld.name, fld.value, fld.inline):
            size = len(name) + len(value)
            if len(current.fields) >= FIELDS_PER_EMBED or len(current) + size > EMBED_TOTAL_MAX:
                current = _embed(reply.kind)
                embeds.append(current)
            current.add_field(name=name, value=value, inline=inline)

    footer_parts = split_text(reply.footer, FOOTER_MAX)
    for chunk in footer_parts[:-1]:
        current = _embed(reply.kind, description=chunk)
        embeds.append(current)
    if footer_parts:
        last = footer_parts[-1]
        if len(current) + len(last) > EMBED_TOTAL_MAX:
            current = _embed(reply.kind)
            embeds.append(current)
        current.set_footer(text=last)

    return [e for e in embeds if len(e) > 0] or [_embed(reply.kind, title=title, description=BLANK)]


def _embed(
    kind: Kind, *, title: str | None = None, description: str | None = None
) -> discord.Embed:
    return discord.Embed(title=title, description=description, colour=COLORS[kind])


def _field_chunks(name: str, value: str, inline: bool) -> list[tuple[str, str, bool]]:
    """A field split into several when its value (or name) exceeds the limits."""
    name_parts = split_text(name, FIELD_NAME_MAX) or [BLANK]
    head = name_parts[0]
    if len(name_parts) > 1:
        rest = name[len(head) :].strip()
        value = f"{rest}\n{value}" if value.strip() else rest
    values = split_text(value, FIELD_VALUE_MAX) or [BLANK]
    if len(values) == 1:
        return [(head, values[0], inline)]
    return [(head if i == 0 else BLANK, v, False) for i, v in enumerate(values)]


def pack_embeds(embeds: list[discord.Embed]) -> list[OutMessage]:
    """Group embeds into messages of at most 10 embeds and 6000 characters."""
    messages: list[OutMessage] = []
    size = 0
    for embed in embeds:
        n = len(embed)
        if (
            not messages
            or len(messages[-1].embeds) >= EMBEDS_PER_MESSAGE
            or size + n > EMBED_TOTAL_MAX
        ):
            messages.append(OutMessage())
            size = 0
        messages[-1].embeds.append(embed)
        size += n
    return messages


def build_views(reply: Reply) -> list[discord.ui.View]:
    """Persistent views (no timeout) whose items dispatch by custom id, even after a restart.

    Normally one view. Items beyond one message's room (25 components in 5 rows), select
    options beyond 25 and repeated custom ids (Discord refuses duplicates in one message)
    continue in further views, so no control is dropped.
    """
    views: list[discord.ui.View] = []
    ids: set[str] = set()
    for item in _items(reply):
        custom = item.item.custom_id or ""
        if not views or custom in ids:
            views.append(discord.ui.View(timeout=None))
            ids = set()
        try:
            views[-1].add_item(item)
        except ValueError:  # no room left in this view
            views.append(discord.ui.View(timeout=None))
            ids = set()
            views[-1].add_item(item)
        ids.add(custom)
    return views


def _items(reply: Reply) -> list[ActionItem]:
    items: list[ActionItem] = []
    for action in reply.actions:
        if isinstance(action, Button):
            button: discord.ui.Button[discord.ui.View] = discord.ui.Button(
                label=clip(strip_bidi(action.label), BUTTON_LABEL_MAX),
                style=_STYLES[action.style],
                custom_id=action.custom_id,
                disabled=action.disabled,
            )
            items.append(ActionItem(button, action.action, action.payload))
            continue
        for start in range(0, max(len(action.options), 1), SELECT_OPTIONS_MAX):
            chunk = action.options[start : start + SELECT_OPTIONS_MAX]
            select: discord.ui.Select[discord.ui.View] = discord.ui.Select(
                custom_id=action.custom_id,
                placeholder=clip(strip_bidi(action.placeholder), SELECT_PLACEHOLDER_MAX) or None,
                options=[
                    discord.SelectOption(
                        label=clip(strip_bidi(o.label), SELECT_OPTION_MAX),
                        value=o.value,
                        description=clip(strip_bidi(o.description), SELECT_OPTION_MAX)
                        if o.description
                        else None,
                    )
                    for o in chunk
                ],
            )
            items.append(ActionItem(select, action.action, action.payload))
    return items
