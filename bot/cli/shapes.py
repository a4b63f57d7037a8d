"""The `--json` shapes of `python -m bot roll …` and `odds …`, built from the engines' results.

Presentation lives here and in each game's `bot/games/<game>/ui/shapes.py`, not in the engines:
each function takes an engine dataclass and returns plain data. The conventions (docs/cli.md)
hold in every shape:
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
from bot.render.plain import strip_markdown

Json = dict[str, Any]


def attack_die(face: AttackFace) -> Json:
    """One Mage Wars attack die: its value (0 for a blank) and whether it is critical."""
    return {"value": face.value, "critical": face.critical}


# ── rolls ──────────────────────────────────────────────────────────────────────────────────────


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
