"""Options shared by `/mw attack`, `/odds mw`, `/berserk strike`, `/odds berserk` and the CLI.

Declared once so the Discord commands, the console and `python -m bot roll|odds` accept the same
names and ranges, and turned into engine parameters by `build_attack` / `build_strike`.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from bot.games.berserk.dice import (
    MAX_CLUMSINESS,
    MAX_MOD,
    MODES,
    STRIKE_KINDS,
    BerserkStrike,
    parse_values,
)
from bot.games.mage_wars.dice import ATTACK_LIMITS, MWAttack
from bot.registry import Choice, Option, OptionType

MAX_LIFE = 999  # `/odds mw life`


def named(name: str, kind: OptionType, **kw: Any) -> Option:
    """An `Option` (its names in each language come from the catalogue, `opt.<name>.name`)."""
    return Option(name, kind, **kw)


def _int_option(name: str, **kw: Any) -> Option:
    lo, hi = ATTACK_LIMITS[name]
    return named(name, int, min_value=lo, max_value=hi, **kw)


ATTACK_OPTIONS: list[Option] = [
    _int_option("dice", required=True),
    _int_option("armor"),
    _int_option("defense"),
    _int_option("strikes"),
    _int_option("bonus"),
    _int_option("weak"),
    named("spell", bool),
    _int_option("aegis"),
    _int_option("piercing"),
    _int_option("corrode"),
    named("unavoidable", bool),
    _int_option("target_daze"),
    named("restrained", bool),
    named("daze", bool),
    named("resilient", bool),
    named("incorporeal", bool),
    named("ethereal", bool),
    named("effect", str, max_length=100),
    _int_option("effect_bonus"),
    _int_option("tough"),
]


def build_attack(options: dict[str, Any]) -> MWAttack:
    """An `MWAttack` from command options (unknown keys ignored), range-checked."""
    fields = {o.name for o in ATTACK_OPTIONS} - {"effect"}
    attack = MWAttack(**{k: v for k, v in options.items() if k in fields and v is not None})
    return attack.with_effect(options.get("effect") or "").checked()


STRIKE_CHOICES = tuple(Choice(f"dice.choice.{k}", k) for k in STRIKE_KINDS)
MODE_CHOICES = tuple(Choice(f"dice.choice.{m}", m) for m in MODES)
BERSERK_OPTIONS: list[Option] = [
    named("values", str, required=True, max_length=20),
    named("kind", str, choices=STRIKE_CHOICES),
    named("mode", str, choices=MODE_CHOICES),
    named("mod", int, min_value=-MAX_MOD, max_value=MAX_MOD),
    named("blessing", bool),
    named("clumsiness", int, min_value=0, max_value=MAX_CLUMSINESS),
    named("defender_values", str, max_length=20),
    named("defender_mod", int, min_value=-MAX_MOD, max_value=MAX_MOD),
    named("defender_blessing", bool),
    named("defender_clumsiness", int, min_value=0, max_value=MAX_CLUMSINESS),
]


def build_strike(options: dict[str, Any]) -> BerserkStrike:
    dv = options.get("defender_values")
    return BerserkStrike(
        values=parse_values(str(options["values"])),
        kind=options.get("kind") or "simple",
        mode=options.get("mode") or "auto",
        mod=options.get("mod") or 0,
        blessing=bool(options.get("blessing")),
        clumsiness=options.get("clumsiness") or 0,
        defender_values=parse_values(dv, "defender_values") if dv else None,
        defender_mod=options.get("defender_mod") or 0,
        defender_blessing=bool(options.get("defender_blessing")),
        defender_clumsiness=options.get("defender_clumsiness") or 0,
    ).checked()


def odds_strikes(options: dict[str, Any]) -> list[BerserkStrike]:
    """What `/odds berserk` shows: the mode asked for or, with none, both modes a simple strike
    can be in (a fight at an open card that fights, closed otherwise), fight first."""
    strike = build_strike(options)
    if options.get("mode") not in (None, "", "auto") or strike.kind != "simple":
        return [strike]
    return [replace(strike, mode="fight"), replace(strike, mode="closed")]
