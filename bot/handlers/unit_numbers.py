"""`/unit add`'s game numbers typed as text (playtest 18, B3).

KeyForge's `power` is typed as text, so a Berserk player's «сила:2-3-4» (the card's strike)
reaches the handler instead of being refused with the whole creature. The number is read here,
with the bounds the option had; a game that keeps no such stat and says where the value goes
instead (`tracker.note.unit_option_elsewhere.<slug>.<option>`) gets the creature without it and
that line. Everything else is refused as the console refuses a bad number.
"""

from __future__ import annotations

from bot.games import game_options
from bot.i18n import catalogue, first_key, t
from bot.registry import Localized, Option, UserError
from bot.tracker.templates import template

PATH = ("unit", "add")


def number_options(kind: str) -> list[Option]:
    """The games' own `start` or `unit` options (`bot/games/<game>/__init__.py`), as options."""
    return [
        Option(o.name, str, max_length=20)
        if o.text
        else Option(o.name, int, min_value=o.min, max_value=o.max)
        for o in game_options(kind)
    ]


def _elsewhere(slug: str, name: str) -> str:
    """The game's line for a value it keeps elsewhere, or "" when it has none."""
    key = f"tracker.note.unit_option_elsewhere.{slug}.{name}"
    return key if slug and key in catalogue() else ""


def read_numbers(slug: str, typed: dict[str, int | str]) -> tuple[dict[str, int], dict[str, str]]:
    """The numbers to keep, and each value set aside (option → as typed) for the game's line."""
    bounds = {o.name: o for o in game_options("unit")}
    kept: dict[str, int] = {}
    aside: dict[str, str] = {}
    for name, value in typed.items():
        raw = str(value).strip()
        kept_stat = slug and name in template(slug).stats
        if _elsewhere(slug, name) and not kept_stat:
            aside[name] = raw
            continue
        if isinstance(value, int):
            kept[name] = value
            continue
        shown = Localized.option_name(Option(name, str), PATH)
        try:
            number = int(raw)
        except ValueError:
            key = first_key(f"error.not_a_number.{'.'.join(PATH)}.{name}", "error.not_a_number")
            raise UserError(key, name=shown, value=raw) from None
        o = bounds.get(name)
        if o is not None and not o.min <= number <= o.max:
            raise UserError("error.out_of_range", name=shown, value=number, min=o.min, max=o.max)
        kept[name] = number
    return kept, aside


def aside_lines(slug: str, aside: dict[str, str], lang: str) -> str:
    """One line for each value set aside, in the game's words, each after a new line."""
    return "".join("\n" + t(_elsewhere(slug, n), lang, value=v) for n, v in aside.items())
