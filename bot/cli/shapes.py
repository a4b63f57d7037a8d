"""The `--json` shapes of `python -m bot roll …` and `odds …`, built from the engines' results.

Presentation lives here, not in the engines: each function takes an engine dataclass and returns
plain data. The conventions (docs/cli.md) hold in every shape:
- `rolls` is always the list of dice as rolled; a Mage Wars attack die is
  `{"value": 2, "critical": true}` (a blank is value 0), a d6/d12 is a number, a `roll expr` die
  is `{"value", "sides", "kept", "critical", "fumble"}`;
- `dice` is always a count (how many dice; in `roll mw attack` the attack dice);
- `faces` (Mage Wars) are the display labels `"2*"`, `"·"`, kept for older scripts;
- odds are floats, and `exact` mirrors them as fractions (`"5/18"`); an expected value is `mean`.
Keys are contracts: extend, never rename.
"""

from __future__ import annotations

from typing import Any

from bot.dice.faces import AttackFace
from bot.dice.generic import ExprResult
from bot.games.berserk.dice import BerserkResult, BerserkStrike
from bot.games.berserk.odds import BerserkOdds
from bot.games.mage_wars.dice import AttackResult, BurnResult, D12Roll, MWAttack
from bot.games.mage_wars.odds import AttackOdds
from bot.games.whfb.dice import CastResult, DispelResult, MagicRoll, WindsResult
from bot.games.whfb.odds import CastOdds
from bot.render.plain import strip_markdown

from .exact import AttackExact, BerserkExact, cast_exact, text

Json = dict[str, Any]


def attack_die(face: AttackFace) -> Json:
    """One Mage Wars attack die: its value (0 for a blank) and whether it is critical."""
    return {"value": face.value, "critical": face.critical}


def _d12(roll: D12Roll | None) -> Json | None:
    if roll is None:
        return None
    out: Json = {"roll": roll.natural, "modified": roll.modified, "ok": roll.success}
    if roll.row is not None:
        out["row"] = roll.row.text()
    return out


# ── rolls ──────────────────────────────────────────────────────────────────────────────────────


def mw_attack(result: AttackResult) -> Json:
    """`roll mw attack`: every strike with its dice; `dice` is the attack dice per strike."""
    return {
        "dice": result.dice,
        "daze": _d12(result.daze),
        "strikes": [
            {
                "faces": [f.label() for f in s.faces],
                "rolls": [attack_die(f) for f in s.faces],
                "dice": result.attack.dice_for(s.number),  # this strike's attack dice
                "normal": s.normal,
                "critical": s.critical,
                "armor": s.armor,
                "damage": s.damage,
                "missed_daze": s.missed_daze,
                "defense": _d12(s.defense),
                "avoided": s.avoided,
                "effect": _d12(s.effect),
                "effect_blocked": s.effect_blocked,
            }
            for s in result.strikes
        ],
        "total": result.total,
    }


def mw_effect(roll: D12Roll, bonus: int) -> Json:
    return {
        "roll": roll.natural,
        "bonus": bonus,
        "modified": roll.modified,
        "rolls": [roll.natural],
    }


def mw_burn(result: BurnResult) -> Json:
    return {
        "faces": [f.label() for f in result.rolls],
        "rolls": [attack_die(f) for f in result.rolls],
        "dice": len(result.rolls),
        "damage": result.damage,
        "tokens_left": result.tokens_left,
    }


def mw_escape(roll: D12Roll) -> Json:
    return {"roll": roll.natural, "escaped": roll.success, "rolls": [roll.natural]}


def mw_push(roll: int, direction: str) -> Json:
    return {"roll": roll, "direction": direction, "rolls": [roll]}


def _side(roll: int | None, mod: int, total: int | None, kind: str, wounds: int | None) -> Json:
    return {"roll": roll, "mod": mod, "total": total, "kind": kind, "wounds": wounds}


def berserk_strike(result: BerserkResult) -> Json:
    """`roll berserk`: the attacker's (and in a fight the defender's) d6, kind and wounds."""
    s = result.strike
    rolls = [result.attacker_roll]
    if result.defender_roll is not None:
        rolls.append(result.defender_roll)
    return {
        "kind": s.kind,
        "mode": "fight" if result.fight else "closed",
        "values": s.values.text(),
        "defender_values": s.defender_values.text() if s.defender_values else None,
        "attacker": _side(
            result.attacker_roll,
            s.attacker_mod,
            result.attacker_total,
            result.attacker_kind,
            result.wounds,
        ),
        "defender": None
        if result.defender_roll is None
        else _side(
            result.defender_roll,
            s.defender_total_mod,
            result.defender_total,
            result.defender_kind,
            result.defender_wounds,
        ),
        "difference": result.difference,
        "rolls": rolls,
        "dice": len(rolls),
    }


def whf_winds(r: WindsResult) -> Json:
    return {
        "winds": r.winds,
        "wizard_rolls": r.wizard_rolls,
        "enemy_rolls": r.enemy_rolls,
        "power": r.power,
        "dispel": r.dispel,
        "power_lost": r.power_lost,
        "dispel_lost": r.dispel_lost,
        "rolls": [*r.winds, *r.wizard_rolls, *r.enemy_rolls],
        "dice": len(r.winds) + len(r.wizard_rolls) + len(r.enemy_rolls),
    }


def _magic(r: MagicRoll) -> Json:
    return {
        "dice": len(r.dice),
        "rolls": list(r.dice),
        "total": r.total,
        "level": r.level,
        "result": r.result,
        "natural_fail": r.natural_fail,
    }


def whf_cast(r: CastResult) -> Json:
    return {
        **_magic(r),
        "value": r.value,
        "success": r.success,
        "irresistible": r.irresistible,
        "miscast": r.miscast or None,
    }


def whf_dispel(r: DispelResult) -> Json:
    return {**_magic(r), "against": r.against, "success": r.success}


def expr(r: ExprResult) -> Json:
    """`roll expr`: the total, the text without markdown and every die as an object."""
    out: Json = {"expr": r.expr, "kind": r.kind, "total": r.total, "text": strip_markdown(r.text)}
    if r.kind == "attack":
        out.update(rolls=[attack_die(f) for f in r.faces], dice=len(r.faces))
        out.update(faces=[f.label() for f in r.faces], normal=r.normal, critical=r.critical)
        return out
    out["rolls"] = [
        {
            "value": d.value,
            "sides": d.sides,
            "kept": d.kept,
            "critical": d.value == d.sides,
            "fumble": d.value == 1,
        }
        for d in r.rolls
    ]
    out["dice"] = len(r.rolls)
    return out


# ── odds ───────────────────────────────────────────────────────────────────────────────────────


def odds_mw(attack: MWAttack, odds: AttackOdds, life: int | None) -> Json:
    """`odds mw`: the total-damage law; `exact` holds the same figures as fractions."""
    exact = AttackExact(attack)
    kill = None if life is None else exact.at_least(life)
    return {
        "mean": odds.mean,
        "distribution": {str(d): p for d, p in enumerate(odds.distribution)},
        "kill": odds.kill(life),
        "avoid": odds.avoid,
        "daze_miss": odds.daze_miss,
        "effect": odds.effect,
        "exact": {
            "mean": text(exact.mean),
            "distribution": {str(d): text(p) for d, p in enumerate(exact.distribution)},
            "kill": text(kill),
            "avoid": text(exact.avoid),
            "daze_miss": text(exact.daze_miss),
            "effect": text(exact.effect),
        },
    }


def odds_berserk(strike: BerserkStrike, odds: BerserkOdds) -> Json:
    """`odds berserk`: strike kinds per side; `mean` and `mean_wounds` are the same figure."""
    exact = BerserkExact(strike)
    return {
        "mode": "fight" if strike.fight else "closed",
        "attacker": dict(odds.attacker),
        "defender": dict(odds.defender),
        "mean_wounds": odds.mean_wounds,
        "mean": odds.mean_wounds,
        "defender_wounds": odds.defender_wounds,
        "exact": {
            "attacker": {k: text(p) for k, p in exact.attacker.items()},
            "defender": {k: text(p) for k, p in exact.defender.items()},
            "mean_wounds": text(exact.mean_wounds),
            "mean": text(exact.mean_wounds),
            "defender_wounds": text(exact.defender_wounds),
        },
    }


def odds_whf(odds: CastOdds) -> Json:
    """`odds whf`: cast (Irresistible Force included), Irresistible Force, plain cast, failure."""
    exact = cast_exact(odds)
    return {
        "success": odds.success,
        "irresistible": odds.irresistible,
        "plain": odds.plain,
        "fail": odds.fail,
        "exact": {k: text(v) for k, v in exact.items()},
    }
