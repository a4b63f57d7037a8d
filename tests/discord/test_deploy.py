"""The deployable process: `run` without a token, the heartbeat and `health`, and the image and
compose settings that make `docker stop` clean and builds repeatable."""

from __future__ import annotations

import argparse
import json
import re
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

from bot.cli.deploy import cmd_health
from bot.config import load_settings
from bot.discord.heartbeat import (
    check_beat,
    heartbeat_of,
    heartbeat_path,
    remove_beat,
    write_beat,
)

ROOT = Path(__file__).resolve().parents[2]


def test_run_without_a_token_fails_fast_with_a_clear_line(tmp_path: Path) -> None:
    env = {"PATH": "/usr/bin:/bin", "PYTHONPATH": str(ROOT), "ARBITER_DB": str(tmp_path / "a.db")}
    done = subprocess.run(
        [sys.executable, "-m", "bot", "run"],
        cwd=tmp_path,
        env=env,
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 2
    assert done.stdout == ""
    assert done.stderr.strip() == (
        "arbiter run: DISCORD_TOKEN is not set; put the bot token in the environment (or .env)."
        " For the offline console run `python -m bot console` in a terminal."
    )


def test_heartbeat_age_decides_health(tmp_path: Path) -> None:
    beat = tmp_path / "a.heartbeat"
    assert not check_beat(beat).ok
    assert check_beat(beat).message == f"health: no heartbeat at {beat}: the bot is not connected"
    write_beat(beat, 0.0421, now=1000.0)
    assert json.loads(beat.read_text()) == {"time": 1000.0, "latency_ms": 42.1}
    fresh = check_beat(beat, max_age=120, now=1030.0)
    assert fresh.ok and fresh.message == "health: OK, heartbeat 30 s ago, gateway latency 42.1 ms"
    stale = check_beat(beat, max_age=120, now=1121.0)
    assert not stale.ok and stale.message == "health: last heartbeat 121 s ago (limit 120 s)"
    write_beat(beat, float("inf"), now=1000.0)  # no latency measured yet
    assert check_beat(beat, now=1000.0).message == "health: OK, heartbeat 0 s ago"
    beat.write_text("garbage")
    assert not check_beat(beat).ok and "unreadable heartbeat" in check_beat(beat).message
    remove_beat(beat)
    remove_beat(beat)  # twice is fine
    assert not beat.exists()


def test_heartbeat_path() -> None:
    assert heartbeat_path("/data/arbiter.sqlite3", {}) == Path("/data/arbiter.heartbeat")
    assert heartbeat_path("x.db", {"ARBITER_HEARTBEAT": "/tmp/hb"}) == Path("/tmp/hb")
    # a process running chosen shards names them, in order
    assert heartbeat_path("/data/arbiter.sqlite3", {}, (1, 0)) == Path(
        "/data/arbiter.shards-0-1.heartbeat"
    )
    assert heartbeat_path("x.db", {"ARBITER_HEARTBEAT": "/tmp/hb"}, (2,)) == Path("/tmp/hb")


def test_shard_processes_on_one_volume_keep_their_own_health(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Two shard processes sharing one data folder: each `health` reads its own beat, the one
    its `run` writes, so a healthy shard is never reported by its stopped neighbour's file."""
    base = {"ARBITER_DB": str(tmp_path / "arbiter.sqlite3"), "ARBITER_SHARD_COUNT": "4"}
    first = load_settings({**base, "ARBITER_SHARD_IDS": "0,1"}, dotenv=False)
    second = load_settings({**base, "ARBITER_SHARD_IDS": "2,3"}, dotenv=False)
    assert heartbeat_of(first) == tmp_path / "arbiter.shards-0-1.heartbeat"
    assert heartbeat_of(second) == tmp_path / "arbiter.shards-2-3.heartbeat"
    write_beat(heartbeat_of(first), 0.05)
    args = argparse.Namespace(max_age=None)
    assert cmd_health(args, first) == 0
    assert cmd_health(args, second) == 1
    assert "no heartbeat at" in capsys.readouterr().err
    override = load_settings({**base, "ARBITER_HEARTBEAT": str(tmp_path / "hb")}, dotenv=False)
    assert heartbeat_of(override) == tmp_path / "hb"
    assert heartbeat_of(load_settings(base, dotenv=False)) == tmp_path / "arbiter.heartbeat"


def test_dockerfile_runs_the_bot_and_caches_dependencies_first() -> None:
    text = (ROOT / "Dockerfile").read_text()
    assert 'CMD ["python", "-m", "bot", "run"]' in text
    assert 'CMD ["python", "-m", "bot", "health"]' in text
    # the dependency layer is built from the pinned list before any source is copied
    assert text.index("COPY constraints.txt") < text.index("COPY bot ")
    assert text.index("-r constraints.txt") < text.index("COPY bot ")


def test_compose_forwards_signals_and_waits_for_a_clean_stop() -> None:
    text = (ROOT / "docker-compose.yml").read_text()
    assert re.search(r"^\s+init: true$", text, re.M)
    grace = re.search(r"^\s+stop_grace_period: (\d+)s$", text, re.M)
    assert grace and int(grace.group(1)) > 5  # the bot closes within 5 s


def test_license_matches_pyproject_and_tools_are_pinned() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())
    assert project["project"]["license"] == "MIT"
    assert (ROOT / "LICENSE").read_text().startswith("MIT License\n")
    dev = project["project"]["optional-dependencies"]["dev"]
    assert any(re.fullmatch(r"ruff==[\d.]+", d) for d in dev)
    assert any(re.fullmatch(r"mypy==[\d.]+", d) for d in dev)


@pytest.mark.parametrize("name", ["discord.py", "asyncpg", "d20", "rapidfuzz", "prometheus_client"])
def test_constraints_pin_every_runtime_dependency(name: str) -> None:
    pins = {
        line.split("==")[0].casefold()
        for line in (ROOT / "constraints.txt").read_text().splitlines()
        if "==" in line and not line.startswith("#")
    }
    assert name.casefold() in pins


@pytest.mark.parametrize("command", ["run", "console"])
def test_a_failed_database_open_is_one_line_and_no_traceback(tmp_path: Path, command: str) -> None:
    """The database worker must not report to a closed loop (`Event loop is closed`, 24 lines)."""
    (tmp_path / "adir").mkdir()
    env = {
        "PATH": "/usr/bin:/bin",
        "PYTHONPATH": str(ROOT),
        "ARBITER_DB": str(tmp_path / "adir"),  # a folder, not a database file
        "DISCORD_TOKEN": "fake-bot-token.for-wire-tests.not-a-secret",
    }
    for _ in range(3):  # it was a race: try a few times
        done = subprocess.run(
            [sys.executable, "-m", "bot", command],
            cwd=tmp_path,
            env=env,
            stdin=subprocess.DEVNULL,
            capture_output=True,
            text=True,
            timeout=60,
        )
        assert done.returncode == 2
        assert done.stderr.splitlines() == [
            f"arbiter: ARBITER_DB: cannot open '{tmp_path / 'adir'}': unable to open database file"
        ]
