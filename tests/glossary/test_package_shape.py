"""Issue 8 for `glossary/`: pure (no Discord, no `bot.*`), no game slug written in its code
outside the importers' table, no module over 500 lines."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest

from glossary.importers import GAME_SLUGS

PACKAGE = Path(__file__).resolve().parents[2] / "glossary"
MODULES = sorted(p for p in PACKAGE.rglob("*.py"))
CORE = [p for p in MODULES if p.name != "check.py"]  # check.py registers with `bot check`


@pytest.mark.parametrize("path", CORE, ids=lambda p: str(p.relative_to(PACKAGE)))
def test_core_modules_import_no_bot_or_discord(path: Path) -> None:
    module = ".".join(path.relative_to(PACKAGE.parent).with_suffix("").parts)
    module = module.removesuffix(".__init__")
    code = (
        f"import sys, {module}\n"
        "bad = sorted(m for m in sys.modules if m == 'discord' or m.startswith(('bot', "
        "'discord.', 'aiosqlite')))\n"
        "print(','.join(bad))"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "", f"{module} loads {done.stdout.strip()}"


def test_no_game_slug_literal_outside_the_importers() -> None:
    found = []
    for path in MODULES:
        if "importers" in path.parts:
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Constant) and node.value in GAME_SLUGS:
                found.append(f"{path.name}:{node.lineno} {node.value!r}")
    assert found == []


def test_no_module_over_500_lines() -> None:
    long = {
        p.name: n for p in MODULES if (n := len(p.read_text(encoding="utf-8").splitlines())) > 500
    }
    assert long == {}
