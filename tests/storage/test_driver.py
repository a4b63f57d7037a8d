"""The SQLite back end runs on aiosqlite: the driver owns the connection's thread, and the
storage package keeps no executor or thread of its own."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path
from typing import Any

import bot.storage

STORAGE = Path(bot.storage.__file__).parent


def test_importing_the_sqlite_back_end_loads_aiosqlite() -> None:
    code = "import sys, bot.storage.sqlite; print('aiosqlite' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "True"


def test_the_storage_package_starts_no_thread_or_executor_of_its_own() -> None:
    banned = {"ThreadPoolExecutor", "Thread", "run_in_executor", "to_thread", "threading"}
    found: list[str] = []
    for path in STORAGE.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text("utf-8"))):
            names: list[str] = []
            if isinstance(node, ast.Name):
                names = [node.id]
            elif isinstance(node, ast.Attribute):
                names = [node.attr]
            elif isinstance(node, ast.Import):
                names = [a.name.split(".")[0] for a in node.names]
            elif isinstance(node, ast.ImportFrom):
                names = [a.name for a in node.names] + [(node.module or "").split(".")[0]]
            found += [f"{path.name}: {n}" for n in names if n in banned]
    assert found == []


async def test_a_command_checks_its_game_once(tmp_path: Path) -> None:
    """`/game show` reads the game to choose what to show and again to show it: inside one
    command the second read uses the copy the first one checked (no second version check)."""
    from bot.app import create_services
    from bot.config import Settings
    from bot.console import Console
    from bot.storage.sqlite import SqliteDatabase

    svc = await create_services(Settings(), db_path=tmp_path / "a.sqlite3")
    try:
        console = Console(svc, user="alice", channel="table")
        await console.execute("/game start game:custom")
        db = svc.storage.db
        assert isinstance(db, SqliteDatabase)
        sent: list[str] = []
        rows = db.rows

        async def logged(sql: str, args: Any = ()) -> Any:
            sent.append(sql)
            return await rows(sql, args)

        db.rows = logged  # type: ignore[method-assign]
        await console.execute("/game show")
        checks = [s for s in sent if s.startswith("SELECT id, version FROM tracker_games")]
        assert len(checks) == 1, sent
    finally:
        await svc.storage.close()
