"""Shell subcommands generated from the registry's command declarations.

A `CliCommand` names a registry command (`("mw", "attack")`) and the words it is reached by
(`roll mw attack`); its flags are that command's options, as Discord and the console see them:
`--target-daze` for `target_daze`, the Russian name as an alias (`--броня`), the catalogue's
description with the option's range as help, and values converted and checked by the console's
own `convert`, so a bad value gets the same catalogue message as anywhere else. `--json`,
`--seed` and `--lang` are added on top; options that mean nothing in a shell (`private`, the
tracker's `target`) are left out.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from bot.config import Settings
from bot.i18n import t
from bot.registry import Command, Localized, Option, UserError, as_user_error, load_handlers
from bot.reply import Reply

from . import texts
from .texts import h, help_of

EXIT_OK = 0
EXIT_NOT_FOUND = 1
EXIT_BAD_INPUT = 2

Json = dict[str, Any]
Tr = Callable[..., str]
# What a run gives: the JSON shape, and the reply for the terminal in a language.
Result = tuple[Json, Callable[[Tr], Reply]]
# The values given (converted and range-checked) and the RNG → the result.
Runner = Callable[[dict[str, Any], random.Random], Result]
SHELL_LESS = frozenset({"private", "target"})


@dataclass(frozen=True)
class CliCommand:
    words: tuple[str, ...]  # `("roll", "mw", "attack")`
    command: tuple[str, ...]  # the registry path it is generated from
    run: Runner
    seeded: bool = True  # rolls take `--seed`; odds draw nothing
    positional: tuple[str, ...] = ()  # options given without a flag (`roll expr 4d6`)
    require: frozenset[str] = frozenset()  # optional on Discord, needed without a tracker
    skip: frozenset[str] = SHELL_LESS
    aliases: Mapping[str, tuple[str, ...]] = field(default_factory=dict)  # older flag spellings

    def declared(self) -> Command:
        cmd = load_handlers().commands.get(self.command)
        if cmd is None:
            raise LookupError(f"no registered command {' '.join(self.command)!r}")
        return cmd

    def options(self) -> list[Option]:
        return [o for o in self.declared().options if o.name not in self.skip]


def flag(name: str) -> str:
    return "--" + name.replace("_", "-")


def option_help(cmd: Command, opt: Option) -> str:
    """The catalogue's description of the option, with its range or choices."""
    text = help_of(f"{cmd.key}.opt.{opt.name}") or ""
    limits: list[str] = []
    if opt.min_value is not None or opt.max_value is not None:
        lo = "−∞" if opt.min_value is None else str(opt.min_value).replace("-", "−")
        hi = "∞" if opt.max_value is None else str(opt.max_value)
        limits.append(h("help.range", min=lo, max=hi))
    if opt.max_length is not None:
        limits.append(h("help.max_length", max=opt.max_length))
    if opt.choices:
        limits.append(h("help.choices", choices=", ".join(c.value for c in opt.choices)))
    return f"{text} ({'; '.join(limits)})" if limits else text


def _metavar(opt: Option) -> str:
    if opt.choices:
        return "{" + ",".join(c.value for c in opt.choices) + "}"
    return "N" if opt.type in (int, float) else h("metavar.text")


def add_command(
    groups: dict[tuple[str, ...], argparse._SubParsersAction[argparse.ArgumentParser]],
    spec: CliCommand,
    group_help: Mapping[tuple[str, ...], str],
) -> argparse.ArgumentParser:
    """Add the subcommand for `spec` under its words, making the groups on the way."""
    for depth in range(1, len(spec.words)):
        prefix = spec.words[:depth]
        if prefix in groups:
            continue
        parent = groups[spec.words[: depth - 1]]
        text = group_help.get(prefix, "")
        node = parent.add_parser(prefix[-1], help=text, description=text)
        groups[prefix] = node.add_subparsers(
            dest="_".join(prefix), metavar=h("metavar.command"), required=True
        )
    cmd = spec.declared()
    text = help_of(cmd.key) or ""
    p = groups[spec.words[:-1]].add_parser(spec.words[-1], help=text, description=text)
    declared = {flag(o.name) for o in spec.options()}  # the declared names win over any alias
    for opt in spec.options():
        kw: dict[str, Any] = {"dest": opt.name, "help": option_help(cmd, opt)}
        if opt.name in spec.positional:
            p.add_argument(opt.name, metavar=opt.name.upper(), **{"help": kw["help"]})
            continue
        names = [flag(opt.name), *spec.aliases.get(opt.name, ())]
        ru = flag(Localized.option_name(opt).ru)
        if ru not in declared and ru not in p._option_string_actions:  # a name taken: no alias
            names.append(ru)
        if opt.type is bool:
            p.add_argument(*names, action="store_true", default=None, **kw)
        else:
            required = opt.required or opt.name in spec.require
            p.add_argument(*names, required=required, metavar=_metavar(opt), **kw)
    if spec.seeded:
        p.add_argument("--seed", type=int, metavar="N", help=h("opt.seed"))
    p.add_argument("--json", action="store_true", help=h("opt.json"))
    texts.add_lang(p)
    p.set_defaults(func=lambda args, settings: run_generated(spec, args, settings))
    return p


def values_of(spec: CliCommand, args: argparse.Namespace) -> dict[str, Any]:
    """The options given, converted and range-checked as the console does (UserError if not)."""
    from bot.console import convert

    out: dict[str, Any] = {}
    for opt in spec.options():
        raw = getattr(args, opt.name, None)
        if raw is None:
            continue
        out[opt.name] = True if opt.type is bool else convert(opt, str(raw))
    return out


def tr_for(lang: str) -> Tr:
    def tr(key: str, /, **params: object) -> str:
        return t(key, lang, **params)

    return tr


def print_json(data: Any) -> None:
    json.dump(data, sys.stdout, ensure_ascii=False, indent=2)
    sys.stdout.write("\n")


def error_text(exc: UserError, lang: str) -> str:
    """A refusal's catalogue text; options are named by their flags' (English) names."""
    params = {k: v.en if isinstance(v, Localized) else v for k, v in exc.params.items()}
    return t(exc.key, lang, **params)


def guarded(lang: str, work: Callable[[], int]) -> int:
    """Run `work`; bad input is one catalogue line on stderr and exit 2 (a closed pipe is the
    CLI's `main`'s to answer, for every subcommand alike)."""
    try:
        return work()
    except Exception as err:
        exc = as_user_error(err)  # a UserError, or an engine's own refusal as the handlers say it
        if exc is None:
            raise
        print(error_text(exc, lang), file=sys.stderr)
        return EXIT_BAD_INPUT


def result_lang(args: argparse.Namespace, settings: Settings) -> str:
    return str(getattr(args, "lang", None) or getattr(args, "top_lang", None) or settings.locale)


def run_generated(spec: CliCommand, args: argparse.Namespace, settings: Settings) -> int:
    from bot.render.plain import render_plain

    lang = result_lang(args, settings)
    seed = getattr(args, "seed", None)
    rng: random.Random = random.SystemRandom() if seed is None else random.Random(seed)

    def work() -> int:
        data, reply = spec.run(values_of(spec, args), rng)
        if args.json:
            print_json(data)
        else:
            print(render_plain(reply(tr_for(lang)), lang), end="")
        return EXIT_OK

    return guarded(lang, work)


def register_all(
    sub: argparse._SubParsersAction[argparse.ArgumentParser],
    specs: Sequence[CliCommand],
    group_help: Mapping[tuple[str, ...], str],
) -> None:
    groups: dict[tuple[str, ...], argparse._SubParsersAction[argparse.ArgumentParser]] = {(): sub}
    for spec in specs:
        add_command(groups, spec, group_help)
