"""The shape rules of the code: small modules, and game slugs written only in the game packages."""

from __future__ import annotations

import ast
from pathlib import Path

from bot.games import ALL_GAMES

ROOT = Path(__file__).resolve().parents[2]
MAX_LINES = 500
# Over the limit for now, each being split by another change in flight (none left):
TOO_LONG_FOR_NOW: set[str] = set()
# Places outside bot/games/ where a slug's spelling stands for something else (none left):
SLUG_LITERALS_FOR_NOW: set[str] = set()


def python_files(*folders: str) -> list[Path]:
    return sorted(p for folder in folders for p in (ROOT / folder).rglob("*.py"))


def test_no_module_is_over_500_lines() -> None:
    long: dict[str, int] = {}
    for p in python_files("bot", "glossary", "cogs"):
        n = len(p.read_text("utf-8").splitlines())
        if n > MAX_LINES:
            long[str(p.relative_to(ROOT))] = n
    assert {k: v for k, v in long.items() if k not in TOO_LONG_FOR_NOW} == {}
    assert set(long) >= TOO_LONG_FOR_NOW, "a listed module is short now: drop it from the list"


def slug_literals(path: Path, slugs: set[str]) -> list[tuple[int, str]]:
    """(line, slug) for each string constant in `path` that is exactly a game's slug."""
    tree = ast.parse(path.read_text("utf-8"), str(path))
    return [
        (node.lineno, node.value)
        for node in ast.walk(tree)
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and node.value in slugs
    ]


def test_no_game_slug_literal_outside_the_game_packages() -> None:
    slugs = set(ALL_GAMES)
    allowed = ("bot/games/", "glossary/importers/", "tests/", "bench/", ".venv/")
    found: dict[str, list[tuple[int, str]]] = {}
    for path in sorted(ROOT.rglob("*.py")):
        rel = path.relative_to(ROOT).as_posix()
        if rel.startswith(allowed) or "/." in f"/{rel}":
            continue
        hits = slug_literals(path, slugs)
        if hits:
            found[rel] = hits
    assert {k: v for k, v in found.items() if k not in SLUG_LITERALS_FOR_NOW} == {}
    assert set(found) >= SLUG_LITERALS_FOR_NOW, "a listed file is clean now: drop it from the list"


def test_the_slug_check_finds_a_slug(tmp_path: Path) -> None:
    sample = tmp_path / "sample.py"
    sample.write_text('GAME = "keyforge"\nTEXT = "a keyforge game"\n', "utf-8")
    assert slug_literals(sample, set(ALL_GAMES)) == [(1, "keyforge")]
