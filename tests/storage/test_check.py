"""`python -m bot check` opens the configured database: a good one is reported, a random-bytes
file, damaged pages or a read-only file fail the check."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from bot.app import create_services
from bot.checks import run_checks
from bot.cli import main
from bot.config import Settings
from bot.handlers import tracker_ops as service
from bot.storage.check import inspect
from bot.storage.db import load_migrations
from bot.storage.sqlite import MIGRATIONS_DIR as SQLITE_DIR
from tests.storage.faults_support import ctx
from tests.storage.test_faults import corrupt


async def test_a_good_database_is_reported(tmp_path: Path) -> None:
    path = tmp_path / "a.sqlite3"
    svc = await create_services(Settings(), db_path=path)
    await service.start(ctx(svc), "custom", [], {"life": 20})
    await svc.storage.close()
    report, problems = await inspect(path)
    assert problems == []
    latest = load_migrations(SQLITE_DIR)[-1].version
    assert any(f"schema version {latest} of {latest}" in line for line in report)
    assert any("1 games, 1 active" in line for line in report)


async def test_a_missing_file_is_only_reported(tmp_path: Path) -> None:
    report, problems = await inspect(tmp_path / "none.sqlite3")
    assert problems == [] and "does not exist yet" in report[0]
    assert not (tmp_path / "none.sqlite3").exists()


async def test_random_bytes_and_damaged_pages_fail(tmp_path: Path) -> None:
    junk = tmp_path / "junk.sqlite3"
    junk.write_bytes(random.Random(1).randbytes(16384))
    _, problems = await inspect(junk)
    assert len(problems) == 1 and "not a database" in problems[0]
    path = tmp_path / "a.sqlite3"
    svc = await create_services(Settings(), db_path=path)
    await service.start(ctx(svc), "custom", [], {"life": 20})
    for _ in range(200):
        await service.add(ctx(svc), "alice", "life", 1)
    await svc.storage.db.fetch("PRAGMA wal_checkpoint(TRUNCATE)")
    await svc.storage.close()
    corrupt(path)
    _, problems = await inspect(path)
    assert problems and "damaged" in problems[0]


def test_check_command_fails_on_random_bytes(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    junk = tmp_path / "junk.sqlite3"
    junk.write_bytes(random.Random(2).randbytes(8192))
    monkeypatch.setenv("ARBITER_DB", str(junk))
    monkeypatch.delenv("ARBITER_DATABASE_URL", raising=False)
    _, problems = run_checks()
    assert any(p.startswith("database: ARBITER_DB: cannot use") for p in problems)
    assert main(["check"]) == 1
    assert "database: ARBITER_DB" in capsys.readouterr().err


@pytest.mark.parametrize("setting", ["ARBITER_DB", "ARBITER_DATABASE_URL"])
def test_an_unusable_database_stops_start_up_in_one_line(tmp_path: Path, setting: str) -> None:
    """Exit 2 and one line naming the setting: random bytes, or no server on the port."""
    import os
    import subprocess
    import sys

    junk = tmp_path / "junk.sqlite3"
    junk.write_bytes(random.Random(4).randbytes(8192))
    value = str(junk) if setting == "ARBITER_DB" else "postgresql://x@127.0.0.1:1/db"
    env = {**os.environ, "ARBITER_DB": str(junk), "ARBITER_DATABASE_URL": ""}
    env[setting] = value
    env.pop("DISCORD_TOKEN", None)
    done = subprocess.run(
        [sys.executable, "-m", "bot", "console"],
        input="",
        capture_output=True,
        text=True,
        env=env,
        timeout=60,
        check=False,
    )
    assert done.returncode == 2
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith(f"arbiter: {setting}: "), done.stderr
