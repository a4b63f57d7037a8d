"""Build discord.py app commands from the registry: no hand-written code per command.

Each `bot.registry.Command` becomes an `app_commands.Command` whose callback has a synthetic
signature (one keyword parameter per option, annotated with the Discord type and range), so
discord.py produces the option payload and converts the values. Two-word paths become
subcommands of an `app_commands.Group`. Texts are `locale_str` in English (Discord's base
language) carrying the catalogue key, so the `Translator` can add the Russian ones.
"""

from __future__ import annotations

import inspect
import keyword
from collections.abc import Awaitable, Callable, Sequence
from typing import Any, Union

import discord
from discord import app_commands
from discord.app_commands import locale_str

from bot.context import UserRef
from bot.discord.dispatch import coerce, run_autocomplete, run_menu, run_slash
from bot.i18n import catalogue
from bot.registry import (
    Command,
    MessageMenu,
    Option,
    Registry,
    command_name_key,
    option_name_key,
)

BASE_LANGUAGE = "en"
KEY = "key"  # locale_str extra: the catalogue key of a text: a description, a name, a menu

AppCommand = app_commands.Command[Any, ..., Any] | app_commands.Group | app_commands.ContextMenu


def text(key: str, lang: str = BASE_LANGUAGE) -> str:
    """A catalogue text, or the key itself when missing (then `check` reports it)."""
    return catalogue().lookup(key, lang) or key


def described(key: str) -> locale_str:
    return locale_str(text(key), **{KEY: key})


def named(name: str, key: str | None) -> str | locale_str:
    """A command, group or option name; the translator takes its Russian one from `key`."""
    return locale_str(name, **{KEY: key}) if key and key in catalogue() else name


def annotation_for(opt: Option) -> Any:
    """The annotation discord.py turns into this option's type, range and length limits."""
    if opt.type is UserRef:
        return Union[discord.Member, discord.User]  # noqa: UP007 (discord.py reads typing.Union)
    if opt.type is bool:
        return bool
    if opt.type is int or opt.type is float:
        if opt.min_value is None and opt.max_value is None:
            return opt.type
        lo = None if opt.min_value is None else opt.type(opt.min_value)
        hi = None if opt.max_value is None else opt.type(opt.max_value)
        return app_commands.Range[opt.type, lo, hi]
    if opt.min_length is None and opt.max_length is None:
        return str
    return app_commands.Range[str, opt.min_length, opt.max_length]


def _param_name(opt: Option, index: int) -> str:
    ok = opt.name.isidentifier() and not keyword.iskeyword(opt.name) and opt.name != "interaction"
    return opt.name if ok else f"option_{index}"


def build_command(cmd: Command) -> app_commands.Command[Any, ..., Any]:
    """One registry command as an app command (the caller adds it to its group, if any)."""
    py_names = {_param_name(o, i): o for i, o in enumerate(cmd.options)}

    async def callback(interaction: discord.Interaction[Any], **values: Any) -> None:
        await run_slash(interaction, cmd, {py_names[k].name: v for k, v in values.items()})

    params = [
        inspect.Parameter(
            "interaction", inspect.Parameter.POSITIONAL_OR_KEYWORD, annotation=discord.Interaction
        )
    ]
    descriptions: dict[str, locale_str] = {}
    renames: dict[str, str | locale_str] = {}
    choices: dict[str, list[app_commands.Choice[Any]]] = {}
    for py_name, opt in py_names.items():
        params.append(
            inspect.Parameter(
                py_name,
                inspect.Parameter.KEYWORD_ONLY,
                annotation=annotation_for(opt),
                default=inspect.Parameter.empty if opt.required else None,
            )
        )
        descriptions[py_name] = described(f"{cmd.key}.opt.{opt.name}")
        renames[py_name] = named(opt.name, option_name_key(cmd.path, opt.name))
        if opt.choices:
            choices[py_name] = [
                app_commands.Choice(name=_choice_name(c.name), value=coerce(opt.type, c.value))
                for c in opt.choices
            ]
    fn: Any = callback
    fn.__signature__ = inspect.Signature(params)
    fn.__discord_app_commands_param_description__ = descriptions
    if renames:
        fn.__discord_app_commands_param_rename__ = renames
    if choices:
        fn.__discord_app_commands_param_choices__ = choices

    command: app_commands.Command[Any, ..., Any] = app_commands.Command(
        name=named(cmd.path[-1], command_name_key(cmd.path)),
        description=described(cmd.key),
        callback=fn,
        extras={"registry": cmd},
    )
    if cmd.guild_only and len(cmd.path) == 1:
        command.guild_only = True
    for py_name, opt in py_names.items():
        if opt.autocomplete is not None and not opt.choices:
            command.autocomplete(py_name)(_autocompleter(cmd, opt.name))  # type: ignore[arg-type]
    return command


def _choice_name(name: str) -> str | locale_str:
    """A fixed choice shows its text; a catalogue key is translated like a description."""
    return described(name) if name in catalogue() else name


def _autocompleter(
    cmd: Command, option: str
) -> Callable[[discord.Interaction[Any], str], Awaitable[list[app_commands.Choice[Any]]]]:
    async def complete(
        interaction: discord.Interaction[Any], current: str
    ) -> list[app_commands.Choice[Any]]:
        return await run_autocomplete(interaction, cmd, option, current)

    return complete


def build_menu(menu: MessageMenu) -> app_commands.ContextMenu:
    """A message context menu whose handler gets the message text."""

    async def callback(interaction: discord.Interaction[Any], message: discord.Message) -> None:
        await run_menu(interaction, menu, message_text(message))

    return app_commands.ContextMenu(
        name=described(menu.key), callback=callback, extras={"registry": menu}
    )


def message_text(message: discord.Message) -> str:
    """The words of a message: its content, else the text of its embeds."""
    if message.content.strip():
        return message.content
    parts: list[str] = []
    for embed in message.embeds:
        parts += [p for p in (embed.title, embed.description) if p]
        parts += [f"{f.name}\n{f.value}" for f in embed.fields]
    return "\n\n".join(parts)


def build_area(registry: Registry, area: str) -> list[AppCommand]:
    """Top-level app commands (commands, groups, menus) of one area, in path order."""
    return build_commands(registry.by_area(area)) + [
        build_menu(m) for m in registry.menus.values() if m.area == area
    ]


def build_commands(commands: Sequence[Command]) -> list[AppCommand]:
    """Commands with two-word paths are grouped under their first word."""
    out: list[AppCommand] = []
    groups: dict[str, app_commands.Group] = {}
    for cmd in sorted(commands, key=lambda c: c.path):
        built = build_command(cmd)
        if len(cmd.path) == 1:
            out.append(built)
            continue
        head = cmd.path[0]
        group = groups.get(head)
        if group is None:
            group = app_commands.Group(
                name=named(head, command_name_key((head,))),
                description=described(f"cmd.{head}"),
                guild_only=cmd.guild_only,
            )
            groups[head] = group
            out.append(group)
        group.add_command(built)
    return out
