"""The modules that register area checks (command tree, glossary data, templates, dice tables)."""

from __future__ import annotations

import importlib

# Each area appends its module here; one that fails to import is reported by `check`, not hidden.
AREA_CHECK_MODULES: list[str] = [
    "bot.discord.validate",
    "glossary.check",
    "bot.tracker.check",
    "bot.storage.check",
    "bot.cli.signatures",
    "bot.glossary_names",
]


def import_area_checks() -> list[str]:
    """Import every module above (its `@checker`s register); a problem line for each failure."""
    from bot.games import ui_modules

    problems: list[str] = []
    for name in AREA_CHECK_MODULES:
        try:
            importlib.import_module(name)
        except Exception as exc:
            problems.append(f"{name}: cannot be imported: {type(exc).__name__}: {exc}")
    try:  # each game's own data checks: `bot/games/<game>/ui/check.py`
        ui_modules("check")
    except Exception as exc:
        problems.append(f"game checks: cannot be imported: {type(exc).__name__}: {exc}")
    return problems
