"""The last pass over every text the bot sends: what no reply may carry, whoever wrote it.

Handlers escape the user text they echo (`bot.tracker.names.md`). This pass is the backstop at
the rendering boundary and is idempotent, so text escaped before is escaped exactly once:

- bidi controls (U+202E and friends) are dropped: a name must not reverse the line it is on;
- an unescaped `](` is escaped, so no typed `[text](url)` becomes a masked link;
- a star right after a digit (`2*`, a critical attack die) is escaped, so two on one line
  do not turn the text between them into italics.
"""

from __future__ import annotations

import re

BIDI_CONTROLS = frozenset(
    "\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069"
)
_BIDI = re.compile("[" + "".join(sorted(BIDI_CONTROLS)) + "]")
_MASKED_LINK = re.compile(r"(?<!\\)\]\(")
_DIGIT_STAR = re.compile(r"(?<=\d)\*(?!\*)")
# Code blocks and spans (not opened by an escaped backtick); split() keeps them at odd indexes.
_CODE = re.compile(r"((?<!\\)```.*?```|(?<!\\)`[^`\n]*`)", re.DOTALL)


def strip_bidi(text: str) -> str:
    """`text` without bidi embedding, override and isolate controls (and LRM/RLM/ALM)."""
    return _BIDI.sub("", text)


def discord_safe(text: str) -> str:
    """`text` as Discord markdown may show it (see the module docstring); idempotent.

    Code spans and blocks are left as they are: Discord shows a backslash in them literally,
    and nothing in them is markdown anyway.
    """
    if not text:
        return text
    parts = _CODE.split(strip_bidi(text))
    return "".join(part if i % 2 else _escape(part) for i, part in enumerate(parts))


def _escape(text: str) -> str:
    text = _MASKED_LINK.sub(r"\\](", text)
    # `**6**` (bold) keeps its stars: only a lone star after a digit is escaped.
    return _DIGIT_STAR.sub(r"\\*", text)
