"""`python -m bot` as a user runs it: a real subprocess, scripted stdin, no token, a temp database.

DISCORD_TOKEN is set to an empty value (which means "not set") rather than removed, so a
developer's own `.env` can never make these tests connect to Discord.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from bot import __version__
from bot.i18n import t
from bot.registry import load_handlers

TOKEN = "MTIzNDU2Nzg5MDEyMzQ1Njc4.cli-secret-part.never-print"


def run(
    tmp_path: Path, *args: str, stdin: str = "", **env: str
) -> subprocess.CompletedProcess[str]:
    clean = {
        k: v
        for k, v in os.environ.items()
        if not k.startswith(("ARBITER_", "DISCORD_")) and k != "LOG_LEVEL"
    }
    clean.update(DISCORD_TOKEN="", ARBITER_DB=str(tmp_path / "db" / "arbiter.sqlite3"))
    clean["PYTHONIOENCODING"] = "utf-8"
    clean.update(env)
    return subprocess.run(
        [sys.executable, "-m", "bot", *args],
        input=stdin,
        capture_output=True,
        text=True,
        encoding="utf-8",
        env=clean,
        cwd=tmp_path,
        timeout=120,
        check=False,
    )


@pytest.mark.parametrize(
    ("env", "setting"),
    [
        ({"LOG_LEVEL": "chatty", "DISCORD_TOKEN": TOKEN}, "LOG_LEVEL"),
        ({"ARBITER_LOCALE": "de", "DISCORD_TOKEN": TOKEN}, "ARBITER_LOCALE"),
        ({"ARBITER_SHARD_COUNT": "zero"}, "ARBITER_SHARD_COUNT"),
        ({"DISCORD_TOKEN": "MTIz cli-secret-part never-print"}, "DISCORD_TOKEN"),
    ],
)
def test_invalid_setting_exits_2_with_one_line(
    tmp_path: Path, env: dict[str, str], setting: str
) -> None:
    proc = run(tmp_path, "console", **env)
    assert proc.returncode == 2
    lines = proc.stderr.strip().splitlines()
    assert len(lines) == 1 and setting in lines[0], proc.stderr
    assert proc.stdout == ""
    for secret in ("cli-secret-part", "never-print", "MTIz"):
        assert secret not in proc.stderr


def test_no_token_says_so_once_and_opens_the_console(tmp_path: Path) -> None:
    proc = run(tmp_path, stdin="/help\n")
    assert proc.returncode == 0, proc.stderr
    notice = t("console.no_token", "ru")
    assert proc.stderr.splitlines()[0] == notice
    assert (proc.stdout + proc.stderr).count("DISCORD_TOKEN") == 1
    assert "/about" in proc.stdout  # the console answered /help read from stdin
    assert (tmp_path / "db" / "arbiter.sqlite3").exists()  # folder made on demand


def test_scripted_console_prints_help_and_about(tmp_path: Path) -> None:
    proc = run(tmp_path, "console", stdin="/help\n/about\n")
    assert proc.returncode == 0, proc.stderr
    out = proc.stdout
    for cmd in load_handlers().commands.values():
        assert f"/{cmd.qualified_name}" in out
    assert t("help.title", "ru") in out
    assert t("about.title", "ru") in out and __version__ in out
    assert "Traceback" not in proc.stderr


def test_console_in_english(tmp_path: Path) -> None:
    proc = run(tmp_path, "console", "--lang", "en", stdin="/about\n")
    assert proc.returncode == 0, proc.stderr
    assert t("about.title", "en") in proc.stdout


def test_check_passes(tmp_path: Path) -> None:
    proc = run(tmp_path, "check")
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert "check: OK" in proc.stdout
