"""Offline validation of the full command payload against Discord's rules (`python -m bot check`).

The payload is what `tree.sync()` would send, translations included, built without any network.
Python's `re` has no `\\p{L}`, so names are checked character by character (see `names.py`).
"""

from __future__ import annotations

import asyncio
import logging
from collections import Counter
from collections.abc import Coroutine, Iterable
from concurrent.futures import ThreadPoolExecutor
from typing import Any, TypeVar

import discord
from discord import app_commands

from bot import limits
from bot.checks import checker
from bot.discord.build import AppCommand, build_commands, build_menu
from bot.discord.names import valid_menu_name, valid_name
from bot.discord.sync import command_payload
from bot.discord.translator import CatalogueTranslator
from bot.i18n import LANGUAGES, Catalogue, catalogue
from bot.registry import (
    Command,
    Registry,
    command_name_key,
    load_handlers,
    option_name_keys,
)

T = TypeVar("T")

DESCRIPTION_MAX = limits.COMMAND_DESCRIPTION
OPTIONS_MAX = limits.COMMAND_OPTIONS
CHOICES_MAX = limits.CHOICES
CHOICE_MAX = limits.CHOICE_NAME
COMMAND_CHARS_MAX = limits.COMMAND_CHARS
GLOBAL_COMMANDS_MAX = limits.GLOBAL_COMMANDS
MENUS_MAX = limits.MESSAGE_MENUS

CHAT_INPUT, USER_MENU, MESSAGE_MENU = 1, 2, 3
SUB_COMMAND, SUB_COMMAND_GROUP = 1, 2


def build_items(registry: Registry) -> tuple[list[AppCommand], list[str]]:
    """Every app command of the registry, plus the problems that stopped some from building."""
    problems: list[str] = []
    ok: list[Command] = []
    for cmd in registry.commands.values():
        try:
            build_commands([cmd])
        except (TypeError, ValueError) as exc:
            problems.append(f"/{cmd.qualified_name}: cannot be built: {exc}")
        else:
            ok.append(cmd)
    items: list[AppCommand] = []
    try:
        items += build_commands(ok)
    except (TypeError, ValueError) as exc:
        problems.append(f"command groups cannot be built: {exc}")
    for menu in registry.menus.values():
        try:
            items.append(build_menu(menu))
        except (TypeError, ValueError) as exc:
            problems.append(f"menu {menu.key!r}: cannot be built: {exc}")
    return items, problems


async def offline_payload(items: Iterable[AppCommand]) -> list[dict[str, Any]]:
    """The translated sync payload of `items`, from a client that never connects."""
    quiet = logging.getLogger("discord")
    level = quiet.level
    quiet.setLevel(logging.ERROR)  # the voice and intents notices are noise for an offline client
    try:
        client = discord.Client(intents=discord.Intents(guilds=True))
    finally:
        quiet.setLevel(level)
    tree: app_commands.CommandTree[discord.Client] = app_commands.CommandTree(client)
    await tree.set_translator(CatalogueTranslator())
    for item in items:
        tree.add_command(item)
    return await command_payload(tree)


def validate_payload(payload: list[dict[str, Any]]) -> list[str]:
    """Every way `payload` breaks Discord's limits; empty when it is fine."""
    problems: list[str] = []
    by_type = Counter(int(c.get("type", CHAT_INPUT)) for c in payload)
    if by_type[CHAT_INPUT] > GLOBAL_COMMANDS_MAX:
        problems.append(f"{by_type[CHAT_INPUT]} slash commands (max {GLOBAL_COMMANDS_MAX})")
    for kind in (USER_MENU, MESSAGE_MENU):
        if by_type[kind] > MENUS_MAX:
            problems.append(f"{by_type[kind]} context menus of type {kind} (max {MENUS_MAX})")
    names = Counter((int(c.get("type", CHAT_INPUT)), c.get("name")) for c in payload)
    problems += [f"command name {n!r} used twice" for (_, n), k in names.items() if k > 1]
    for cmd in payload:
        kind = int(cmd.get("type", CHAT_INPUT))
        label = f"/{cmd.get('name')}" if kind == CHAT_INPUT else f"menu {cmd.get('name')!r}"
        if kind == CHAT_INPUT:
            problems += _check_node(cmd, label)
        else:
            problems += _check_menu(cmd, label)
        size = command_chars(cmd)
        if size > COMMAND_CHARS_MAX:
            problems.append(f"{label}: {size} characters with localizations (max 8000)")
    return problems


def command_chars(node: Any) -> int:
    """Characters in every name, description and value, localizations included."""
    total = 0
    if isinstance(node, dict):
        for key, value in node.items():
            if key in ("name", "description", "value") and isinstance(value, str | int | float):
                total += len(str(value)) if not isinstance(value, bool) else 0
            elif key.endswith("_localizations") and isinstance(value, dict):
                total += sum(len(str(v)) for v in value.values())
            elif isinstance(value, list | dict):
                total += command_chars(value)
    elif isinstance(node, list):
        total += sum(command_chars(v) for v in node)
    return total


def _check_menu(cmd: dict[str, Any], label: str) -> list[str]:
    problems: list[str] = []
    for lang, name in [("base", cmd.get("name", "")), *_localized(cmd, "name")]:
        if not valid_menu_name(str(name)):
            problems.append(f"{label}: {lang} name {name!r} must be 1–32 characters")
    return problems


def _localized(node: dict[str, Any], field: str) -> list[tuple[str, Any]]:
    return list((node.get(f"{field}_localizations") or {}).items())


def _check_texts(node: dict[str, Any], label: str) -> list[str]:
    problems: list[str] = []
    for lang, name in [("base", node.get("name", "")), *_localized(node, "name")]:
        if not valid_name(str(name)):
            problems.append(
                f"{label}: {lang} name {name!r} breaks ^[-_'\\p{{L}}\\p{{N}}]{{1,32}}$ lowercase"
            )
    for lang, text in [("base", node.get("description", "")), *_localized(node, "description")]:
        if not 1 <= len(str(text)) <= DESCRIPTION_MAX:
            problems.append(f"{label}: {lang} description has {len(str(text))} characters (1–100)")
    return problems


def _check_node(node: dict[str, Any], label: str) -> list[str]:
    """A slash command, subcommand group or subcommand, recursively."""
    problems = _check_texts(node, label)
    options: list[dict[str, Any]] = node.get("options") or []
    if len(options) > OPTIONS_MAX:
        problems.append(f"{label}: {len(options)} options (max {OPTIONS_MAX})")
    seen: set[tuple[str, str]] = set()
    optional_seen: str | None = None
    for opt in options:
        name = str(opt.get("name", ""))
        olabel = f"{label} {name}"
        for lang, shown in [("base", name), *_localized(opt, "name")]:
            if (lang, shown) in seen:
                problems.append(f"{label}: {lang} option name {shown!r} used twice")
            seen.add((lang, shown))
        if opt.get("type") in (SUB_COMMAND, SUB_COMMAND_GROUP):
            problems += _check_node(opt, olabel)
            continue
        problems += _check_texts(opt, olabel)
        if opt.get("required"):
            if optional_seen is not None:
                problems.append(f"{label}: required {name!r} after optional {optional_seen!r}")
        else:
            optional_seen = optional_seen or name
        choices: list[dict[str, Any]] = opt.get("choices") or []
        if len(choices) > CHOICES_MAX:
            problems.append(f"{olabel}: {len(choices)} choices (max {CHOICES_MAX})")
        if choices and opt.get("autocomplete"):
            problems.append(f"{olabel}: choices and autocomplete exclude each other")
        for ch in choices:
            for lang, text in [("base", ch.get("name", "")), *_localized(ch, "name")]:
                if not 1 <= len(str(text)) <= CHOICE_MAX:
                    problems.append(f"{olabel}: {lang} choice name {text!r} must be 1–100 chars")
            value = ch.get("value")
            if isinstance(value, str) and not 1 <= len(value) <= CHOICE_MAX:
                problems.append(f"{olabel}: choice value {value!r} must be 1–100 characters")
    return problems


def validate_registry(registry: Registry) -> list[str]:
    """Problems in the declarations that the payload cannot show."""
    problems: list[str] = []
    group_areas: dict[str, set[str]] = {}
    for cmd in registry.commands.values():
        label = f"/{cmd.qualified_name}"
        if not 1 <= len(cmd.path) <= 2:
            problems.append(f"{label}: a path has one or two words")
        if len(cmd.path) == 2:
            group_areas.setdefault(cmd.path[0], set()).add(cmd.area)
        optional: str | None = None
        for opt in cmd.options:
            if opt.required and optional is not None:
                problems.append(f"{label}: required {opt.name!r} declared after {optional!r}")
            if not opt.required:
                optional = optional or opt.name
            if opt.choices and opt.autocomplete is not None:
                problems.append(f"{label} {opt.name}: choices and autocomplete exclude each other")
    for group, areas in sorted(group_areas.items()):
        if len(areas) > 1:
            problems.append(f"group /{group} spans areas {sorted(areas)}: keep it in one cog")
    return problems + name_problems(registry)


def name_problems(registry: Registry, cat: Catalogue | None = None) -> list[str]:
    """Every command word and option is named in the catalogue in each language: the English
    name is the declared one (a contract), each name follows Discord's rules."""
    cat = cat or catalogue()
    problems: list[str] = []

    def check(key: str | None, what: str, declared: str) -> None:
        names = {lang: cat.lookup_exact(key, lang) if key else None for lang in LANGUAGES}
        for lang, name in names.items():
            if name is None:
                problems.append(f"{what}: no {lang} name in the catalogue ({key or '?'})")
            elif not valid_name(name):
                problems.append(f"{what}: {lang} name {name!r} breaks Discord's name rules")
        if names.get("en") not in (None, declared):
            problems.append(f"{what}: English name {names['en']!r} differs from {declared!r}")

    paths = {cmd.path[: i + 1] for cmd in registry.commands.values() for i in range(len(cmd.path))}
    for path in sorted(paths):
        check(command_name_key(path), "/" + " ".join(path), path[-1])
    for cmd in registry.commands.values():
        for opt in cmd.options:
            key = next((k for k in option_name_keys(cmd.path, opt.name) if k in cat), None)
            check(key, f"/{cmd.qualified_name} {opt.name}", opt.name)
    return problems


def cog_problems(registry: Registry) -> list[str]:
    """Every area with commands needs a `cogs/<area>.py` extension, or its commands never load."""
    from bot.discord.client import extension_names

    have = {name.rsplit(".", 1)[-1] for name in extension_names()}
    return [f"area {a!r} has no cogs/{a}.py" for a in registry.areas() if a not in have]


def run_sync(coro: Coroutine[Any, Any, T]) -> T:
    """Run a coroutine to completion, also when called from inside a running loop."""
    try:
        asyncio.get_running_loop()
    except RuntimeError:
        return asyncio.run(coro)
    with ThreadPoolExecutor(max_workers=1) as pool:
        return pool.submit(asyncio.run, coro).result()


def validate_all(registry: Registry) -> tuple[list[str], int]:
    """All problems and the number of top-level commands checked."""
    problems = validate_registry(registry) + cog_problems(registry)
    items, build_problems = build_items(registry)
    problems += build_problems
    payload = run_sync(offline_payload(items))
    problems += validate_payload(payload)
    return problems, len(payload)


@checker("discord command tree")
def check_command_tree(report: list[str]) -> list[str]:
    problems, count = validate_all(load_handlers())
    report.append(f"discord: {count} top-level app commands validated offline")
    return problems
