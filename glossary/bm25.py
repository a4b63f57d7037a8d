"""BM25 sums for the few text candidates that can place (`TextIndex._search`).

The text search ranks its candidates by the share of the question they hold first; only the
entries whose share reaches the last place that counts need their BM25 sum, so it is summed for
them alone, after the shares, word by word in the order a running sum over every candidate
would have used (the same floats as summing for all).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence


def pool_scores(
    pool: Iterable[int], parts: Sequence[tuple[Mapping[int, int], float]], denom: Sequence[float]
) -> dict[int, float]:
    """The BM25 sum of the `pool` entries only, the few that can place (each word's part added
    in the word order a running sum over every candidate used: the same floats)."""
    out = dict.fromkeys(pool, 0.0)
    wanted = out.keys()
    for items, weight in parts:  # each entry's parts in word order; its pairs found in C
        for i in wanted & items.keys():
            tf = items[i]
            out[i] += weight * tf / (tf + denom[i])
    return out


__all__ = ["pool_scores"]
