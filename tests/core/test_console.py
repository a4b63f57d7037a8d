"""The console parses lines like Discord users type them and renders replies as text."""

from __future__ import annotations

import logging
import re

import pytest

from bot.console import Console, convert, parse_line
from bot.context import Ctx
from bot.i18n import t
from bot.registry import Choice, Command, Option, UserError, load_handlers
from bot.reply import Reply


def commands() -> list:  # type: ignore[type-arg]
    return list(load_handlers().commands.values())


async def test_help_lists_every_command(console: Console) -> None:
    """As the reader's client shows it: Russian names in Russian, English ones in English."""
    out = await help_pages(console)
    for cmd in load_handlers().commands.values():
        assert f"`{cmd.label('ru')}" in out
    assert "`/правило термин:… [игра] [лично]`" in out and "/rule" not in out
    console.lang = "en"
    out = await help_pages(console)
    for cmd in load_handlers().commands.values():
        assert f"`/{cmd.qualified_name}" in out
    assert "`/rule term:… [game] [private]`" in out


async def help_pages(console: Console) -> str:
    """Every page of `/help`: the first, then each page button pressed in turn."""
    out = await console.execute("/help")
    assert "(видно только вам)" in out or "(only you can see this)" in out
    pages = out.count("  [")  # one numbered button per area
    for n in range(2, pages + 1):
        out += await console.execute(f"!press {n}")
    return out


async def test_help_for_one_command_lists_its_options(console: Console) -> None:
    out = await console.execute("/help command:game start")
    assert out == await console.execute("/помощь команда:игра начать")
    assert "игрок1 (player1) · необязательный" in out
    assert "прирост_маны (channeling)" in out and "Число от 0 до 50." in out
    assert "Варианты: Mage Wars, Берсерк ККИ" in out
    group = await console.execute("/help game")
    for sub in ("начать", "войти", "журнал", "закончить"):
        assert f"`/игра {sub}" in group
    assert "`/игра журнал [сколько]`" in group
    assert (await console.execute("/help нет-такой")).startswith("✖")
    console.lang = "en"
    out = await console.execute("/help game start")
    assert "▸ player1 · optional" in out and "A number from 0 to 50." in out
    assert "игрок1" not in out  # no Russian name in an English page (English walk 11, MW-6)


async def test_about_shows_version_and_games(console: Console) -> None:
    out = await console.execute("/about")
    assert "0.3.0" in out
    assert "mage-wars" in out and "keyforge" in out


async def test_unknown_command_is_a_clear_error(console: Console) -> None:
    out = await console.execute("/frobnicate now")
    assert "/frobnicate" in out and "/помощь" in out


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


def _command(path: str, handler: object, *options: Option, area: str = "test") -> Command:
    return Command((path,), handler, options, area)  # type: ignore[arg-type]


async def test_a_failing_handler_gets_an_apology_with_an_id_not_a_traceback(
    console: Console, caplog: pytest.LogCaptureFixture
) -> None:
    async def boom(ctx: Ctx) -> Reply:
        raise RuntimeError("secret internals")

    async def listener(ctx: Ctx, text: str) -> Reply | None:
        raise ValueError("listener internals")

    console.commands = [_command("boom", boom)]
    console.lang = "en"
    caplog.set_level(logging.INFO, logger="arbiter.console")
    out = await console.execute("/boom")
    match = re.search(r"Error id: ([0-9a-f]{8})\.", out)
    assert match, out
    assert "secret internals" not in out and "Traceback" not in out
    logged = [r for r in caplog.records if match.group(1) in r.getMessage()]
    assert [r.levelno for r in logged] == [logging.ERROR]  # one line; the traceback is DEBUG
    assert logged[0].exc_info is None
    # A chat listener that fails is answered the same way, and the console goes on.
    registry = load_handlers()
    registry.chat_listeners.append(listener)
    try:
        assert "Error id:" in await console.execute("hello")
    finally:
        registry.chat_listeners.remove(listener)
    assert "No such command" in await console.execute("/nope")


async def test_the_traceback_is_logged_at_debug_level(
    console: Console, caplog: pytest.LogCaptureFixture
) -> None:
    async def boom(ctx: Ctx) -> Reply:
        raise RuntimeError("kaboom")

    console.commands = [_command("boom", boom)]
    caplog.set_level(logging.DEBUG, logger="arbiter.console")
    await console.execute("/boom")
    debug = [r for r in caplog.records if r.levelno == logging.DEBUG]
    assert debug and debug[0].exc_info is not None
    assert isinstance(debug[0].exc_info[1], RuntimeError)


GREET_LIMITS = {"name": "times", "min": 1, "max": 5}


@pytest.mark.parametrize(
    ("line", "key", "params"),
    [
        ("/", "console.unknown_command", {"name": "/"}),
        ("!", "console.unknown_line", {"name": "!"}),
        ("!frob", "console.unknown_line", {"name": "!frob"}),
        ("!press 1", "console.nothing_to_press", {}),
        ("!press x", "console.nothing_to_press", {}),
        ("/greet", "console.missing_option", {"name": "name", "command": "greet"}),
        ("/greet name: times:2", "console.missing_option", {"name": "name", "command": "greet"}),
        ("/greet Аня times:x", "error.not_a_number", {"name": "times", "value": "x"}),
        ("/greet Аня times:99", "error.out_of_range", {"value": 99, **GREET_LIMITS}),
        ("/greet Аня loud:maybe", "console.bad_bool", {"name": "loud", "value": "maybe"}),
        (
            "/greet Аня mood:angry",
            "console.bad_choice",
            {"name": "mood", "value": "angry", "allowed": "Happy, Sad"},
        ),
        ("/greet " + "я" * 40, "error.too_long", {"name": "name", "max": 30}),
        ("/quiet now", "console.no_options", {"command": "quiet"}),
    ],
)
async def test_bad_input_gets_a_clear_message(
    console: Console, line: str, key: str, params: dict[str, object]
) -> None:
    async def greet(ctx: Ctx, **values: object) -> Reply:
        return Reply(body="hi")

    console.commands = [
        _command(
            "greet",
            greet,
            Option("name", str, required=True, max_length=30),
            Option("times", int, min_value=1, max_value=5),
            Option("loud", bool),
            Option("mood", choices=(Choice("Happy", "happy"), Choice("Sad", "sad"))),
        ),
        _command("quiet", greet),
    ]
    console.lang = "en"
    out = await console.execute(line)
    assert out == f"✖\n{t(key, 'en', **params)}\n"
    assert (await console.execute("/greet Аня times:2 loud:да mood:sad")).strip() == "hi"


async def test_help_survives_a_command_without_texts(
    console: Console, monkeypatch: pytest.MonkeyPatch
) -> None:
    async def bare(ctx: Ctx) -> Reply:
        return Reply(body="bare")

    registry = load_handlers()
    monkeypatch.setitem(registry.commands, ("bare",), _command("bare", bare, area="newarea"))
    out = await help_pages(console)
    assert "/bare`" in out  # listed without a description
    assert "newarea" in out  # an area without a `help.area.*` text is shown by its name
    assert "/о-боте` — " in out  # the others keep theirs


async def test_option_errors_name_the_option_as_discord_shows_it(console: Console) -> None:
    """Russian users see Russian option names on Discord, so errors use them too."""
    assert "«урон»" in await console.execute("/dmg Страж")
    assert "«урон»" in await console.execute("/урон цель:Страж")
    assert "«сколько»" in await console.execute("/прибавить цель:Страж показатель:жизнь")
    assert "/урон" in await console.execute("/урон цель:Страж")
    console.lang = "en"
    assert "“amount”" in await console.execute("/dmg Страж")
    assert "/dmg" in await console.execute("/урон цель:Страж")


async def test_press_names_the_buttons_there_are(console: Console) -> None:
    shown = await console.execute("/glossary game:keyforge")
    count = shown.count("  [")  # numbered buttons and select options
    out = await console.execute("!press 99")
    assert f"от 1 до {count}" in out


async def test_console_words_explain_themselves(console: Console) -> None:
    for word in ("press", "user", "channel"):
        out = await console.execute("!" + word)
        assert out.startswith(console.ctx().t(f"console.usage.{word}")), out
    helped = await console.execute("help")
    assert helped == await console.execute("/help") == await console.execute("помощь")
    for word in ("!press НОМЕР", "!user", "!channel"):
        assert word in helped
    assert "!press" in console.ctx().t("console.welcome") and "exit" in console.ctx().t(
        "console.welcome"
    )


async def test_game_aliases_are_accepted_wherever_a_game_is_asked(console: Console) -> None:
    odds = await console.execute("/odds whf dice:2 level:1 value:5")
    for line in ("/odds wfb dice:2 level:1 value:5", "/шансы вфб кубики:2 уровень:1 сложность:5"):
        assert await console.execute(line) == odds
    started = await console.execute("/game start game:кф")
    assert started.startswith("✔ KeyForge")
    assert "Партия началась: KeyForge." in started


@pytest.mark.parametrize(
    ("line", "code", "sub"),
    [
        ("/игра", "console.needs_sub", "начать"),
        ("/игра присоединиться", "console.unknown_sub", "войти"),
        ("/game foo", "console.unknown_sub", "join"),
    ],
)
def test_a_group_without_its_sub_lists_the_subs(line: str, code: str, sub: str) -> None:
    """`/игра` alone is a command group, not an unknown command: the refusal says what may follow,
    in the script the group was typed in."""
    with pytest.raises(UserError) as caught:
        parse_line(line, commands())
    assert caught.value.key == code
    subs = str(caught.value.params["subs"]).split(", ")
    assert sub in subs and all(s.isascii() == line.isascii() for s in subs)


@pytest.mark.parametrize(
    ("line", "name", "right", "value"),
    [
        ("/урон цель:Борис сколько:3", "сколько", "урон", "3"),
        ("/жетон добавить цель:Медведь жетон:горение количество:2", "количество", "сколько", "2"),
    ],
)
def test_an_option_the_command_lacks_is_named_with_the_right_one(
    line: str, name: str, right: str, value: str
) -> None:
    """Playtest 4, slips 14, 15: not «нужен параметр «урон»», not «горение количество:2»."""
    with pytest.raises(UserError) as caught:
        parse_line(line, commands())
    assert caught.value.args[0] == "console.unknown_option_use"
    shown = shown_in(caught.value, "ru")
    assert f"нет параметра «{name}»: пишите {right}:{value}." in shown
    assert "/урон нет" in shown or "/жетон добавить нет" in shown


def test_an_unknown_option_with_a_word_lists_the_options() -> None:
    with pytest.raises(UserError) as caught:
        parse_line("/жетон добавить цель:Медведь жетон:горение количество:много", commands())
    shown = shown_in(caught.value, "en")
    assert shown == "/token add has no option “количество”. It has: target, token, count."


def test_a_colon_in_a_value_that_is_no_option_word_stays_in_the_value() -> None:
    parsed = parse_line("/прибавить цель:Борис показатель:раны сколько:2", commands())
    assert parsed.values == {"target": "Борис", "stat": "раны", "amount": 2}


def shown_in(err: UserError, lang: str) -> str:
    params = {k: v.get(lang) if hasattr(v, "get") else v for k, v in err.params.items()}
    return t(err.key, lang, **params)
