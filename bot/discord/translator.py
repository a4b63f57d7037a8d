"""Russian names and descriptions for the slash commands, from the message catalogue.

Descriptions and names carry their catalogue key in the `locale_str` extras (`key`). Only
`discord.Locale.russian` is translated: English is the base language.
A Russian name that breaks Discord's name rules is skipped (and reported by `check`).
"""

from __future__ import annotations

from discord import Locale, app_commands
from discord.app_commands import TranslationContextLocation as Where
from discord.app_commands import TranslationContextTypes, locale_str

from bot.discord.build import KEY
from bot.discord.names import valid_menu_name, valid_name
from bot.i18n import catalogue

_NAMES = {Where.command_name, Where.group_name, Where.parameter_name}


class CatalogueTranslator(app_commands.Translator):
    async def translate(
        self, string: locale_str, locale: Locale, context: TranslationContextTypes
    ) -> str | None:
        if locale is not Locale.russian:
            return None
        return translate_ru(string, context.location)


def translate_ru(string: locale_str, where: Where) -> str | None:
    """The Russian text for `string`, or None to keep the English one."""
    key = string.extras.get(KEY)
    if key is not None:
        value = catalogue().lookup(key, "ru")
        if value is None:
            return None
        if where in _NAMES and key.endswith(".name"):
            return value if valid_name(value) else None
        if where is Where.command_name:  # a context menu name comes from the catalogue
            return value if valid_menu_name(value) else None
        return value
    return None
