"""Two real processes on one database (an SQLite file, or PostgreSQL): a console process and
this one change the same counter at the same time; nothing is lost, and undo/redo across them
agree with the event log."""

from __future__ import annotations

import asyncio
import os
import sys

import pytest

from bot.config import ConfigError, load_settings
from bot.context import Services
from bot.handlers import tracker_ops as service
from bot.registry import UserError
from tests.storage import fixtures as both
from tests.storage.faults_support import ctx
from tests.storage.test_contract import life, replay_matches

pg_server, target, services = both.pg_server, both.target, both.services


async def console_process(target: str, lines: list[str]) -> tuple[int, str]:
    env = {**os.environ, "ARBITER_DB": "", "ARBITER_DATABASE_URL": ""}
    env["ARBITER_DATABASE_URL" if target.startswith("postgresql") else "ARBITER_DB"] = target
    env.pop("DISCORD_TOKEN", None)
    proc = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "bot", "console", "--user", "alice", "--channel", "table",
        stdin=asyncio.subprocess.PIPE,
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.PIPE,
        env=env,
    )  # fmt: skip
    out, err = await asyncio.wait_for(proc.communicate("\n".join(lines).encode() + b"\n"), 120)
    return proc.returncode or 0, out.decode() + err.decode()


async def test_two_processes_change_one_game(target: str, services: Services) -> None:
    await service.start(ctx(services), "custom", [], {"life": 10_000})
    game_id = await services.storage.tracker.active_game_id(ctx(services).channel_id)
    assert game_id is not None
    events = await services.storage.tracker.event_count(game_id)
    lines = ["/add target:alice stat:life amount:1"] * 40

    done = asyncio.Event()
    made = [0]

    async def there() -> tuple[int, str]:
        try:
            return await console_process(target, lines)
        finally:
            done.set()

    async def here() -> None:  # changes for as long as the other process runs
        while not done.is_set():
            await service.add(ctx(services), "alice", "life", -1)
            made[0] += 1
            await asyncio.sleep(0.005)

    (code, output), _ = await asyncio.gather(there(), here())
    assert code == 0, output
    assert await life(services) == 10_000 + 40 - made[0]  # nothing lost on either side
    assert await services.storage.tracker.event_count(game_id) == events + 40 + made[0]
    await service.undo(ctx(services), 3)
    code, output = await console_process(target, ["/game redo", "/game redo"])
    assert code == 0, output
    await replay_matches(services)
    code, output = await console_process(target, ["/add target:alice stat:life amount:5"])
    assert code == 0, output
    await replay_matches(services)
    with pytest.raises(UserError):  # the redo stack went with the other process's change
        await service.redo(ctx(services))


def test_database_url_setting() -> None:
    s = load_settings({"ARBITER_DATABASE_URL": " postgresql://a:b@h/db "}, dotenv=False)
    assert s.database == "postgresql://a:b@h/db" and "b@h" not in repr(s)
    assert load_settings({"ARBITER_DATABASE_URL": ""}, dotenv=False).database == s.db_path
    with pytest.raises(ConfigError, match="ARBITER_DATABASE_URL"):
        load_settings({"ARBITER_DATABASE_URL": "mysql://x"}, dotenv=False)
