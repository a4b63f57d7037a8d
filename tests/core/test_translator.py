"""The catalogue translator: Russian names and descriptions, only for the Russian locale."""

from __future__ import annotations

from typing import Any

from discord import Locale
from discord.app_commands import TranslationContextLocation as Where
from discord.app_commands import locale_str

from bot.discord.build import described, named
from bot.discord.context import language_of
from bot.discord.translator import translate_ru
from bot.i18n import pick_language


def test_description_from_catalogue_key() -> None:
    text = described("cmd.about")
    assert text.message == "Version, loaded games and uptime"
    assert (
        translate_ru(text, Where.command_description) == "Версия, загруженные игры и время работы"
    )


def test_unknown_key_keeps_english() -> None:
    assert translate_ru(locale_str("Something", key="cmd.nope"), Where.command_description) is None


def test_russian_names_only_when_valid() -> None:
    about, term = named("about", "cmd.about.name"), named("term", "opt.term.name")
    assert isinstance(about, locale_str) and isinstance(term, locale_str)
    assert translate_ru(about, Where.command_name) == "о-боте"
    assert translate_ru(term, Where.parameter_name) == "термин"
    # a catalogue name that breaks Discord's rules (here a description used as a name) is skipped
    assert translate_ru(locale_str("about", key="cmd.about"), Where.command_name) is None
    assert translate_ru(locale_str("x", key="cmd.about.name"), Where.command_name) == "о-боте"
    assert translate_ru(locale_str("plain"), Where.command_name) is None
    assert named("rule", None) == "rule"
    assert named("rule", "cmd.nope.name") == "rule"


def test_context_menu_name_from_catalogue() -> None:
    # A menu's name is its catalogue text; any case and spaces are allowed, up to 32 chars.
    assert translate_ru(described("help.body"), Where.command_name) is None  # over 32 chars
    assert translate_ru(described("help.area.core"), Where.command_name) == "Общее"


async def test_translator_ignores_other_locales() -> None:
    from discord.app_commands import TranslationContext

    from bot.discord.translator import CatalogueTranslator

    translator = CatalogueTranslator()
    ctx: TranslationContext[Any, Any] = TranslationContext(location=Where.other, data=None)
    text = described("cmd.about")
    assert await translator.translate(text, Locale.american_english, ctx) is None
    assert await translator.translate(text, Locale.french, ctx) is None
    assert await translator.translate(text, Locale.russian, ctx) == (
        "Версия, загруженные игры и время работы"
    )


class _Fake:
    def __init__(self, locale: Locale, guild_locale: Locale | None) -> None:
        self.locale = locale
        self.guild_locale = guild_locale


def test_reply_language_choice() -> None:
    assert language_of(_Fake(Locale.russian, None), "en") == "ru"  # type: ignore[arg-type]
    assert language_of(_Fake(Locale.british_english, Locale.russian), "ru") == "en"  # type: ignore[arg-type]
    assert language_of(_Fake(Locale.german, Locale.russian), "en") == "ru"  # type: ignore[arg-type]
    assert language_of(_Fake(Locale.german, Locale.french), "en") == "en"  # type: ignore[arg-type]
    assert language_of(_Fake(Locale.german, None), "ru") == "ru"  # type: ignore[arg-type]
    assert pick_language("en-US") == "en"
