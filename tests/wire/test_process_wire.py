"""The real bot process (`python -m bot run` via `tests/wire/launch.py`) against the fake Discord:
SIGTERM and SIGINT close it cleanly, with exit 0 and the database closed; `health` follows its
heartbeat; a pending live-board change is shown before it goes."""

from __future__ import annotations

import asyncio
import os
import signal
import sqlite3
import sys
from collections.abc import AsyncIterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from tests.wire.fakediscord import FAKE_TOKEN, FakeDiscord

ROOT = Path(__file__).resolve().parents[2]
MESSAGES = "/channels/{c}/messages"


@dataclass
class BotProcess:
    proc: asyncio.subprocess.Process
    db: Path
    heartbeat: Path
    env: dict[str, str]

    async def stop(self, sig: signal.Signals, within: float = 5.0) -> tuple[int, str]:
        """Send `sig`; the exit code (the process must end within `within` s) and stderr."""
        self.proc.send_signal(sig)
        rc = await asyncio.wait_for(self.proc.wait(), within)
        assert self.proc.stderr is not None
        return rc, (await self.proc.stderr.read()).decode("utf-8", "replace")


async def _wait_for(path: Path, present: bool, timeout: float) -> None:
    for _ in range(int(timeout / 0.05)):
        if path.exists() == present:
            return
        await asyncio.sleep(0.05)
    raise AssertionError(f"{path} {'never appeared' if present else 'was never removed'}")


@pytest.fixture
async def bot_process(fake_discord: FakeDiscord, tmp_path: Path) -> AsyncIterator[BotProcess]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("ARBITER_", "DISCORD_"))}
    env.update(
        DISCORD_TOKEN=FAKE_TOKEN,
        ARBITER_DB=str(tmp_path / "arbiter.sqlite3"),
        ARBITER_HEARTBEAT=str(tmp_path / "arbiter.heartbeat"),
        PYTHONPATH=str(ROOT),
    )
    proc = await asyncio.create_subprocess_exec(
        sys.executable,
        "-m",
        "tests.wire.launch",
        fake_discord.api_base,
        str(fake_discord.gateway_url),
        "run",
        cwd=tmp_path,
        env=env,
        stdin=asyncio.subprocess.DEVNULL,
        stdout=asyncio.subprocess.DEVNULL,
        stderr=asyncio.subprocess.PIPE,
    )
    running = BotProcess(proc, tmp_path / "arbiter.sqlite3", tmp_path / "arbiter.heartbeat", env)
    try:
        await _wait_for(running.heartbeat, True, 30)  # connected and READY
        yield running
    finally:
        if proc.returncode is None:
            proc.kill()
            await proc.wait()


def _closed_cleanly(db: Path) -> None:
    """A WAL database closed by its last connection is checkpointed and its -wal file gone."""
    assert db.exists()
    assert not Path(f"{db}-wal").exists()
    with sqlite3.connect(db) as conn:
        assert conn.execute("PRAGMA quick_check").fetchone() == ("ok",)
        assert conn.execute("SELECT count(*) FROM schema_version").fetchone()[0] > 0


async def _health(running: BotProcess) -> tuple[int, str]:
    proc = await asyncio.create_subprocess_exec(
        sys.executable,
        "-m",
        "bot",
        "health",
        env=running.env,
        cwd=running.db.parent,
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.STDOUT,
    )
    out, _ = await proc.communicate()
    assert proc.returncode is not None
    return proc.returncode, out.decode()


@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGINT])
async def test_a_stop_signal_closes_the_bot_with_exit_0(
    bot_process: BotProcess, fake_discord: FakeDiscord, sig: signal.Signals
) -> None:
    _, callback = await fake_discord.slash("roll", {"expr": "2d6"}, timeout=10)
    assert callback.status == 204 or callback.status == 200  # it serves
    rc, stderr = await bot_process.stop(sig)
    assert rc == 0, stderr
    assert f"{sig.name} received: closing" in stderr
    assert "Traceback" not in stderr
    _closed_cleanly(bot_process.db)
    assert not bot_process.heartbeat.exists()  # a stopped bot is not healthy


async def test_health_follows_the_heartbeat(bot_process: BotProcess) -> None:
    rc, out = await _health(bot_process)
    assert rc == 0 and out.startswith("health: OK, heartbeat "), out
    rc, _ = await bot_process.stop(signal.SIGTERM)
    assert rc == 0
    rc, out = await _health(bot_process)
    assert rc == 1
    assert out.strip() == (
        f"health: no heartbeat at {bot_process.heartbeat}: the bot is not connected"
    )


async def test_a_pending_live_board_change_is_shown_before_exit(
    bot_process: BotProcess, fake_discord: FakeDiscord
) -> None:
    """A change inside the live board's 2-second edit window is flushed on SIGTERM."""
    since = len(fake_discord.requests)
    await fake_discord.slash(
        "game start", {"game": "mage-wars", "player1": fake_discord.bob, "life": 30}, timeout=10
    )
    await fake_discord.wait_for_request("POST", MESSAGES, since=since, timeout=10)
    await asyncio.sleep(0.1)
    edits_before = len(fake_discord.find("PATCH", MESSAGES + "/{m}"))
    # within 2 s of the post, so the board's edit waits out its window
    _, cb = await fake_discord.slash("dmg", {"target": "bob", "amount": 3}, timeout=10)
    assert "Bob · урон: 0 → 3" in cb.json["data"]["embeds"][0]["description"]
    rc, stderr = await bot_process.stop(signal.SIGTERM)
    assert rc == 0, stderr
    edits = fake_discord.find("PATCH", MESSAGES + "/{m}")
    assert len(edits) > edits_before, "the last change never reached the live board"
    _closed_cleanly(bot_process.db)
