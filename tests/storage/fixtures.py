"""Fixtures that run a test on each back end: `target` is an SQLite file or a fresh PG database.

Import them into a test module (`from tests.storage.fixtures import *`). PostgreSQL tests skip
with the reason when no server can be started locally, but fail under CI (CI=true).
"""

from __future__ import annotations

import itertools
import os
import random
from collections.abc import AsyncIterator, Iterator
from pathlib import Path

import asyncpg
import pytest

from bot.app import create_services
from bot.config import Settings
from bot.context import Services
from tests.storage.pgcluster import Cluster, start_cluster

BACKENDS = ["sqlite", "postgresql"]
_names = itertools.count(1)


class PgServer:
    """The running server: a base URL and a way to make empty databases."""

    def __init__(self, url_of: object, cluster: Cluster | None) -> None:
        self.cluster = cluster
        self._url_of = url_of

    def url(self, database: str) -> str:
        assert callable(self._url_of)
        return str(self._url_of(database))

    async def new_database(self) -> str:
        name = f"t{os.getpid()}_{next(_names)}"
        conn = await asyncpg.connect(self.url("postgres"))
        try:
            await conn.execute(f'CREATE DATABASE "{name}" TEMPLATE template0')
        finally:
            await conn.close()
        return self.url(name)


@pytest.fixture(scope="session")
def pg_server() -> Iterator[PgServer]:
    given = os.environ.get("ARBITER_TEST_PG_URL")
    if given:
        yield PgServer(lambda db: _with_db(given, db), None)
        return
    try:
        cluster = start_cluster()
    except Exception as exc:  # no binaries, or the server would not start
        reason = f"PostgreSQL tests need a server: {exc}"
        if os.environ.get("CI", "").lower() == "true":
            pytest.fail(reason + " (CI=true: the PostgreSQL tests must run)", pytrace=False)
        pytest.skip(reason)
    try:
        yield PgServer(cluster.url, cluster)
    finally:
        cluster.remove()


def _with_db(url: str, database: str) -> str:
    head, _, query = url.partition("?")
    scheme_host = head.rsplit("/", 1)[0]
    return f"{scheme_host}/{database}" + (f"?{query}" if query else "")


@pytest.fixture(params=BACKENDS)
async def target(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """A fresh empty database of each back end: an SQLite path or a PostgreSQL URL."""
    if request.param == "sqlite":
        return str(tmp_path / "arbiter.sqlite3")
    server: PgServer = request.getfixturevalue("pg_server")
    return await server.new_database()


@pytest.fixture
async def services(target: str, clock: object) -> AsyncIterator[Services]:
    """The shared `services` fixture, on each back end in turn."""
    svc = await create_services(Settings(), db_path=target, rng=random.Random(1234))
    svc.clock = clock  # type: ignore[assignment]
    svc.started_at = svc.clock()
    try:
        yield svc
    finally:
        await svc.storage.close()


__all__ = ["BACKENDS", "PgServer", "pg_server", "services", "target"]
