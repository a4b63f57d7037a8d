"""No module outside `bot/games/` imports a particular game: the shared layer names none.

Built on grimp's import graph (the one `lint-imports` reads), for every discovered game, so a new
game is covered without a line here. The games' own layers are the contracts in pyproject.toml.
"""

from __future__ import annotations

import grimp
import pytest

from bot.games import ALL_GAMES


@pytest.fixture(scope="module")
def graph() -> grimp.ImportGraph:
    return grimp.build_graph("bot", "glossary", "cogs", cache_dir=None)


def outside_imports(graph: grimp.ImportGraph, package: str) -> list[tuple[str, str]]:
    """(importer, imported) for each import of `package` or below from a module outside it."""
    inside = {package, *graph.find_descendants(package)}
    found: list[tuple[str, str]] = []
    for imported in sorted(inside):
        for importer in sorted(graph.find_modules_that_directly_import(imported)):
            if importer not in inside:
                found.append((importer, imported))
    return found


def test_every_game_package_is_in_the_graph(graph: grimp.ImportGraph) -> None:
    packages = {g.package for g in ALL_GAMES.values()}
    assert len(packages) == len(ALL_GAMES) >= 6
    assert packages <= graph.modules


@pytest.mark.parametrize("slug", sorted(ALL_GAMES))
def test_no_module_outside_the_game_imports_it(graph: grimp.ImportGraph, slug: str) -> None:
    assert outside_imports(graph, ALL_GAMES[slug].package) == []


def test_the_check_sees_an_import_from_outside(graph: grimp.ImportGraph) -> None:
    """The check can fail: a shared module importing a game's rules is reported."""
    planted = grimp.build_graph("bot", cache_dir=None)
    planted.add_import(importer="bot.tracker.step", imported="bot.games.conquest.rules")
    assert ("bot.tracker.step", "bot.games.conquest.rules") in outside_imports(
        planted, "bot.games.conquest"
    )
    assert outside_imports(graph, "bot.games.conquest") == []
