"""The dice engines' refusals as catalogue messages: the one table from exception to text.

Engines raise `bot.dice.errors` exceptions with the facts; this table picks the catalogue key
and its parameters, so the message a user reads is decided here and nowhere else. Registered
with the registry, so every front end (Discord, console, CLI) shows the same message.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from bot.dice.errors import (
    BadEffectTable,
    BadMode,
    BadStrikeKind,
    BadValues,
    DiceError,
    EffectRowOutOfRange,
    ExprError,
    FightSimpleOnly,
    OutOfRange,
)
from bot.handlers.dice_names import option_label
from bot.registry import UserError, maps_errors

MESSAGES: dict[type[DiceError], Callable[[Any], UserError]] = {
    OutOfRange: lambda e: UserError(
        "error.out_of_range", name=option_label(e.option), value=e.value, min=e.lo, max=e.hi
    ),
    BadEffectTable: lambda e: UserError("dice.mw.bad_effect", text=e.text),
    EffectRowOutOfRange: lambda e: UserError(
        "dice.mw.effect_row_range", text=e.text, row=e.row, max=e.sides
    ),
    BadValues: lambda e: UserError(
        "dice.berserk.descending_values" if e.descending else "dice.berserk.bad_values",
        name=option_label(e.option),
        value=e.text,
    ),
    BadStrikeKind: lambda e: UserError("dice.berserk.bad_kind", value=e.value),
    BadMode: lambda e: UserError("dice.berserk.bad_mode", value=e.value),
    FightSimpleOnly: lambda e: UserError("dice.berserk.fight_simple_only"),
    ExprError: lambda e: UserError(e.key, **e.params),
}


def user_error(exc: DiceError) -> UserError:
    """The catalogue message for an engine's refusal (the nearest listed class decides)."""
    for cls in type(exc).__mro__:
        make = MESSAGES.get(cls)
        if make is not None:
            return make(exc)
    raise TypeError(f"no message for {type(exc).__name__}") from exc


@maps_errors
def dice_user_error(exc: Exception) -> UserError | None:
    return user_error(exc) if isinstance(exc, DiceError) else None
