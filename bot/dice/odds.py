"""Shared helpers for the exact odds every game's `odds.py` computes (never sampling).

Polynomials are multiplied as packed big integers (Kronecker substitution), so the
per-coefficient work runs in C; float laws are convolved with C-level dot products. Each game
keeps its own odds beside its engine (`bot/games/<game>/odds.py`) and registers its caches here
with `cached_table`, so `clear_caches()` forgets them all (benchmarks measure cold calls).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from functools import cache
from math import comb
from operator import mul
from typing import Any, TypeVar

Dist = list[float]
Law = tuple[float, ...]

_CACHES: list[Any] = []
F = TypeVar("F", bound=Callable[..., Any])


def cached_table(fn: F) -> F:
    """Register an `lru_cache`/`cache`-wrapped table so `clear_caches` forgets it."""
    _CACHES.append(fn)
    return fn


def clear_caches() -> None:
    """Forget every cached table of every game (benchmarks measure the first call with it)."""
    for fn in _CACHES:
        fn.cache_clear()


# ── exact polynomials as packed integers ───────────────────────────────────────────────────────


def pack(coeffs: Iterable[int], width: int) -> int:
    """Coefficients (lowest degree first), `width` bytes each, as one integer."""
    return int.from_bytes(b"".join(c.to_bytes(width, "little") for c in coeffs), "little")


def unpack(value: int, width: int, count: int) -> list[int]:
    raw = value.to_bytes(count * width, "little")
    return [int.from_bytes(raw[i : i + width], "little") for i in range(0, len(raw), width)]


def poly(weights: dict[int, int], width: int) -> int:
    """A packed polynomial from {degree: coefficient}."""
    return pack((weights.get(d, 0) for d in range(max(weights) + 1)), width)


# ── float distributions ────────────────────────────────────────────────────────────────────────


def trim(dist: Dist) -> Dist:
    end = len(dist)
    while end > 1 and dist[end - 1] == 0.0:
        end -= 1
    return dist[:end]


def convolve(a: Sequence[float], b: Sequence[float]) -> Dist:
    """The law of a sum of two independent variables (one C-level dot product per output)."""
    if len(a) < len(b):
        a, b = b, a
    la, lb = len(a), len(b)
    a, rb = list(a), list(b)[::-1]
    out: Dist = []
    for t in range(la + lb - 1):
        lo = max(0, t - lb + 1)
        hi = min(t, la - 1) + 1
        start = lb - 1 - t + lo
        out.append(sum(map(mul, a[lo:hi], rb[start : start + hi - lo])))
    return out


def square(a: Sequence[float]) -> Dist:
    """`convolve(a, a)` with half the products: a[i]·a[t−i] and a[t−i]·a[i] are one term."""
    n = len(a)
    a = list(a)
    ra = a[::-1]
    out: Dist = []
    for t in range(2 * n - 1):
        lo = max(0, t - n + 1)
        half = (t + 1) // 2  # pairs i < t − i
        s = sum(map(mul, a[lo:half], ra[n - 1 - t + lo : n - 1 - t + half])) if half > lo else 0.0
        s += s
        if t % 2 == 0:
            s += a[t // 2] * a[t // 2]
        out.append(s)
    return out


@cached_table
@cache
def binomial(n: int, p: float) -> tuple[float, ...]:
    return tuple(comb(n, k) * p**k * (1 - p) ** (n - k) for k in range(n + 1))
