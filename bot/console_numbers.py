"""The refusal of a non-number typed for a number option, fitted to what else was typed.

`/set показатель:ресурсы значение:abc` in Conquest must not be told about Berserk's «закрыт»
(playtest 12, C1): the example names the stat asked, and the 1/0 hint is given only for a
yes/no mark. Kept apart from `bot.console` so that module stays small.
"""

from __future__ import annotations

from bot.i18n import catalogue, first_key
from bot.registry import Command, Option, UserError


def not_a_number_key(option: Option, cmd: Command | None) -> str:
    """An option's own words where one game's number is easily taken for another game's
    (`/unit add power:1-2-3`, a Berserk strike typed as KeyForge power), else the shared one."""
    own = f"error.not_a_number.{'.'.join(cmd.path)}.{option.name}" if cmd is not None else ""
    return first_key(own, "error.not_a_number")


def range_key(option: Option, cmd: Command | None, value: float) -> str:
    """An option's own words for a number below its range where the user meant another
    command (`/dmg amount:-2` means healing: en-7 MW-4), else the shared refusal."""
    below = cmd is not None and option.min_value is not None and value < option.min_value
    own = f"error.out_of_range.{'.'.join(cmd.path)}.{option.name}.below" if below and cmd else ""
    return first_key(own, "error.out_of_range")


def _is_flag(stat: str) -> bool:
    """Whether some game's stat of this name is a yes/no mark (Berserk's «закрыт»)."""
    from bot.tracker.templates import templates

    word = stat.strip().casefold()
    return any(
        d.flag and word in {n.casefold() for n in (d.key, d.ru, d.en, *d.aliases)}
        for tpl in templates().values()
        for d in tpl.stats.values()
    )


def fitted(error: UserError, typed: dict[str, str]) -> UserError:
    """`error` with the stat the player named, when its message has a variant that shows it:
    `.flag` for a yes/no mark, `.stat` for any other stat; else `error` as it is."""
    stat = typed.get("stat", "").strip()
    if not error.key.startswith("error.not_a_number.") or not stat:
        return error
    key = error.key + (".flag" if _is_flag(stat) else ".stat")
    if key not in catalogue():
        return error
    return UserError(key, **error.params, stat=stat)
