"""Compact monospace bar charts for odds replies (fits an embed field: <= 16 rows, and a phone:
<= 32 columns, so no line wraps). Percentages follow the reader's language (`44,4 %`)."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from bot.dice.chart import distribution_rows
from bot.i18n import decimal

BLOCKS = " ▏▎▍▌▋▊▉█"
MAX_COLUMNS = 32  # a phone shows about this many monospace characters without wrapping
MIN_BAR = 4


def bar(p: float, width: int = 20) -> str:
    """A horizontal bar of `p` × `width` cells, in eighths of a cell."""
    eighths = round(max(0.0, min(1.0, p)) * width * 8)
    full, part = divmod(eighths, 8)
    return ("█" * full + (BLOCKS[part] if part else "")).ljust(width)


def percent(p: float, lang: str) -> str:
    """One decimal; only a certain (exactly 1) or impossible (exactly 0) figure reads 100% / 0%,
    so a near-certain one never shows «100%» beside a complement of «<0.1%». Russian writes a
    decimal comma and a space before the sign (`44,4 %`); the language is required, so no
    reply falls back to the English form silently."""
    if p >= 1 or p <= 0:
        text = f"{max(0.0, min(1.0, p)) * 100:.0f}%"
    elif p > 0.999:
        text = ">99.9%"
    elif p < 0.001:
        text = "<0.1%"
    else:
        text = f"{decimal(p * 100, 'en', 1)}%"
    return text.replace(".", ",").replace("%", "\u00a0%") if lang == "ru" else text


def _bar_width(used: int) -> int:
    """The bar cells left on a line whose other parts take `used` columns."""
    return max(MIN_BAR, MAX_COLUMNS - used)


def chart(rows: Sequence[tuple[str, float]], lang: str) -> str:
    """Labelled bars scaled to the largest value, in a code block (<= 32 columns)."""
    if not rows:
        return ""
    top = max(p for _, p in rows) or 1.0
    label_w = max(len(label) for label, _ in rows)
    shown = [percent(p, lang) for _, p in rows]
    width = _bar_width(label_w + 3 + max(len(s) for s in shown))
    lines = [
        f"{label.rjust(label_w)} │{bar(p / top, width)} {text}"
        for (label, p), text in zip(rows, shown, strict=True)
    ]
    return "```\n" + "\n".join(lines) + "\n```"


def distribution_chart(dist: Sequence[float], lang: str) -> str:
    """Damage → bar, P(exactly, or within the bucket) and P(at least the row's low end), in a
    code block of <= 32 columns; the field's name says which column is which («ровно», «не
    меньше»): a `≥` glued to `<0,1 %` read as «≥<» (playtest 3 slip 20)."""
    rows = distribution_rows(dist)
    if not rows:
        return ""
    last = len(dist) - 1
    labels = []
    for i, (a, b, _) in enumerate(rows):
        if i == 0 and a > 0:
            labels.append(f"≤{b}")  # the folded lower tail
        elif i == len(rows) - 1 and b < last:
            labels.append(f"{a}+")
        else:
            labels.append(str(a) if a == b else f"{a}-{b}")
    label_w = max(len(x) for x in labels)
    top = max(p for _, _, p in rows) or 1.0
    exact = [percent(p, lang) for _, _, p in rows]
    at_least = [percent(sum(dist[lo:]), lang) for lo, _, _ in rows]
    exact_w = max(len(x) for x in exact)
    least_w = max(len(x) for x in at_least[1:]) + 2 if len(rows) > 1 else 0
    width = _bar_width(label_w + 3 + exact_w + least_w)
    lines = []
    for i, (label, (_, _, p)) in enumerate(zip(labels, rows, strict=True)):
        line = f"{label.rjust(label_w)} │{bar(p / top, width)} {exact[i].rjust(exact_w)}"
        if i > 0:  # the first row's "at least" is every outcome: 100%, not worth a column
            line += f"  {at_least[i].rjust(least_w - 2)}"
        lines.append(line)
    return "```\n" + "\n".join(lines) + "\n```"


def lang_of(tr: Callable[..., str]) -> str:
    """The language `tr` speaks (the catalogue's `format.lang`), for numbers and percentages."""
    return "ru" if tr("format.lang") == "ru" else "en"


def pct(tr: Callable[..., str], p: float) -> str:
    return percent(p, lang_of(tr))


def mean(tr: Callable[..., str], x: float) -> str:
    return decimal(x, lang_of(tr))
