"""The real bot process (`python -m bot run` via `tests/wire/launch.py`) against the fake Discord:
SIGTERM and SIGINT close it cleanly, with exit 0 and the database closed; `health` follows its
heartbeat; a pending live-board change is shown before it goes."""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import signal
import socket
import sqlite3
import sys
from collections.abc import AsyncIterator
from dataclasses import dataclass
from pathlib import Path

import aiohttp
import pytest

from tests.wire.fakediscord import (
    APPLICATION_COMMAND,
    EPHEMERAL_FLAG,
    FAKE_TOKEN,
    FakeDiscord,
    embed_text,
)

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
    async with _bot_process(fake_discord, tmp_path) as running:
        yield running


@contextlib.asynccontextmanager
async def _bot_process(
    fake_discord: FakeDiscord, tmp_path: Path, **extra_env: str
) -> AsyncIterator[BotProcess]:
    """`python -m bot run` against `fake_discord`, connected and READY; killed on the way out."""
    env = {k: v for k, v in os.environ.items() if not k.startswith(("ARBITER_", "DISCORD_"))}
    env.update(
        DISCORD_TOKEN=FAKE_TOKEN,
        ARBITER_DB=str(tmp_path / "arbiter.sqlite3"),
        ARBITER_HEARTBEAT=str(tmp_path / "arbiter.heartbeat"),
        PYTHONPATH=str(ROOT),
        **extra_env,
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
    assert "Bob · повреждения: 0 → 3" in cb.json["data"]["embeds"][0]["description"]
    rc, stderr = await bot_process.stop(signal.SIGTERM)
    assert rc == 0, stderr
    edits = fake_discord.find("PATCH", MESSAGES + "/{m}")
    assert len(edits) > edits_before, "the last change never reached the live board"
    _closed_cleanly(bot_process.db)


def _rolls(db: Path) -> int:
    with contextlib.closing(sqlite3.connect(db)) as conn:
        count: int = conn.execute("SELECT count(*) FROM rolls").fetchone()[0]
    return count


async def test_sigterm_during_a_burst_answers_every_committed_change(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    """Every reply takes 2 s after its roll is stored (a slow link to Discord). SIGTERM while a
    burst is in that window: each stored roll still gets its reply before the process exits, and
    commands arriving after the signal are refused in words, privately, and store nothing."""
    async with _bot_process(fake_discord, tmp_path, ARBITER_TEST_REPLY_DELAY="2.0") as running:
        burst = [
            await fake_discord.send_interaction(
                APPLICATION_COMMAND, fake_discord.command_data("roll", {"expr": "1d6"})
            )
            for _ in range(8)
        ]
        for _ in range(100):  # all 8 stored, none answered yet
            if _rolls(running.db) == 8:
                break
            await asyncio.sleep(0.02)
        assert _rolls(running.db) == 8
        assert not fake_discord.find("POST", "/interactions/{i}/{t}/callback")
        running.proc.send_signal(signal.SIGTERM)
        await asyncio.sleep(0.3)  # the stop has begun; the gateway is still open
        late = await fake_discord.send_interaction(
            APPLICATION_COMMAND, fake_discord.command_data("roll", {"expr": "1d6"})
        )
        refusal = await fake_discord.wait_for_callback(late, timeout=5)
        rc = await asyncio.wait_for(running.proc.wait(), 5)
        assert running.proc.stderr is not None
        stderr = (await running.proc.stderr.read()).decode("utf-8", "replace")
    assert rc == 0, stderr
    assert "Traceback" not in stderr
    for sent in burst:
        callback = await fake_discord.wait_for_callback(sent, timeout=0.1)
        assert callback.status == 200
        assert "1d6" in embed_text(callback.json["data"]["embeds"])
    data = refusal.json["data"]
    assert data["flags"] & EPHEMERAL_FLAG
    assert "Бот перезапускается и сейчас не принимает команды" in embed_text(data["embeds"])
    assert _rolls(running.db) == 8  # the refused command changed nothing
    _closed_cleanly(running.db)


@pytest.mark.parametrize("log_format", ["text", "json"])
async def test_a_stop_while_discord_is_unreachable_exits_0_within_5_s(
    fake_discord: FakeDiscord, tmp_path: Path, log_format: str
) -> None:
    """Discord goes down (the gateway drops; every request is then answered 503) and the bot
    sleeps out a 30 s reconnect back-off when SIGTERM comes: it still exits 0 in under 5 s.
    The reconnect is one log line, not a traceback, in either log format."""
    async with _bot_process(
        fake_discord, tmp_path, ARBITER_TEST_BACKOFF="30", ARBITER_LOG_FORMAT=log_format
    ) as running:
        await fake_discord.go_down()
        await asyncio.sleep(1.0)  # the drop is seen; the back-off has begun
        loop = asyncio.get_running_loop()
        started = loop.time()
        rc, stderr = await running.stop(signal.SIGTERM, within=10)
        took = loop.time() - started
    assert rc == 0, stderr
    assert took < 5, f"the stop took {took:.1f} s"
    assert "Traceback" not in stderr
    lines = stderr.splitlines()
    if log_format == "json":
        records = [json.loads(line) for line in lines]  # every line is one JSON object
        assert {"time", "level", "logger", "message"} <= set(records[0])
        logged = [(r["level"], r["message"]) for r in records]
    else:
        logged = [(line.split()[2], line) for line in lines]  # date, time, level, …
    messages = [m for _, m in logged]
    reconnects = [(lv, m) for lv, m in logged if "Attempting a reconnect in 30.00s" in m]
    assert len(reconnects) == 1, stderr
    level, message = reconnects[0]
    assert level == "WARNING"  # routine: the bot retries by itself
    assert "(WSServerHandshakeError: 503" in message
    assert any(m.endswith("SIGTERM received: closing") for m in messages)
    _closed_cleanly(running.db)


def _free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
    return port


def _sample(text: str, name: str, **labels: str) -> float | None:
    """One sample's value in a Prometheus text exposition, or None if it is absent."""
    wanted = ",".join(f'{k}="{v}"' for k, v in labels.items())
    head = f"{name}{{{wanted}}}" if labels else name
    for line in text.splitlines():
        if line.startswith(head + " "):
            return float(line.rsplit(" ", 1)[1])
    return None


async def test_metrics_are_scraped_on_127_0_0_1(fake_discord: FakeDiscord, tmp_path: Path) -> None:
    """`ARBITER_METRICS_PORT` serves `/metrics` on 127.0.0.1: commands by outcome, their
    latency, and the gateway's state."""
    port = _free_port()
    async with _bot_process(fake_discord, tmp_path, ARBITER_METRICS_PORT=str(port)) as running:
        await fake_discord.slash("roll", {"expr": "2d6"}, timeout=10)
        await fake_discord.slash("roll", {"expr": "1d0"}, timeout=10)  # refused in words
        async with aiohttp.ClientSession() as session:
            for _ in range(100):  # a reply is counted once sent: just after Discord has it
                async with session.get(f"http://127.0.0.1:{port}/metrics") as response:
                    assert response.status == 200
                    text = await response.text()
                if _sample(text, "arbiter_command_seconds_count", command="roll") == 2:
                    break
                await asyncio.sleep(0.05)
        rc, stderr = await running.stop(signal.SIGTERM)
    assert rc == 0, stderr
    assert _sample(text, "arbiter_commands_total", command="roll", outcome="ok") == 1
    assert _sample(text, "arbiter_commands_total", command="roll", outcome="refused") == 1
    assert _sample(text, "arbiter_command_seconds_count", command="roll") == 2
    assert _sample(text, "arbiter_command_seconds_bucket", command="roll", le="+Inf") == 2
    assert _sample(text, "arbiter_gateway_up") == 1
    assert "arbiter_errors_total" in text and "arbiter_database_faults_total" in text
    assert f"metrics: serving /metrics on 127.0.0.1:{port}" in stderr
