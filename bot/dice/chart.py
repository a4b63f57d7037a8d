"""Bucketing an odds distribution for a chart: <= MAX_ROWS rows, negligible tails folded.

The numbers only; the text chart drawn from them is presentation (`bot/handlers/dice_chart.py`).
"""

from __future__ import annotations

from collections.abc import Sequence

MAX_ROWS = 16
TAIL = 0.0005  # outcomes beyond this much mass on either side are folded into the end rows


def distribution_rows(dist: Sequence[float]) -> list[tuple[int, int, float]]:
    """`(lo, hi, P(lo <= X <= hi))` rows covering a distribution over 0..n in <= MAX_ROWS rows.

    Negligible tails are folded into the first and last rows; a wide middle is bucketed evenly.
    """
    n = len(dist)
    lo, acc = 0, 0.0
    while lo < n - 1 and acc + dist[lo] < TAIL:
        acc += dist[lo]
        lo += 1
    hi, acc = n - 1, 0.0
    while hi > lo and acc + dist[hi] < TAIL:
        acc += dist[hi]
        hi -= 1
    span = hi - lo + 1
    step = -(-span // MAX_ROWS)
    rows: list[tuple[int, int, float]] = []
    for start in range(lo, hi + 1, step):
        end = min(hi, start + step - 1)
        first = 0 if start == lo else start
        last = n - 1 if end == hi else end
        rows.append((start, end, sum(dist[first : last + 1])))
    return rows
