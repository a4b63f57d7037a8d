"""A quiet start: no voice notices, no aiosqlite statement flood at LOG_LEVEL=DEBUG."""

from __future__ import annotations

import json
import logging
import subprocess
import sys

import pytest

from bot.logs import QUIET_AT_INFO, JsonFormatter, quiet_logging


def test_voice_notices_are_dropped(caplog: pytest.LogCaptureFixture) -> None:
    import discord

    quiet_logging()
    with caplog.at_level(logging.DEBUG):
        discord.Client(intents=discord.Intents.none())
        logging.getLogger("discord.client").warning("something that matters")
    messages = [r.getMessage() for r in caplog.records]
    assert not any("voice will NOT be supported" in m for m in messages)
    assert "something that matters" in messages


def test_debug_log_keeps_aiosqlite_at_info() -> None:
    import aiosqlite.core

    driver = aiosqlite.core.LOG  # the logger the SQLite driver writes a line per statement to
    driver.setLevel(logging.NOTSET)
    quiet_logging()
    assert driver.name in QUIET_AT_INFO
    assert not driver.isEnabledFor(logging.DEBUG)


def test_the_console_starts_without_warnings(tmp_path: object) -> None:
    proc = subprocess.run(
        [sys.executable, "-W", "default", "-m", "bot", "console"],
        input="/about\n",
        capture_output=True,
        text=True,
        env={"ARBITER_DB": f"{tmp_path}/a.sqlite3", "LOG_LEVEL": "DEBUG", "PATH": ""},
        timeout=60,
        check=False,
    )
    assert proc.returncode == 0, proc.stderr
    assert "voice" not in proc.stderr and "aiosqlite" not in proc.stderr, proc.stderr


def test_a_reconnect_is_one_warning_line_and_json_lines_are_json(
    caplog: pytest.LogCaptureFixture,
) -> None:
    quiet_logging()
    try:
        raise OSError("connection refused")
    except OSError:
        with caplog.at_level(logging.DEBUG):
            logging.getLogger("discord.client").exception("Attempting a reconnect in %.2fs", 1.5)
            logging.getLogger("arbiter.test").exception("error abc123 in /roll")
    reconnect, other = caplog.records
    assert reconnect.getMessage() == "Attempting a reconnect in 1.50s (OSError: connection refused)"
    assert reconnect.levelname == "WARNING" and reconnect.exc_info is None
    assert other.exc_info is not None  # any other traceback is kept
    line = JsonFormatter().format(other)
    assert "\n" not in line
    parsed = json.loads(line)
    assert parsed["level"] == "ERROR" and parsed["logger"] == "arbiter.test"
    assert parsed["message"] == "error abc123 in /roll"
    assert parsed["exception"].startswith("Traceback") and "OSError: connection refused" in line
