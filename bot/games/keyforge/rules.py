"""KeyForge's numbers: the key cost, three keys to win, and the chain penalty on the draw."""

from __future__ import annotations

KEYS_TO_WIN = 3
KEY_COST = 6
HAND = 6


def chain_penalty(chains: int) -> int:
    """Cards fewer drawn for `chains` chains: 1–6 → 1, 7–12 → 2, 13–18 → 3, 19–24 → 4."""
    if chains <= 0:
        return 0
    return min(4, (chains - 1) // 6 + 1)
