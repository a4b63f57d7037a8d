"""`check`: each handler's signature agrees with the options its command declares.

A handler is called as `handler(ctx, **values)` with only the options the user gave, so:
- every declared option needs a parameter, or a `**options` that takes it;
- an optional option needs a default, and a required one has none;
- a parameter that is no option (and not `ctx`) can never be filled.
`**options: Unpack[SomeTypedDict]` is compared key by key (required keys for required options);
a bare `**options` takes any name, and the report says how many options it takes unchecked.
"""

from __future__ import annotations

import inspect
import typing
from typing import Any

from bot.checks import checker
from bot.registry import Command, load_handlers


def _bundle(handler: Any, name: str) -> tuple[set[str], set[str]] | None:
    """(required keys, all keys) of a `**name: Unpack[TypedDict]`, or None if not typed so."""
    try:
        hints = typing.get_type_hints(handler, include_extras=True)
    except Exception:  # an annotation that does not resolve: treated as a bare `**options`
        return None
    hint = hints.get(name)
    if typing.get_origin(hint) is not typing.Unpack:
        return None
    (bundle,) = typing.get_args(hint)
    keys = set(typing.get_type_hints(bundle))
    return set(getattr(bundle, "__required_keys__", keys)), keys


def signature_problems(cmd: Command) -> tuple[list[str], int]:
    """The mismatches of one command, and how many options a bare `**options` took unchecked."""
    where = f"/{cmd.qualified_name} ({cmd.handler.__module__}.{cmd.handler.__qualname__})"
    params = list(inspect.signature(cmd.handler).parameters.values())[1:]  # after ctx
    named = {
        p.name: p
        for p in params
        if p.kind in (inspect.Parameter.POSITIONAL_OR_KEYWORD, inspect.Parameter.KEYWORD_ONLY)
    }
    rest = next((p for p in params if p.kind is inspect.Parameter.VAR_KEYWORD), None)
    bundle = _bundle(cmd.handler, rest.name) if rest is not None else None
    problems: list[str] = []
    unchecked = 0
    declared = {o.name for o in cmd.options}
    for opt in cmd.options:
        param = named.get(opt.name)
        if param is not None:
            has_default = param.default is not inspect.Parameter.empty
            if opt.required and has_default:
                problems.append(
                    f"{where}: option {opt.name!r} is required, its parameter has a default"
                )
            if not opt.required and not has_default:
                problems.append(
                    f"{where}: option {opt.name!r} is optional, its parameter has no default"
                )
        elif rest is None:
            problems.append(f"{where}: option {opt.name!r} has no parameter")
        elif bundle is None:
            unchecked += 1
        else:
            required, keys = bundle
            if opt.name not in keys:
                problems.append(f"{where}: option {opt.name!r} is not in **{rest.name}")
            elif opt.required != (opt.name in required):
                state = "required" if opt.required else "optional"
                problems.append(f"{where}: option {opt.name!r} is {state}, not so in **{rest.name}")
    problems += [
        f"{where}: parameter {name!r} is no declared option"
        for name in named
        if name not in declared
    ]
    if bundle is not None and rest is not None:
        problems += [
            f"{where}: **{rest.name} key {key!r} is no declared option"
            for key in sorted(bundle[1] - declared)
        ]
    return problems, unchecked


@checker("handler signatures")
def check_signatures(report: list[str]) -> list[str]:
    problems: list[str] = []
    unchecked = 0
    commands = list(load_handlers().commands.values())
    for cmd in commands:
        found, loose = signature_problems(cmd)
        problems += found
        unchecked += loose
    report.append(
        f"handler signatures: {len(commands)} compared with their options"
        f" ({unchecked} options taken by an untyped **options)"
    )
    return problems
