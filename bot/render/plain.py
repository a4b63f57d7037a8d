"""Replies as terminal text: the console layout of `render_text`, without Discord markdown.

Replies are written once, in Discord markdown (`**4**`, `~~1~~`, code blocks, escaped user
text). A terminal shows those marks literally, so the CLI (and the console with `--plain`) passes
every text part through `strip_markdown`: emphasis is dropped, a struck-through value (a dropped
die) is marked with a combining stroke, code fences keep their content, escapes are undone, and
Discord-only tokens (`<t:…>` times, `</cmd:id>` mentions, `<@id>`) become readable words.
"""

from __future__ import annotations

import re
import time
from dataclasses import replace

from bot.reply import Field, Reply

from .text import render_text

_ESCAPED = re.compile(r"\\([\\*_~`|>\[\]<#\-+])")
_FENCE = re.compile(r"```[^\n`]*\n?(.*?)```", re.DOTALL)
_INLINE_CODE = re.compile(r"`([^`\n]+)`")
_STRIKE = re.compile(r"~~(.+?)~~", re.DOTALL)
_BOLD = re.compile(r"\*\*(.+?)\*\*", re.DOTALL)
_UNDERLINE = re.compile(r"__(.+?)__", re.DOTALL)
_ITALIC = re.compile(r"(?<![\w*])\*(?!\s)([^*\n]+?)(?<!\s)\*(?![\w*])")
_SPOILER = re.compile(r"\|\|(.+?)\|\|", re.DOTALL)
_LINK = re.compile(r"\[([^\]\n]+)\]\((https?://[^)\s]+)\)")
_HEADING = re.compile(r"^(?:#{1,3}|-#) +", re.MULTILINE)
_QUOTE = re.compile(r"^>>?>? ?", re.MULTILINE)
_TIMESTAMP = re.compile(r"<t:(-?\d+)(?::([tTdDfFR]))?>")
_MENTION = re.compile(r"</([^:>]+):\d+>")
_USER = re.compile(r"<@!?(\d+)>")
_STROKE = "\u0336"  # COMBINING LONG STROKE OVERLAY: `1̶` reads as struck through

_TIME_FORMATS = {"t": "%H:%M", "T": "%H:%M:%S", "d": "%d.%m.%Y", "D": "%d.%m.%Y"}


def _struck(text: str) -> str:
    return "".join(ch + _STROKE if not ch.isspace() else ch for ch in text)


def _stamp(match: re.Match[str]) -> str:
    """A Discord timestamp in the machine's local time (a terminal has no viewer's zone)."""
    moment = time.localtime(int(match.group(1)))
    return time.strftime(_TIME_FORMATS.get(match.group(2) or "f", "%d.%m.%Y %H:%M"), moment)


def strip_markdown(text: str) -> str:
    """`text` as a terminal should show it: the same words, no markdown marks."""
    if not text:
        return text
    shelf: list[str] = []

    def keep(value: str) -> str:
        """Park text that must not be read as markdown; a private-use mark holds its place."""
        shelf.append(value)
        return f"\ue000{len(shelf) - 1}\ue001"

    out = _ESCAPED.sub(lambda m: keep(m.group(1)), text)
    out = _FENCE.sub(lambda m: keep(m.group(1).rstrip("\n")), out)
    out = _INLINE_CODE.sub(lambda m: keep(m.group(1)), out)
    out = _TIMESTAMP.sub(_stamp, out)
    out = _MENTION.sub(lambda m: "/" + m.group(1), out)
    out = _USER.sub(lambda m: "@" + m.group(1), out)
    out = _LINK.sub(lambda m: f"{m.group(1)} ({m.group(2)})", out)
    out = _SPOILER.sub(r"\1", out)
    out = _BOLD.sub(r"\1", out)
    out = _UNDERLINE.sub(r"\1", out)
    out = _ITALIC.sub(r"\1", out)
    out = _HEADING.sub("", out)
    out = _QUOTE.sub("  ", out)
    out = _STRIKE.sub(lambda m: _struck(m.group(1)), out)
    # parked pieces may hold parked pieces (an escape inside a code span): restore until none
    parked = re.compile("\ue000(\\d+)\ue001")
    while parked.search(out):
        out = parked.sub(lambda m: shelf[int(m.group(1))], out)
    return out


def plain_reply(reply: Reply) -> Reply:
    """A copy of `reply` whose texts carry no markdown (the actions are left as they are)."""
    return replace(
        reply,
        title=strip_markdown(reply.title),
        body=strip_markdown(reply.body),
        fields=[
            Field(strip_markdown(f.name), strip_markdown(f.value), f.inline) for f in reply.fields
        ],
        footer=strip_markdown(reply.footer),
    )


def render_plain(reply: Reply, lang: str = "ru") -> str:
    """`render_text` of the reply without markdown: what the CLI prints in a terminal."""
    return render_text(plain_reply(reply), lang)
