"""Each game's own commands live in its package and are found without a list of games."""

from __future__ import annotations

import importlib.util
import pkgutil

import bot.games
from bot.registry import load_handlers


def test_every_game_commands_module_is_loaded_and_holds_its_commands() -> None:
    reg = load_handlers()
    modules = {cmd.handler.__module__ for cmd in reg.commands.values()}
    with_commands = [
        f"bot.games.{info.name}.ui.commands"
        for info in pkgutil.iter_modules(bot.games.__path__)
        if info.ispkg
        and importlib.util.find_spec(f"bot.games.{info.name}.ui")
        and importlib.util.find_spec(f"bot.games.{info.name}.ui.commands")
    ]
    assert {"bot.games.mage_wars.ui.commands", "bot.games.berserk.ui.commands"} <= set(
        with_commands
    )
    assert "bot.games.whfb.ui.commands" in with_commands
    assert set(with_commands) <= modules  # each one registered at least one command


def test_the_dice_commands_sit_with_their_game() -> None:
    reg = load_handlers()
    home = {path: cmd.handler.__module__ for path, cmd in reg.commands.items()}
    assert home[("mw", "attack")] == home[("odds", "mw")] == "bot.games.mage_wars.ui.commands"
    assert (
        home[("berserk", "strike")] == home[("odds", "berserk")] == "bot.games.berserk.ui.commands"
    )
    assert home[("whf", "cast")] == home[("odds", "whf")] == "bot.games.whfb.ui.commands"
    assert home[("roll",)] == home[("history", "rolls")] == "bot.handlers.dice"
