"""The pure core is pure in fact: each core module, imported alone in a fresh interpreter, loads
none of Discord, the database driver, the catalogue, the registry, storage or the handlers.

Core: `glossary/`, `bot/dice/`, `bot/tracker/` and `bot/games/*/`, except each game's `ui/`
subpackage (its presentation and `python -m bot check` side) and the shared `check` modules.
The same rule is in `pyproject.toml` as import-linter contracts (`lint-imports` in `.ci/run`).
"""

from __future__ import annotations

import json
import pkgutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
CORE = ("glossary", "bot.dice", "bot.tracker", "bot.games")
EXEMPT = frozenset({"bot.tracker.check", "glossary.check"})
FORBIDDEN = (
    "discord",
    "aiosqlite",
    "asyncpg",
    "bot.discord",
    "bot.storage",
    "bot.registry",
    "bot.reply",
    "bot.context",
    "bot.i18n",
    "bot.handlers",
)


def core_modules() -> list[str]:
    """Every module of the core packages, the games' `ui` and the shared checks left out."""
    found: list[str] = []
    for package in CORE:
        path = ROOT.joinpath(*package.split("."))
        found.append(package)
        for info in pkgutil.walk_packages([str(path)], prefix=package + "."):
            presentation = info.name.startswith("bot.games.") and ".ui." in f"{info.name}."
            if not presentation and info.name not in EXEMPT:
                found.append(info.name)
    return sorted(found)


PROBE = """
import importlib, json, os, sys
# The standard library only (never the project or its dependencies), so each child starts fast.
import asyncio, contextlib, dataclasses, enum, functools, hashlib, inspect, logging, pathlib
import random, re, tomllib, typing, unicodedata
forbidden = json.loads(sys.argv[1])
found = {}
for module in json.loads(sys.argv[2]):
    read, write = os.pipe()
    pid = os.fork()
    if pid == 0:  # a child with nothing of the project imported yet
        os.close(read)
        try:
            importlib.import_module(module)
            out = sorted(
                m for m in sys.modules if any(m == f or m.startswith(f + ".") for f in forbidden)
            )
        except BaseException as exc:
            out = ["import failed: " + repr(exc)]
        os.write(write, json.dumps(out).encode())
        os._exit(0)
    os.close(write)
    with os.fdopen(read) as pipe:
        found[module] = json.loads(pipe.read())
    os.waitpid(pid, 0)
print(json.dumps(found))
"""


def loaded_forbidden(modules: list[str]) -> dict[str, list[str]]:
    """The forbidden modules in `sys.modules` after importing each module in a fresh process.

    One interpreter that has imported nothing of the project forks a child per module, so each
    import starts from an empty slate without paying for a whole interpreter start each time.
    """
    done = subprocess.run(
        [sys.executable, "-c", PROBE, json.dumps(FORBIDDEN), json.dumps(modules)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    result: dict[str, list[str]] = json.loads(done.stdout)
    return result


@pytest.fixture(scope="module")
def imports() -> dict[str, list[str]]:
    return loaded_forbidden(core_modules())


def test_the_core_is_found() -> None:
    modules = core_modules()
    assert {"bot.tracker.step", "bot.tracker.errors", "bot.games.keyforge.forge"} <= set(modules)
    assert "bot.games.keyforge.ui.commands" not in modules


def test_no_core_module_loads_a_forbidden_module(imports: dict[str, list[str]]) -> None:
    assert not [
        m for m, found in imports.items() if any(f.startswith("import failed") for f in found)
    ]
    assert {m: found for m, found in imports.items() if found} == {}


def test_the_probe_sees_a_forbidden_import() -> None:
    """The check itself can fail: a handler module does load the registry and Discord-free reply."""
    found = loaded_forbidden(["bot.handlers.tracker_ops"])["bot.handlers.tracker_ops"]
    assert "bot.registry" in found and "bot.context" in found
