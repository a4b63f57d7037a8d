"""Injected time for tests."""

from __future__ import annotations


class FakeClock:
    """Injected time: tests move it forward instead of sleeping."""

    def __init__(self, start: float = 1_800_000_000.0) -> None:
        self.now = start

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += seconds
