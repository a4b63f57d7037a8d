"""Russian option names: every dice option has one, Discord-valid and unique per command, the
console accepts it, and errors name the option as a Russian user sees it."""

from __future__ import annotations

from bot.console import Console
from bot.handlers.dice_names import RU_NAMES
from bot.i18n import t
from bot.registry import load_handlers, registry


def discord_name(name: str) -> bool:
    """`^[-_\\p{L}\\p{N}]{1,32}$`, lowercase (Python's `re` has no `\\p{...}`)."""
    ok = all(ch.isalnum() or ch in "-_" for ch in name)
    return ok and 1 <= len(name) <= 32 and name == name.lower()


def test_every_dice_option_has_a_valid_unique_russian_name() -> None:
    load_handlers()
    commands = registry.by_area("dice")
    assert commands
    for cmd in commands:
        names = [o.ru_name for o in cmd.options]
        assert all(names), (cmd.path, [o.name for o in cmd.options if not o.ru_name])
        assert len(set(names)) == len(names), cmd.path
        for name in names:
            assert name is not None and discord_name(name), name
        assert {o.ru_name for o in cmd.options} <= set(RU_NAMES.values())


async def test_console_accepts_russian_option_names(console: Console) -> None:
    out = await console.execute("/odds whf кубики:2 уровень:1 сложность:5")
    english = await console.execute("/odds whf dice:2 level:1 value:5")
    assert not out.startswith("✖") and out == english


async def test_errors_name_the_option_in_russian(console: Console) -> None:
    out = await console.execute("/mw attack кубики:0")
    assert out.startswith("✖") and "«кубики»" in out and "dice" not in out
    out = await console.execute("/mw burn")
    assert t("dice.mw.burn_needs_tokens", "ru") in out and "«жетоны»" in out
    out = await console.execute("/berserk strike сила:abc")
    assert "«сила»" in out
    console.lang = "en"
    assert "“dice”" in await console.execute("/mw attack dice:0")
