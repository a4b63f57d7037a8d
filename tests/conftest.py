"""Shared fixtures: services over an in-memory database with a seeded RNG and a fixed clock."""

from __future__ import annotations

import random
from collections.abc import AsyncIterator

import pytest

from bot.app import create_services
from bot.config import Settings
from bot.console import Console
from bot.context import Services
from tests.helpers.clock import FakeClock


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
