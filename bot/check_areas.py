"""Imports the modules that register area checks (command tree, glossary data, templates)."""

from __future__ import annotations

import importlib

# Each area appends its module here; a missing one is reported by `check`, not hidden.
AREA_CHECK_MODULES: list[str] = [
    "bot.discord.validate",
    "glossary.check",
    "bot.tracker.check",
    "bot.dice.check",
]

for _name in AREA_CHECK_MODULES:
    importlib.import_module(_name)
