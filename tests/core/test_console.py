"""The console parses lines like Discord users type them and renders replies as text."""

from __future__ import annotations

import pytest

from bot.console import Console, convert, parse_line
from bot.registry import Option, UserError, load_handlers


def commands() -> list:  # type: ignore[type-arg]
    return list(load_handlers().commands.values())


async def test_help_lists_every_command(console: Console) -> None:
    out = await console.execute("/help")
    for cmd in load_handlers().commands.values():
        assert f"/{cmd.qualified_name}" in out


async def test_about_shows_version_and_games(console: Console) -> None:
    out = await console.execute("/about")
    assert "0.1.0" in out
    assert "mage-wars" in out and "keyforge" in out


async def test_unknown_command_is_a_clear_error(console: Console) -> None:
    out = await console.execute("/frobnicate now")
    assert "/frobnicate" in out and "/help" in out


async def test_english_replies(console: Console) -> None:
    console.lang = "en"
    out = await console.execute("/nope")
    assert "No such command" in out


def test_russian_command_name_is_accepted() -> None:
    assert parse_line("/помощь", commands()).command.path == ("help",)


def test_int_option_is_range_checked() -> None:
    opt = Option("dice", int, min_value=1, max_value=40)
    assert convert(opt, "4") == 4
    with pytest.raises(UserError) as err:
        convert(opt, "500")
    assert err.value.key == "error.out_of_range"
    with pytest.raises(UserError) as err:
        convert(opt, "abc")
    assert err.value.key == "error.not_a_number"


def test_trailing_numbers_fill_the_next_options() -> None:
    from bot.registry import Command, Option

    async def handler(ctx: object, **kw: object) -> object:
        raise AssertionError

    cmd = Command(
        ("dmg",),
        handler,  # type: ignore[arg-type]
        (Option("target", str, required=True), Option("amount", int, required=True)),
        "test",
    )
    parsed = parse_line("/dmg Лесной медведь 3", [cmd])
    assert parsed.values == {"target": "Лесной медведь", "amount": 3}
    parsed = parse_line("/dmg Страж amount:4", [cmd])
    assert parsed.values == {"target": "Страж", "amount": 4}
    # A lone word is the first option's value, so the number is still missing.
    for line in ("/dmg 5", "/dmg Страж"):
        with pytest.raises(UserError) as err:
            parse_line(line, [cmd])
        assert err.value.key == "console.missing_option"


async def test_plain_lines_are_chat_and_inline_lookup_answers_only_when_on(
    console: Console,
) -> None:
    from bot.config import Settings

    assert await console.execute("смотри [[эгида]]") == ""  # off by default: chat is ignored
    console.services.settings = Settings(inline_lookup=True)
    out = await console.execute("смотри [[эгида]]")
    assert "Aegis X" in out
    assert await console.execute("просто текст") == ""
