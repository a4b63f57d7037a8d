"""The SQLite back end runs on aiosqlite: the driver owns the connection's thread, and the
storage package keeps no executor or thread of its own."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

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
