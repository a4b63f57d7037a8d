"""The dice core is pure in fact: importing it loads no front end, storage or catalogue."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import bot

FORBIDDEN = (
    "discord",
    "aiosqlite",
    "bot.discord",
    "bot.storage",
    "bot.registry",
    "bot.reply",
    "bot.context",
    "bot.i18n",
    "bot.handlers",
)
PRESENTATION = {"commands", "view", "check"}  # the files of a game allowed to see the front end


def core_dice_modules() -> list[str]:
    """Every module of `bot/dice/` and every game's engine-side module (dice, odds, target…)."""
    root = Path(bot.__file__).parent
    found = [f"bot.dice.{p.stem}" for p in sorted((root / "dice").glob("*.py"))]
    for game in sorted((root / "games").iterdir()):
        if (game / "dice.py").is_file():
            found += [
                f"bot.games.{game.name}.{p.stem}"
                for p in sorted(game.glob("*.py"))
                if p.stem in {"dice", "odds", "target"} or p.stem.startswith("dice_")
            ]
    return found


def test_the_list_covers_every_engine() -> None:
    modules = core_dice_modules()
    for name in ("bot.dice.generic", "bot.dice.odds", "bot.games.mage_wars.dice"):
        assert name in modules
    assert "bot.games.mage_wars.odds" in modules and "bot.games.whfb.odds" in modules
    assert not [m for m in modules if m.rsplit(".", 1)[1] in PRESENTATION]


def loaded_by(module: str) -> list[str]:
    """The forbidden modules that importing `module` in a fresh interpreter leaves loaded."""
    script = "import importlib, sys; importlib.import_module(sys.argv[1]); print(*sys.modules)"
    run = subprocess.run(
        [sys.executable, "-c", script, module], capture_output=True, text=True, check=True
    )
    return sorted(
        m for m in run.stdout.split() if any(m == f or m.startswith(f + ".") for f in FORBIDDEN)
    )


def test_the_check_sees_a_front_end_import() -> None:
    """Control: the handler layer does load the registry, and the check says so."""
    assert "bot.registry" in loaded_by("bot.handlers.dice")


def test_importing_the_dice_core_loads_nothing_forbidden() -> None:
    """One fresh interpreter per module, so one module's imports cannot hide another's."""
    bad = {m: found for m in core_dice_modules() if (found := loaded_by(m))}
    assert bad == {}
