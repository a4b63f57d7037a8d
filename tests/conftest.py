"""Shared fixtures: services over an in-memory database with a seeded RNG and a fixed clock."""

from __future__ import annotations

import random
from collections.abc import AsyncIterator

import pytest

from bot.app import create_services
from bot.config import Settings
from bot.console import Console
from bot.context import Services


class FakeClock:
    """Injected time: tests move it forward instead of sleeping."""

    def __init__(self, start: float = 1_800_000_000.0) -> None:
        self.now = start

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += seconds


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


@pytest.fixture
async def services(clock: FakeClock) -> AsyncIterator[Services]:
    svc = await create_services(Settings(), db_path=":memory:", rng=random.Random(1234))
    svc.clock = clock
    svc.started_at = clock()
    try:
        yield svc
    finally:
        await svc.storage.close()


@pytest.fixture
def console(services: Services) -> Console:
    return Console(services, user="alice", channel="table", lang="ru")
