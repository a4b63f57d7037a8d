"""How the dice engines name an option in their errors: as the user's client shows it.

The names themselves live in the catalogue (`opt.<option>.name`, `bot/locales/names.toml`), the
same ones the registry gives Discord and the console accepts.
"""

from __future__ import annotations

from bot.registry import Localized, Option


def option_label(name: str) -> Localized:
    """An option's name in each language (the shared catalogue name, else the declared one)."""
    return Localized.option_name(Option(name))
