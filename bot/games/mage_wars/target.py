"""`target:` for the Mage Wars dice, the pure part: fill an attack from a unit, read its effects.

Which attack options a tracked unit supplies, how an effect row names tokens (`2 Burn`,
`Daze + Burn`) and the life a unit has left. Reading the channel's game and writing the result
back is command-layer glue (`bot/games/mage_wars/ui/commands.py`).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Protocol

from bot.games.mage_wars import rules as mw_rules
from bot.games.mage_wars.dice import AttackResult
from bot.tracker.model import Unit

# `MWAttack` field ← the tracker key (a stat or token of the unit) it is read from. Keys the unit
# does not hold are skipped, so traits a template may add later (restrained, incorporeal …) are
# picked up without code changes. Weak is the attacker's, so it is never read from the target.
ATTACK_FROM_UNIT: dict[str, str] = {
    "armor": "armor",
    "defense": "defense",
    "corrode": "corrode",
    "target_daze": "daze",
    "restrained": "restrained",
    "resilient": "resilient",
    "incorporeal": "incorporeal",
    "aegis": "aegis",
    "tough": "tough",
}
FLAGS = frozenset({"restrained", "resilient", "incorporeal"})
# Values the command may give for a unit that records none (a mage without armor or defense):
# the reply says they came from the command, not that they are missing (playtest 11 M1).
TYPED = ("armor", "defense")
# Traits of the target that change how the attack is counted and that the roll's own lines do
# not already name (issue 16): Aegis (seed 000 line 7). Incorporeal, Resilient and Tough (lines
# 137, 249, 291) are named once by the roll itself, which also knows when an Ethereal attack
# lifts Incorporeal (playtest 5, M4, M5, M9: the same rule was said twice, once wrongly).
RULE_TRAITS = ("aegis",)
# `MWAttack` field ← the attacker's own token: Weak is −1 die per token (line 317), Daze is rolled
# before the attack (line 68).
ATTACKER_FROM_UNIT: dict[str, str] = {"weak": "weak", "daze": "daze"}
# Codex: Stun, Slam and Sleep make a creature Incapacitated, and it cannot use its defense.
INCAPACITATING = ("stun", "slam", "sleep")


class TokenNames(Protocol):
    """What of a tracker template the target needs: its damage and toughness keys, tokens."""

    @property
    def damage(self) -> str: ...

    @property
    def toughness(self) -> tuple[str, ...]: ...

    def resolve_token(self, text: str) -> str | None: ...

    def token_damage(self, values: Mapping[str, int]) -> int: ...

    def toughness_of(self, values: Mapping[str, int]) -> int: ...


class Aimed(Protocol):
    """A unit a roll is aimed at, with its game's template (`commands.Tracked`)."""

    @property
    def unit(self) -> Unit: ...

    @property
    def tpl(self) -> TokenNames: ...


@dataclass(frozen=True)
class Filled:
    """Attack options after the target filled the missing ones, and what came from where."""

    options: dict[str, Any]
    taken: list[tuple[str, int]] = field(default_factory=list)  # tracker key, value used
    # key, given, tracked (None: the game records none of it, playtest 11 M1)
    given: list[tuple[str, Any, int | None]] = field(default_factory=list)
    incapacitated: str = ""  # the token that took the defense away, if any
    restrained: str = ""  # the token (Cripple, Stuck) that makes the target Restrained
    applied: list[tuple[str, int]] = field(default_factory=list)  # RULE_TRAITS read, value
    attacker: list[tuple[str, int]] = field(default_factory=list)  # the attacker's tokens read


def fill_attack(options: dict[str, Any], tracked: Aimed) -> Filled:
    """Options the user did not give are read from the unit; options given always win."""
    out = dict(options)
    taken: list[tuple[str, int]] = []
    given: list[tuple[str, Any, int | None]] = []
    unit = tracked.unit
    for name, key in ATTACK_FROM_UNIT.items():
        c = unit.counter(key) or unit.token(key)
        if c is None:
            if name in TYPED and name in options:
                given.append((key, options[name], None))  # the reply says where it came from
            continue
        if name in options:
            given.append((key, options[name], c.value))
            continue
        if c.token and not c.value:
            continue  # an empty token slot says nothing worth showing
        out[name] = bool(c.value) if name in FLAGS else c.value
        taken.append((key, c.value))
    restrained = ""
    if "restrained" not in options and not out.get("restrained"):
        # Seed 000 lines 57 and 271: Cripple and Stuck make the creature Restrained (−2 defense).
        restrained = mw_rules.restraining({t.key: t.value for t in unit.tokens})
        if restrained:
            out["restrained"], out["restrained_by"] = True, restrained
        if not out.get("defense"):
            restrained = ""  # no defense roll, so −2 to it is noise not shown (English walk 5 MW-5)
    incapacitated = ""
    if "defense" not in options and out.get("defense"):
        incapacitated = next((k for k in INCAPACITATING if unit.value(k) > 0), "")
        if incapacitated:
            out["defense"] = 0
    applied = [(k, v) for k, v in taken if k in RULE_TRAITS and v]
    return Filled(out, taken, given, incapacitated, restrained, applied)


def fill_attacker(filled: Filled, attacker: Unit | None, *, melee: bool = False) -> Filled:
    """The attacker's own Weak and Daze tokens, where no option gave them (line 317, line 68),
    and in melee its Melee +X when no `bonus` was given (line 182), and its Rage and Growth
    tokens as Melee +1 each (lines 231, 117) on top of `bonus`.

    Weak does not touch a spell; an option given always wins."""
    if attacker is None:
        return filled
    out = dict(filled.options)
    read: list[tuple[str, int]] = []
    if melee and not out.get("spell"):
        plus = attacker.value("melee_bonus")
        if plus > 0 and not filled.options.get("bonus"):
            # Melee +X (line 182) on the first strike; a `bonus:` typed already counts it.
            out["bonus"] = plus
            read.append(("melee_bonus", plus))
        for key in ("rage", "growth"):
            n = attacker.value(key)
            if n > 0:
                out["bonus"] = int(out.get("bonus") or 0) + mw_rules.melee_bonus(
                    n if key == "rage" else 0, n if key == "growth" else 0
                )
                read.append((key, n))
    for name, key in ATTACKER_FROM_UNIT.items():
        n = attacker.value(key)
        if n <= 0 or filled.options.get(name) is not None:
            continue
        if name == "weak" and out.get("spell"):
            continue
        out[name] = True if name == "daze" else n
        read.append((key, n))
    return Filled(
        out,
        filled.taken,
        filled.given,
        filled.incapacitated,
        filled.restrained,
        filled.applied,
        read,
    )


def fill_extinguish(
    filled: Filled, attacker: Unit | None, target: Unit, effect_floor: int
) -> tuple[Filled, int]:
    """An attacker with Extinguish (line 100) against a burning target: fewer dice, a lower
    effect die; returns the options and the Burn tokens to put out (0: none)."""
    burn = target.value("burn")
    if attacker is None or attacker.value("extinguish") <= 0 or burn <= 0:
        return filled, 0
    out = dict(filled.options)
    done = mw_rules.extinguish(
        int(out.get("dice") or 1),
        int(out.get("bonus") or 0),
        int(out.get("effect_bonus") or 0),
        burn,
        effect_floor=effect_floor,
    )
    out.update(dice=done.dice, bonus=done.bonus, effect_bonus=done.effect_bonus)
    read = [*filled.attacker, ("extinguish", burn)]
    return (
        Filled(
            out,
            filled.taken,
            filled.given,
            filled.incapacitated,
            filled.restrained,
            filled.applied,
            read,
        ),
        done.burn,
    )


def remaining_life(tracked: Aimed) -> int:
    """Life left: the unit's toughness stats minus its damage and Tainted (`/odds mw life`).

    Seed 000 line 281: each Tainted token counts as 3 damage, as on the board."""
    tpl, unit = tracked.tpl, tracked.unit
    toughness = tpl.toughness_of({c.key: c.value for c in (*unit.counters, *unit.tokens)})
    if not tpl.damage:
        return toughness
    tainted = tpl.token_damage({c.key: c.value for c in unit.tokens})
    return toughness - unit.value(tpl.damage) - tainted


_COUNT_FIRST = re.compile(r"^(\d{1,2})\s*[x×]?\s*(\D.*)$")
_COUNT_LAST = re.compile(r"^(\D.*?)\s*[x×]\s*(\d{1,2})$")
_PARTS = re.compile(r"\s*(?:\+|&|\bи\b|\band\b)\s*", re.IGNORECASE)


def row_tokens(label: str, tpl: TokenNames) -> dict[str, int] | None:
    """`2 Burn`, `Burn`, `Burn x2`, `Daze + Burn` → tokens; None when a part is not a token."""
    found: dict[str, int] = {}
    for part in _PARTS.split(label.strip()):
        if not part:
            continue
        count, name = 1, part
        if m := _COUNT_FIRST.match(part):
            count, name = int(m.group(1)), m.group(2)
        elif m := _COUNT_LAST.match(part):
            name, count = m.group(1), int(m.group(2))
        key = tpl.resolve_token(name)
        if key is None or count < 1:
            return None
        found[key] = found.get(key, 0) + count
    return found or None


@dataclass(frozen=True)
class EffectTokens:
    """Tokens the rolled effect rows put on the target, and rows that name no token."""

    tokens: dict[str, int]
    unknown: list[str]


def effect_tokens(result: AttackResult, tpl: TokenNames) -> EffectTokens:
    """Sum the token rows reached over all strikes; an empty label (`7+`) adds nothing."""
    tokens: dict[str, int] = {}
    unknown: list[str] = []
    for strike in result.strikes:
        row = strike.effect.row if strike.effect is not None else None
        if row is None or not row.label.strip():
            continue
        found = row_tokens(row.label, tpl)
        if found is None:
            if row.label not in unknown:
                unknown.append(row.label)
            continue
        for key, n in found.items():
            tokens[key] = tokens.get(key, 0) + n
    return EffectTokens(tokens, unknown)
