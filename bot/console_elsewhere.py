"""Console: an option typed to a command that lacks it but that another command has.

Playtest 14, W1: `/существо добавить … уровень:2` was told «пишите жизнь:2», which records a
wizard's level as his wounds. A level is not an amount of anything the unit keeps, so it is
never redirected to a number option: the refusal says where the level is typed instead."""

from __future__ import annotations

import re
from collections.abc import Callable

from bot.registry import Command, CommandLabel, Localized, UserError, command_label, option_label

# Option names that state a property of one roll, never an amount a unit keeps.
_PROPERTIES = frozenset({"level"})


def refuse_property_elsewhere(
    rest: str,
    cmd: Command,
    commands: list[Command],
    names: Callable[..., list[str]],
) -> None:
    """Raise when `rest` types a roll's property (`уровень:2`) to a command that keeps a unit's
    life: name the commands that take it, and say what `жизнь` records."""
    own = {n.lower() for o in cmd.options for n in names(o, cmd)}
    if "life" not in {o.name for o in cmd.options}:
        return
    for mark in re.finditer(r"(?:(?<=\s)|^)([\w-]+):", rest):
        word = mark.group(1).lower()
        if word in own:
            continue
        users = [
            c
            for c in commands
            for o in c.options
            if o.name in _PROPERTIES and word in {n.lower() for n in names(o, c)}
        ]
        if not users:
            continue
        raise UserError(
            "console.level_elsewhere",
            name=mark.group(1),
            command=CommandLabel(cmd.path),
            elsewhere=Localized(
                ru=", ".join(command_label(c.path, "ru") for c in users),
                en=", ".join(command_label(c.path, "en") for c in users),
            ),
            life=Localized(ru=option_label(cmd, "life", "ru"), en=option_label(cmd, "life", "en")),
        )
