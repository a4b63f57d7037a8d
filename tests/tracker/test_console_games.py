"""Whole games typed into the console, kept as scripts; and a game that survives a restart.

A script line `#= text` asserts that the reply to the previous command contains `text`.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from bot.console import Console
from bot.context import Services
from bot.handlers import tracker_ops as service
from tests.helpers.tracker import CHANNEL

SCRIPTS = Path(__file__).with_name("scripts")
ROOT = Path(__file__).resolve().parents[2]


async def play(console: Console, script: Path) -> list[str]:
    """Run the script line by line, checking its `#=` expectations; returns the transcript."""
    transcript: list[str] = []
    last = ""
    for number, line in enumerate(script.read_text("utf-8").splitlines(), 1):
        if line.startswith("#= "):
            wanted = line[3:]
            assert wanted in last, f"{script.name}:{number}: {wanted!r} not in:\n{last}"
            continue
        out = await console.execute(line)
        if line.strip() and not line.startswith("#"):
            last = out
            transcript.append(f"» {line}\n{out}")
    return transcript


@pytest.mark.parametrize("name", ["mage_wars_4p.txt", "keyforge_2p.txt"])
async def test_scripted_game_reaches_a_winner(
    console: Console, services: Services, name: str
) -> None:
    transcript = await play(console, SCRIPTS / name)
    assert "🏆" in "".join(transcript)
    assert await service.load_state(services.storage, CHANNEL) is None
    game_id = await services.storage.tracker.latest_game_id(CHANNEL)
    assert game_id is not None
    history = await services.storage.tracker.history(game_id)
    assert any(s.status == "undone" or s.status == "dropped" for s in history)


def run_console(db: Path, user: str, lines: str) -> str:
    env = {**os.environ, "ARBITER_LOCALE": "ru", "DISCORD_TOKEN": ""}
    done = subprocess.run(
        [sys.executable, "-m", "bot", "console", "--db", str(db), "--user", user],
        input=lines,
        capture_output=True,
        text=True,
        cwd=ROOT,
        env=env,
        timeout=60,
        check=True,
    )
    assert "Traceback" not in done.stderr, done.stderr
    return done.stdout


def test_game_survives_a_restart(tmp_path: Path) -> None:
    db = tmp_path / "arbiter.sqlite3"
    first = run_console(
        db,
        "alice",
        "/game start game:mage-wars player1:bob life:32\n"
        "/unit add Голем life:9 armor:3\n"
        "/dmg Голем amount:4\n"
        "/token add Голем token:коррозия count:2\n"
        "/game show\n",
    )
    assert "Голем · повреждения: 0 → 4" in first
    shown_before = first.split("» /game show\n", 1)[1]
    second = run_console(db, "alice", "/game show\n/game undo\n/game show\n")
    parts = second.split("» /game show\n")
    assert parts[1].split("» ")[0] == shown_before  # the same state after the restart
    assert "Голем · коррозия 0 → 2 (отменено)" in second
    third = run_console(db, "bob", "/game log n:10\n")
    assert "Голем · повреждения 0 → 4" in third and "(отменено)" in third


async def test_console_refusals_change_nothing(console: Console, services: Services) -> None:
    await console.execute("/game start game:keyforge player1:bob")
    state = await service.load_state(services.storage, CHANNEL)
    assert state is not None
    events = await services.storage.tracker.event_count(state.game.id)
    for line, text in (
        ("/add target:bob stat:янтарь amount:много", "не число"),
        ("/add target:zed stat:янтарь amount:1", "Нет существа или игрока «zed»"),
        ("/set target:bob stat:цепи value:25", "вне пределов (0…24)"),
        ("/token add target:bob token:яд", "Такого жетона нет"),
        ("/mana amount:3", "Команда /мана — из игры Mage Wars, а в этом канале идёт партия"),
        ("/kf forge", "не может выковать ключ"),
        ("/game redo", "Возвращать нечего"),
    ):
        out = await console.execute(line)
        assert out.startswith("✖") and text in out, out
    assert await service.load_state(services.storage, CHANNEL) == state
    assert await services.storage.tracker.event_count(state.game.id) == events
    console.lang = "en"
    out = await console.execute("/set target:bob stat:chains value:25")
    assert "out of bounds; it must be between 0 and 24" in out
