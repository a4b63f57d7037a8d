"""One serving process per database and shard (issue 18, defect 2), with real processes: while
a bot serves an SQLite file (or a PostgreSQL database, all shards), a second `python -m bot run`
on it is refused with one line, Russian first, and exit 2, before it migrates or connects; the
first goes on serving; once it has stopped, the next one starts. The console is not blocked."""

from __future__ import annotations

import asyncio
import os
import signal
import sys
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.i18n import t
from tests.storage.fixtures import PgServer, pg_server
from tests.wire.fakediscord import FAKE_TOKEN, FakeDiscord

__all__ = ["pg_server"]
ROOT = Path(__file__).resolve().parents[2]


def _env(tmp_path: Path, name: str, **settings: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("ARBITER_", "DISCORD_"))}
    env.update(
        DISCORD_TOKEN=FAKE_TOKEN,
        ARBITER_DB=str(tmp_path / "arbiter.sqlite3"),
        ARBITER_HEARTBEAT=str(tmp_path / f"{name}.heartbeat"),
        ARBITER_LOCALE="ru",
        PYTHONPATH=str(ROOT),
        **settings,
    )
    return env


async def _start(fake: FakeDiscord, env: dict[str, str], cwd: Path) -> asyncio.subprocess.Process:
    return await asyncio.create_subprocess_exec(
        sys.executable,
        "-m",
        "tests.wire.launch",
        fake.api_base,
        str(fake.gateway_url),
        "run",
        cwd=cwd,
        env=env,
        stdin=asyncio.subprocess.DEVNULL,
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.PIPE,
    )


async def _serving(proc: asyncio.subprocess.Process, heartbeat: Path) -> None:
    for _ in range(600):  # connected and READY: up to 30 s under load
        if heartbeat.exists():
            return
        assert proc.returncode is None, "the first bot process ended"
        await asyncio.sleep(0.05)
    raise AssertionError("the first bot process never became ready")


async def _refused(fake: FakeDiscord, env: dict[str, str], cwd: Path, where: str) -> None:
    second = await _start(fake, env, cwd)
    out, err = await asyncio.wait_for(second.communicate(), 60)
    assert second.returncode == 2, err.decode()
    lines = err.decode().strip().splitlines()
    assert len(lines) == 1 and not out, (out, err)
    assert lines[0].startswith("arbiter: Эту базу данных") and where in lines[0]
    assert "ARBITER_SHARD_IDS" in lines[0] and "Traceback" not in err.decode()


@pytest.fixture
async def first(
    fake_discord: FakeDiscord, tmp_path: Path, request: pytest.FixtureRequest
) -> AsyncIterator[tuple[asyncio.subprocess.Process, dict[str, str]]]:
    settings: dict[str, str] = getattr(request, "param", {})
    env = _env(tmp_path, "first", **settings)
    proc = await _start(fake_discord, env, tmp_path)
    try:
        await _serving(proc, tmp_path / "first.heartbeat")
        yield proc, env
    finally:
        if proc.returncode is None:
            proc.kill()
            await proc.wait()


async def test_a_second_process_on_one_sqlite_file_exits_2(
    first: tuple[asyncio.subprocess.Process, dict[str, str]],
    fake_discord: FakeDiscord,
    tmp_path: Path,
) -> None:
    proc, env = first
    db = env["ARBITER_DB"]
    await _refused(fake_discord, {**env, "ARBITER_HEARTBEAT": str(tmp_path / "2.hb")}, tmp_path, db)
    _, callback = await fake_discord.slash("roll", {"expr": "2d6"}, timeout=20)
    assert callback.status in (200, 204)  # the first one goes on serving
    console = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "bot", "console", "--user", "alice", "--channel", "table",
        cwd=tmp_path, env=env, stdin=asyncio.subprocess.PIPE,
        stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE,
    )  # fmt: skip
    out, _ = await asyncio.wait_for(console.communicate(b"/roll expr:1d6\n"), 60)
    assert console.returncode == 0 and out  # the offline console is not blocked
    proc.send_signal(signal.SIGTERM)
    assert await asyncio.wait_for(proc.wait(), 15) == 0
    again = await _start(
        fake_discord, {**env, "ARBITER_HEARTBEAT": str(tmp_path / "3.hb")}, tmp_path
    )
    try:  # the lock went with the first process: the next one serves
        await _serving(again, tmp_path / "3.hb")
    finally:
        again.kill()
        await again.wait()


async def test_an_overlapping_shard_on_postgresql_exits_2(
    fake_discord: FakeDiscord, tmp_path: Path, pg_server: PgServer
) -> None:
    url = await pg_server.new_database()
    env = _env(tmp_path, "first", ARBITER_DATABASE_URL=url)
    proc = await _start(fake_discord, env, tmp_path)
    try:
        await _serving(proc, tmp_path / "first.heartbeat")  # every shard: the whole bot
        shard = {"ARBITER_SHARD_COUNT": "2", "ARBITER_SHARD_IDS": "1"}
        await _refused(
            fake_discord, {**env, **shard, "ARBITER_HEARTBEAT": "x"}, tmp_path, "шарды 1"
        )
    finally:
        proc.kill()
        await proc.wait()


def test_the_refusal_is_in_the_catalogue_in_both_languages() -> None:
    ru = t("storage.lock.held", "ru", where="a.sqlite3", shards="все шарды")
    en = t("storage.lock.held", "en", where="a.sqlite3", shards="все шарды")
    assert ru != en and "a.sqlite3" in ru and "a.sqlite3" in en and "\n" not in ru + en
