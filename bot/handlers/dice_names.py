"""How the dice options are declared and named in errors: as the user's client shows them.

The names themselves live in the catalogue (`opt.<option>.name`, `bot/locales/names.toml`), the
same ones the registry gives Discord and the console accepts; the engines' errors name an option
by its English name and `bot/handlers/dice_errors.py` shows it through `option_label`.
"""

from __future__ import annotations

from typing import Any

from bot.registry import Localized, Option, OptionType


def option_label(name: str) -> Localized:
    """An option's name in each language (the shared catalogue name, else the declared one)."""
    return Localized.option_name(Option(name))


def named(name: str, kind: OptionType, **kw: Any) -> Option:
    """An `Option` (its names in each language come from the catalogue, `opt.<name>.name`)."""
    return Option(name, kind, **kw)
