"""Compact monospace bar charts for odds replies (fits an embed field: <= 16 rows)."""

from __future__ import annotations

from collections.abc import Sequence

from bot.dice.chart import distribution_rows

BLOCKS = " ▏▎▍▌▋▊▉█"


def bar(p: float, width: int = 20) -> str:
    """A horizontal bar of `p` × `width` cells, in eighths of a cell."""
    eighths = round(max(0.0, min(1.0, p)) * width * 8)
    full, part = divmod(eighths, 8)
    return ("█" * full + (BLOCKS[part] if part else "")).ljust(width)


def percent(p: float) -> str:
    """One decimal; only a certain (exactly 1) or impossible (exactly 0) figure reads 100% / 0%,
    so a near-certain one never shows «100%» beside a complement of «<0.1%»."""
    if p >= 1 or p <= 0:
        return f"{max(0.0, min(1.0, p)) * 100:.0f}%"
    if p > 0.999:
        return ">99.9%"
    if p < 0.001:
        return "<0.1%"
    return f"{p * 100:.1f}%"


def chart(rows: Sequence[tuple[str, float]], width: int = 20) -> str:
    """Labelled bars scaled to the largest value, in a code block."""
    if not rows:
        return ""
    top = max(p for _, p in rows) or 1.0
    label_w = max(len(label) for label, _ in rows)
    lines = [f"{label.rjust(label_w)} │{bar(p / top, width)} {percent(p)}" for label, p in rows]
    return "```\n" + "\n".join(lines) + "\n```"


def distribution_chart(dist: Sequence[float], width: int = 16) -> str:
    """Damage → bar, P(exactly, or within the bucket) and P(at least the row's low end)."""
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
    lines = []
    for i, (label, (lo, _, p)) in enumerate(zip(labels, rows, strict=True)):
        line = f"{label.rjust(label_w)} │{bar(p / top, width)} {percent(p).rjust(6)}"
        if i > 0:  # the first row's "at least" is every outcome: 100%, not worth a column
            line += f"  ≥{lo}: {percent(sum(dist[lo:]))}"
        lines.append(line)
    return "```\n" + "\n".join(lines) + "\n```"
