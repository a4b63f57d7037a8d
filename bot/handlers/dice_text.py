"""`/roll` input and output as people type and read them: Cyrillic `к`/`д` accepted, the
expression echoed as typed, and a long roll summarized (the full list comes as a file).

The dice engine (`bot/dice/generic.py`) sees only the normalized expression; this is the
handler layer's translation between what was typed and what the engine reads.
"""

from __future__ import annotations

import re
from dataclasses import replace

from bot.dice.generic import ExprResult
from bot.i18n import plural, t
from bot.reply import Attachment, Reply

# `2к6`, `2д6`, `к20`, `д%`: the Cyrillic letters a Russian keyboard gives for the die `d`;
# `4а` (Cyrillic а) for Mage Wars attack dice `4a`.
_CYRILLIC_D = re.compile(r"(?:(?<=\d)|(?<![\w]))[кКдД](?=\d|%)")
_CYRILLIC_A = re.compile(r"(?<=\d)[аА](?![\w])")
_TYPED_DIE = re.compile(r"\d*[кКдД](?:\d+|%)")
_EXPLODED = re.compile(r"(\d*[dD](\d+))e\2(?!\d)")  # the engine's `1d6e6` for a typed `1d6!`

LONG_TEXT = 400  # a roll shown longer than this is summarized
SHOWN_DICE = 20  # how many dice of a long roll are shown


def normalize_expr(typed: str) -> str:
    """The expression the engine reads: Cyrillic `к`/`д` → `d`, `а` → `a`."""
    return _CYRILLIC_A.sub("a", _CYRILLIC_D.sub("d", typed))


def as_typed(result: ExprResult, typed: str) -> ExprResult:
    """The result echoing the expression as the user typed it (`1d6!`, `2к6`)."""
    text = result.text
    normalized = normalize_expr(typed).strip()
    if "!" in typed:
        text = _EXPLODED.sub(lambda m: f"{m.group(1)}!", text)
    if normalized != typed.strip() and text.startswith(normalized):
        text = typed.strip() + text[len(normalized) :]
    else:  # the engine spaced or completed it (`2d6 (3, 2) + 1`): put back each typed die
        for m in _TYPED_DIE.finditer(typed):
            die = normalize_expr(m.group(0))
            text = re.sub(rf"(?<![\w]){re.escape(die)}(?![\w])", m.group(0), text, count=1)
    return replace(result, expr=typed.strip(), text=text)


def summarize(reply: Reply, result: ExprResult, lang: str) -> Reply:
    """A long roll: the total and the first dice in the reply, every die in `roll.txt`; the
    note counts both, so the player knows how much is left out (English walk 5, MW-7)."""
    if len(reply.body) <= LONG_TEXT:
        return reply
    inner = result.text.partition("(")[2]
    values = [v.strip() for v in inner.split(",")]
    head = ", ".join(values[:SHOWN_DICE])
    expr = result.text.partition("(")[0].strip() or result.expr
    shown = plural("dice.plural.first_shown", min(SHOWN_DICE, len(values)), lang)
    total = f"{len(values):,}".replace(",", "," if lang == "en" else "\u00a0")
    more = t("dice.roll.more_in_file", lang, shown=shown, total=total)
    reply.body = f"{expr} ({head}, …) = `{result.total}`\n{more}"
    reply.attachments.append(Attachment("roll.txt", (result.text + "\n").encode("utf-8")))
    return reply
