"""Option names: every dice option is named in the catalogue in both languages, Discord-valid
and unique per command, the console accepts the Russian one, and errors name the option as a
Russian user sees it."""

from __future__ import annotations

from bot.console import Console
from bot.discord.names import valid_name
from bot.i18n import t
from bot.registry import load_handlers, option_label, registry


def test_every_dice_option_has_a_valid_unique_russian_name() -> None:
    load_handlers()
    commands = registry.by_area("dice")
    assert commands
    for cmd in commands:
        names = [option_label(cmd, o.name, "ru") for o in cmd.options]
        untranslated = [o.name for o in cmd.options if option_label(cmd, o.name, "ru") == o.name]
        assert not untranslated, (cmd.path, untranslated)
        assert len(set(names)) == len(names), cmd.path
        assert all(valid_name(n) for n in names), names
        assert [option_label(cmd, o.name, "en") for o in cmd.options] == [
            o.name for o in cmd.options
        ]


def test_blessing_is_spelled_right() -> None:
    # seed 001:27 «Благословление» (playtest 8, B1: the option is named as the book spells it)
    (cmd,) = [c for c in registry.by_area("dice") if c.path == ("berserk", "strike")]
    assert cmd.option_label("blessing", "ru") == "благословление"
    assert cmd.option_label("defender_blessing", "ru") == "благословление_цели"


async def test_console_accepts_russian_option_names(console: Console) -> None:
    out = await console.execute("/odds whf кубики:2 уровень:1 сложность:5")
    english = await console.execute("/odds whf dice:2 level:1 value:5")
    assert not out.startswith("✖") and out == english
    assert await console.execute("/шансы вфб кубики:2 уровень:1 сложность:5") == out


async def test_errors_name_the_option_in_russian(console: Console) -> None:
    out = await console.execute("/mw attack кубики:0")
    assert out.startswith("✖") and "«кубики»" in out and "dice" not in out
    out = await console.execute("/mw burn")
    assert t("dice.mw.burn_needs_tokens", "ru") in out and "«жетоны»" in out
    out = await console.execute("/berserk strike сила:abc")
    assert "«сила»" in out
    console.lang = "en"
    assert "“dice”" in await console.execute("/mw attack dice:0")
