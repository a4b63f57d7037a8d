"""The offline console: the same commands as Discord, typed as users type them.

`/rule term:эгида` or `/rule эгида` (the first option may be positional). Values may contain
spaces; an option starts where a known option name followed by `:` starts a word. Extra lines:
`!press N` presses the N-th button or select option of the last reply, `!user NAME` and
`!channel NAME` switch who acts and where, `#` starts a comment; `help` and `exit` work as words.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import logging
import os
import re
import sys
import threading
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, TextIO

from bot.console_choices import bad_choice_key
from bot.console_elsewhere import refuse_property_elsewhere
from bot.console_names import (
    find_command,
    hyphenated,
    subcommands,
    unknown_name,
)
from bot.console_numbers import fitted, not_a_number_key, range_key
from bot.context import Ctx, Services, UserRef, stable_id
from bot.games.terms import former_names
from bot.i18n import LANGUAGES
from bot.numbers import ascii_int
from bot.registry import (
    Command,
    CommandLabel,
    Localized,
    Option,
    UserError,
    load_handlers,
    new_error_id,
    option_label,
    option_name_key,
    run_action,
    run_command,
)
from bot.render.text import pressable, render_text
from bot.reply import Field, Reply

log = logging.getLogger("arbiter.console")

CONSOLE_WORDS = ("press", "user", "channel")
HELP_WORDS = frozenset({"help", "помощь", "?", "!help"})
HELP_OVERVIEW = "help.page"  # the help pages' button; an empty payload is the overview
EXIT_WORDS = frozenset({"exit", "quit", "выход", "!quit", "!exit"})
_TRUE = {"true", "yes", "1", "on", "да", "д", "y"}
_FALSE = {"false", "no", "0", "off", "нет", "н", "n"}


@dataclass
class ParsedCommand:
    command: Command
    values: dict[str, Any]


def option_names(option: Option, cmd: Command | None = None) -> list[str]:
    """The names an option is typed by: declared, and as each language's client shows it."""
    names = [option.name] + [option_label(cmd, option.name, lang) for lang in LANGUAGES]
    key = option_name_key(cmd.path if cmd else None, option.name)
    return list(dict.fromkeys([*names, *former_names().get(key or "", ())]))


def parse_line(line: str, commands: list[Command]) -> ParsedCommand:
    """Parse `/cmd sub opt:value …` into typed option values; raises UserError on bad input."""
    text = line.strip().lstrip("/")
    words = text.split()
    if not words:
        raise UserError("console.unknown_command", name="/")
    found = find_command(words, commands)
    joined = hyphenated(words, commands) if found is None else None
    if joined is not None:  # `/о боте` is `/о-боте` (playtest ru-17, G1)
        text, words = " ".join(joined), joined
        found = find_command(words, commands)
    if found is None:
        subs = subcommands(words[0], commands)
        if subs:
            code = "console.unknown_sub" if len(words) > 1 else "console.needs_sub"
            raise UserError(code, name="/" + words[0], subs=", ".join(subs))
        raise unknown_name(words, commands)
    cmd, used = found
    parts = text.split(None, used)
    rest = parts[used] if len(parts) > used else ""
    refuse_property_elsewhere(rest, cmd, commands, option_names)  # playtest 14, W1
    raw = _split_options(rest.strip(), cmd, _known_option_words(commands))
    values: dict[str, Any] = {}
    for name, value in raw.items():
        option = cmd.option(name)
        assert option is not None
        if value:  # `term:` with nothing after it is left out, as Discord's client does
            try:
                values[name] = convert(option, value, cmd)
            except UserError as e:  # the example names the stat asked (playtest 12, C1)
                raise fitted(e, raw) from None
    missing = [o for o in cmd.options if o.required and o.name not in values]
    if missing:
        raise UserError(
            "console.missing_option",
            name=Localized.option_name(missing[0], cmd),
            command=CommandLabel(cmd.path),
        )
    return ParsedCommand(cmd, values)


# Words people type as an option name that no command declares (`количество:2` for
# `сколько:2`): refused as an unknown option instead of glued into the previous value.
_OPTION_LIKE = frozenset({"количество", "число", "кол-во", "count", "number", "qty"})
_KNOWN_WORDS: dict[tuple[int, ...], frozenset[str]] = {}


def _known_option_words(commands: list[Command]) -> frozenset[str]:
    """Every option name of every command, in each language, and the usual mistaken ones."""
    key = tuple(id(c) for c in commands)
    if key not in _KNOWN_WORDS:
        names = {n.lower() for c in commands for o in c.options for n in option_names(o, c)}
        _KNOWN_WORDS.clear()
        _KNOWN_WORDS[key] = frozenset(names | _OPTION_LIKE | _stat_words())
    return _KNOWN_WORDS[key]


@functools.cache
def _stat_words() -> frozenset[str]:
    """One-word stat and token names of every game (`золото`, `mana`): `/игра начать … золото:20`
    is refused by name instead of gluing «золото:20» into a player's name."""
    from bot.tracker.templates import templates

    words = {
        w.lower()
        for tpl in templates().values()
        for d in (*tpl.stats.values(), *tpl.tokens.values())
        for w in (d.key, d.ru, d.en, *d.aliases)
    }
    return frozenset(w for w in words if re.fullmatch(r"[\w-]+", w))


def _refuse_unknown_option(
    rest: str, cmd: Command, aliases: dict[str, str], known: frozenset[str]
) -> None:
    """`/урон цель:Борис сколько:3`: an option of another command (or a usual mistaken name)
    typed here is named in the refusal with the option meant, not glued into a value."""
    for mark in re.finditer(r"(?:(?<=\s)|^)([\w-]+):(\S*)", rest):
        word = mark.group(1).lower()
        if word in aliases or word not in known:
            continue
        value = mark.group(2)
        named = {
            aliases[m.group(1).lower()]
            for m in re.finditer(r"([\w-]+):", rest)
            if m.group(1).lower() in aliases
        }
        numbers = [o for o in cmd.options if o.type is int]
        right = next((o for o in numbers if o.name not in named), numbers[0] if numbers else None)
        a_stat = word in _stat_words() and word not in _OPTION_LIKE
        if right is not None and value and _looks_like(right, value) and not a_stat:
            raise UserError(
                "console.unknown_option_use",
                name=mark.group(1),
                command=CommandLabel(cmd.path),
                right=Localized.option_name(right, cmd),
                value=value,
            )
        raise UserError(
            "console.unknown_option",
            name=mark.group(1),
            command=CommandLabel(cmd.path),
            options=Localized(
                ru=", ".join(option_label(cmd, o.name, "ru") for o in cmd.options),
                en=", ".join(option_label(cmd, o.name, "en") for o in cmd.options),
            ),
        )


def _split_options(rest: str, cmd: Command, known: frozenset[str] = frozenset()) -> dict[str, str]:
    aliases = {alias.lower(): o.name for o in cmd.options for alias in option_names(o, cmd)}
    if aliases and known:
        _refuse_unknown_option(rest, cmd, aliases, known)
    if not aliases:
        if rest:
            raise UserError("console.no_options", command=CommandLabel(cmd.path))
        return {}
    pattern = re.compile(
        r"(?:(?<=\s)|^)("
        + "|".join(re.escape(a) for a in sorted(aliases, key=len, reverse=True))
        + r"):",
        re.IGNORECASE,
    )
    marks = list(pattern.finditer(rest))
    out: dict[str, str] = {}
    for i, mark in enumerate(marks):
        end = marks[i + 1].start() if i + 1 < len(marks) else len(rest)
        name = aliases[mark.group(1).lower()]
        out[name] = rest[mark.end() : end].strip()
    head = rest[: marks[0].start()] if marks else rest
    if head.strip():
        out.update(_positional(head.split(), cmd, set(out)))
    return out


def _positional(words: list[str], cmd: Command, named: set[str]) -> dict[str, str]:
    """Unnamed leading text: the first option's value, with trailing numbers or yes/no words
    taken by the next unnamed options in order (`/dmg Лесной медведь 3` → target, amount)."""
    free = [o for o in cmd.options if o.name not in named]
    if not free:
        raise UserError("console.no_options", command=CommandLabel(cmd.path))
    first = next((o for o in free if o.required), free[0])
    rest = [o for o in free if o is not first and o.type in (int, float, bool)]
    out: dict[str, str] = {}
    taken = 0
    for k in range(min(len(rest), len(words) - 1), 0, -1):
        tail = words[len(words) - k :]
        if all(_looks_like(o, w) for o, w in zip(rest, tail, strict=False)):
            out.update({o.name: w for o, w in zip(rest, tail, strict=False)})
            taken = k
            break
    out[first.name] = " ".join(words[: len(words) - taken])
    return out


def _looks_like(option: Option, word: str) -> bool:
    if option.type is bool:
        return word.lower() in _TRUE | _FALSE
    try:
        float(word.replace(",", ".")) if option.type is float else int(word)
    except ValueError:
        return False
    return True


def convert(option: Option, raw: str, cmd: Command | None = None) -> Any:
    """Turn typed text into the option's type, enforcing Discord's limits for that option."""
    value: Any
    shown = Localized.option_name(option, cmd)
    if option.type is bool:
        low = raw.strip().lower()
        if low not in _TRUE | _FALSE:
            raise UserError("console.bad_bool", name=shown, value=raw)
        return low in _TRUE
    if option.type is int or option.type is float:
        try:
            value = option.type(raw.strip().replace(",", ".") if option.type is float else raw)
        except ValueError:
            raise UserError(not_a_number_key(option, cmd), name=shown, value=raw) from None
        low_ok = option.min_value is None or value >= option.min_value
        high_ok = option.max_value is None or value <= option.max_value
        if not (low_ok and high_ok):
            raise UserError(
                range_key(option, cmd, value),
                name=shown,
                value=value,
                min=option.min_value if option.min_value is not None else "−∞",
                max=option.max_value if option.max_value is not None else "∞",
            )
        return value
    if option.type is UserRef:
        return UserRef.from_name(raw.strip().lstrip("@"))
    value = raw
    if option.choices:
        typed = " ".join(raw.split()).casefold()
        for choice in option.choices:
            names = (choice.value, choice.name, *choice.aliases)
            names += tuple(choice.label(lang) for lang in LANGUAGES)
            if typed in (n.casefold() for n in names):
                return choice.value
        allowed = Localized(
            ru=", ".join(c.listed("ru") for c in option.choices),
            en=", ".join(c.listed("en") for c in option.choices),
        )
        key = bad_choice_key(tuple(cmd.path) if cmd else (), option.name, raw)
        raise UserError(key, name=shown, value=raw, allowed=allowed)
    if option.max_length is not None and len(value) > option.max_length:
        raise UserError("error.too_long", name=shown, max=option.max_length)
    if option.min_length is not None and len(value) < option.min_length:
        raise UserError("error.too_short", name=shown, min=option.min_length)
    return value


@dataclass
class Console:
    """One console session: who acts, where, and the last reply for `!press`."""

    services: Services
    user: str = "player"
    channel: str = "table"
    lang: str = "ru"
    can_manage: bool = False
    can_moderate: bool = False
    last: Reply | None = None
    commands: list[Command] = field(default_factory=list)
    plain: bool = False  # replies without Discord markdown (`console --plain`)

    def __post_init__(self) -> None:
        self.commands = list(load_handlers().commands.values())

    def ctx(self) -> Ctx:
        return Ctx(
            services=self.services,
            user=UserRef.from_name(self.user),
            channel_id=stable_id("#" + self.channel),
            guild_id=stable_id("console-guild"),
            lang=self.lang,
            can_manage=self.can_manage,
            can_moderate=self.can_moderate,
        )

    async def execute(self, line: str) -> str:
        """Run one typed line and return the rendered reply ('' for blank lines and comments)."""
        line = line.strip()
        if not line or line.startswith("#"):
            return ""
        ctx = self.ctx()
        try:
            reply = await self._dispatch(ctx, line)
        except UserError as exc:
            reply = exc.reply(ctx)
        except Exception as exc:  # a bug: an apology with an id, never a traceback on screen
            reply = Reply.error(ctx.t("error.unexpected", error_id=log_unexpected(line, exc)))
        if reply is None:
            return ""
        if reply.actions:
            self.last = reply
        if self.plain:
            from bot.render.plain import render_plain

            return render_plain(reply, self.lang)
        return render_text(reply, self.lang)

    async def _dispatch(self, ctx: Ctx, line: str) -> Reply | None:
        if line.startswith("!"):
            word, _, arg = line[1:].partition(" ")
            arg = arg.strip()
            if word == "user" and arg:
                self.user = arg
                return None
            if word == "channel" and arg:
                self.channel = arg.lstrip("#")
                return None
            if word == "press" and arg:
                return await self._press(ctx, arg)
            if word in CONSOLE_WORDS:  # `!press` alone: say what it does and what there is
                return Reply(body=ctx.t(f"console.usage.{word}"), ephemeral=True)
            raise UserError("console.unknown_line", name=line.split()[0])
        if line.lower() in HELP_WORDS:  # ru-19 G6: the console's `help` opens on the overview
            return await self._help(ctx)
        if not line.startswith("/"):
            return await self._chat(ctx, line)
        parsed = parse_line(line, self.commands)
        reply = await run_command(parsed.command, ctx, parsed.values)
        if parsed.command.path == ("help",) and not parsed.values:
            reply.fields.append(Field(ctx.t("console.help.title"), ctx.t("console.help.body")))
        return reply

    async def _chat(self, ctx: Ctx, text: str) -> Reply | None:
        """A plain line is a chat message: the chat listeners (inline `[[term]]`) may answer."""
        for listener in load_handlers().chat_listeners:
            reply = await listener(ctx, text)
            if reply is not None:
                return reply
        return None

    async def _help(self, ctx: Ctx) -> Reply:
        """The overview page of `/help` (not the running game's page: the word asks for the
        whole manual) with the console's own lines."""
        reply = await run_action(ctx, HELP_OVERVIEW, "")
        reply.edit_origin, reply.ephemeral = False, True
        reply.fields.append(Field(ctx.t("console.help.title"), ctx.t("console.help.body")))
        return reply

    async def _press(self, ctx: Ctx, arg: str) -> Reply:
        items = pressable(self.last) if self.last else []
        if not items:
            raise UserError("console.nothing_to_press")
        number = ascii_int(arg)
        if number is None or not 1 <= number <= len(items):  # never «от 1 до 1» (playtest 6, G1)
            key = "console.bad_press_one" if len(items) == 1 else "console.bad_press"
            raise UserError(key, count=len(items))
        action_id, payload = items[number - 1]
        return await run_action(ctx, action_id, payload)


async def read_line(stdin: TextIO) -> str:
    """The next line of `stdin` ('' at the end), read without blocking the event loop.

    A daemon thread rather than the loop's executor: on Ctrl+C, `asyncio.run` waits for its
    executor's threads, and a thread blocked in `readline` would hold the exit until Enter.
    """
    loop = asyncio.get_running_loop()
    future: asyncio.Future[str] = loop.create_future()

    def settle(line: str | None, error: BaseException | None) -> None:
        if future.done():
            return
        if error is not None:
            future.set_exception(error)
        else:
            future.set_result(line or "")

    def read() -> None:
        try:
            line, error = stdin.readline(), None
        except Exception as exc:
            line, error = None, exc
        with contextlib.suppress(RuntimeError):  # the loop closed meanwhile (Ctrl+C)
            loop.call_soon_threadsafe(settle, line, error)

    threading.Thread(target=read, name="console-stdin", daemon=True).start()
    return await future


def log_unexpected(line: str, exc: Exception) -> str:
    """Log a failure under a new error id: one line, the traceback only at DEBUG level."""
    error_id = new_error_id()
    log.error("error %s in %r: %s: %s", error_id, line, type(exc).__name__, exc)
    log.debug("traceback of error %s", error_id, exc_info=exc)
    return error_id


async def run_console(
    console: Console,
    stdin: TextIO = sys.stdin,
    stdout: TextIO = sys.stdout,
    prompt: Callable[[], str] | None = None,
) -> int:
    """Read lines until end of input, printing each reply; interactive when stdin is a TTY."""
    interactive = stdin.isatty()
    while True:
        if interactive:
            stdout.write(prompt() if prompt else f"{console.user}@#{console.channel}> ")
            stdout.flush()
        line = await read_line(stdin)
        if not line:
            break
        if line.strip().lower() in EXIT_WORDS:
            break
        out = await console.execute(line)
        if out:
            echo = "" if interactive else f"» {line.strip()}\n"
            try:
                stdout.write(echo + out + "\n")
                stdout.flush()
            except BrokenPipeError:  # the reader (e.g. `| head`) has gone: stop quietly
                with contextlib.suppress(OSError, ValueError):
                    os.dup2(os.open(os.devnull, os.O_WRONLY), stdout.fileno())
                return 0
    return 0
