"""Pearson's chi-square goodness of fit, computed by hand (no scipy).

Critical values come from the Wilson–Hilferty approximation
chi2_crit(df) = df * (1 - 2/(9 df) + z * sqrt(2/(9 df)))**3 with z = 3.0902, the upper 0.1 %
point of the standard normal: a correct engine fails a given seed with probability ~0.001, and
the seeds are fixed, so the tests are deterministic.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Hashable, Mapping
from math import sqrt
from typing import TypeVar

K = TypeVar("K", bound=Hashable)

Z_999 = 3.0902
MIN_EXPECTED = 5.0


def critical_value(df: int, z: float = Z_999) -> float:
    return df * (1 - 2 / (9 * df) + z * sqrt(2 / (9 * df))) ** 3


def chi_square(observed: Counter[K], expected_p: Mapping[K, float], n: int) -> tuple[float, int]:
    """`(statistic, degrees of freedom)`; rare outcomes are pooled until each cell expects >= 5."""
    assert abs(sum(expected_p.values()) - 1) < 1e-9
    unknown = set(observed) - {k for k, p in expected_p.items() if p > 0}
    assert not unknown, f"outcomes the exact odds call impossible: {sorted(map(str, unknown))}"
    cells: list[tuple[float, int]] = []
    pool_e, pool_o = 0.0, 0
    for key, p in sorted(expected_p.items(), key=lambda kv: kv[1]):
        pool_e += p * n
        pool_o += observed.get(key, 0)
        if pool_e >= MIN_EXPECTED:
            cells.append((pool_e, pool_o))
            pool_e, pool_o = 0.0, 0
    if pool_e > 0 and cells:
        e, o = cells.pop()
        cells.append((e + pool_e, o + pool_o))
    stat = sum((o - e) ** 2 / e for e, o in cells)
    return stat, max(1, len(cells) - 1)


def assert_fits(observed: Counter[K], expected_p: Mapping[K, float], n: int) -> None:
    stat, df = chi_square(observed, expected_p, n)
    crit = critical_value(df)
    assert stat < crit, f"chi-square {stat:.1f} >= {crit:.1f} (df={df})"
