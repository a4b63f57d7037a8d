"""The typed plugin per game: each discovered game has one, and the base class changes nothing."""

from __future__ import annotations

import sys
import types
from pathlib import Path

import pytest

import bot.games
from bot.games import ALL_GAMES
from bot.games.base import Game
from bot.tracker.plugin import BASE, GamePlugin, plugin_for
from bot.tracker.templates import template


@pytest.mark.parametrize("slug", sorted(ALL_GAMES))
def test_every_game_has_its_own_plugin(slug: str) -> None:
    plugin = plugin_for(slug)
    assert isinstance(plugin, GamePlugin) and type(plugin) is not GamePlugin
    assert type(plugin).__module__ == f"{ALL_GAMES[slug].package}.plugin"
    assert plugin_for(template(slug).procedure) is plugin  # `/game next` finds the same one


def test_only_keyforge_destroys_at_zero_toughness() -> None:
    assert [s for s in sorted(ALL_GAMES) if plugin_for(s).zero_toughness_destroys] == ["keyforge"]


def test_an_unknown_game_gets_the_base_plugin() -> None:
    assert plugin_for("no-such-game") is BASE


async def test_the_base_hooks_leave_the_generic_behaviour() -> None:
    base = GamePlugin()
    assert base.damage_cap("creature", {"life": 3}, 3) == 3
    assert base.item_keys(template("custom"), "anything") == []
    assert base.stat_note("life", 5) is None
    assert base.follows(types.SimpleNamespace(params={"follows": 3})) is None  # type: ignore[arg-type]
    assert await base.undo_span(None, 1, 2) == 2  # type: ignore[arg-type]
    assert await base.before_damage(None, None, 4) == 4  # type: ignore[arg-type]


def test_a_plugin_that_is_not_a_game_plugin_is_refused(tmp_path: Path) -> None:
    name = "arbiter_fixture_bad_game"
    package = tmp_path / name
    package.mkdir()
    (package / "__init__.py").write_text("", "utf-8")
    (package / "plugin.py").write_text("PLUGIN = object()\n", "utf-8")
    sys.path.insert(0, str(tmp_path))
    bot.games.register(Game("bad-game", "Bad", package, glossary=False, package=name))
    try:
        with pytest.raises(TypeError, match="not a GamePlugin"):
            plugin_for("bad-game")
    finally:
        bot.games.unregister("bad-game")
        plugin_for.cache_clear()
        sys.path.remove(str(tmp_path))
        for mod in [m for m in sys.modules if m.startswith(name)]:
            del sys.modules[mod]
