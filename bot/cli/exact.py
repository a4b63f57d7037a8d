"""Exact odds as fractions, for the `odds … --json` shapes (`"5/18"` beside the float).

The float engines (`bot/games/<game>/odds.py`) stay the source of every law; each game's
`ui/shapes.py` only recounts them in integers, with the helpers here: the Mage Wars strike
counts over 6**dice are the engine's own (`_strike_counts`), the per-strike chances are
twelfths, Berserk outcomes are 36ths, and WFB casting odds are already integer counts.
Tests check each fraction against the engine's float.
"""

from __future__ import annotations

from fractions import Fraction

D12 = 12
D6_PAIRS = 36


def text(value: Fraction | None) -> str | None:
    """`"5/18"`, `"1"` or `"0"`; None stays None."""
    if value is None:
        return None
    return (
        str(value.numerator) if value.denominator == 1 else f"{value.numerator}/{value.denominator}"
    )


def twelfths(p: float) -> Fraction:
    """A chance the engine counts in twelfths (one d12), read back exactly."""
    return Fraction(p).limit_denominator(D12)


def convolve(a: list[int], b: list[int]) -> list[int]:
    out = [0] * (len(a) + len(b) - 1)
    for i, x in enumerate(a):
        if x:
            for j, y in enumerate(b):
                out[i + j] += x * y
    return out
