"""The engines' refusals reach the user as the same catalogue messages, from one table."""

from __future__ import annotations

import random

import pytest

from bot.dice import errors
from bot.dice.errors import DiceError, OutOfRange
from bot.games.berserk.dice import BerserkStrike, parse_values
from bot.games.mage_wars.dice import MAX_BURN, parse_effect_table, roll_burn
from bot.handlers.dice_errors import MESSAGES, user_error
from bot.i18n import t
from bot.registry import Localized, UserError, as_user_error


def _engine_exceptions() -> list[type[DiceError]]:
    return [
        c
        for c in vars(errors).values()
        if isinstance(c, type) and issubclass(c, DiceError) and c is not DiceError
    ]


def test_every_engine_exception_has_a_message() -> None:
    assert [c.__name__ for c in _engine_exceptions() if c not in MESSAGES] == []


def test_out_of_range_names_the_option_as_the_user_sees_it() -> None:
    with pytest.raises(OutOfRange) as raised:
        roll_burn(-1, random.Random(1))
    err = user_error(raised.value)
    assert err.key == "error.out_of_range"
    assert err.params == {
        "name": Localized("жетоны", "tokens"),
        "value": -1,
        "min": 0,
        "max": MAX_BURN,
    }


@pytest.mark.parametrize(
    ("make", "key"),
    [
        (lambda: parse_effect_table("x"), "dice.mw.bad_effect"),
        (lambda: parse_effect_table("13+"), "dice.mw.effect_row_range"),
        (lambda: parse_values("1-2", "defender_values"), "dice.berserk.bad_values"),
        (lambda: BerserkStrike(parse_values("2"), kind="kick").checked(), "dice.berserk.bad_kind"),
        (lambda: BerserkStrike(parse_values("2"), mode="x").checked(), "dice.berserk.bad_mode"),
        (
            lambda: BerserkStrike(parse_values("2"), kind="shot", mode="fight").checked(),
            "dice.berserk.fight_simple_only",
        ),
    ],
)
def test_each_refusal_is_its_catalogue_message_in_both_languages(make: object, key: str) -> None:
    with pytest.raises(DiceError) as raised:
        make()  # type: ignore[operator]
    err = as_user_error(raised.value)  # as the registry's `guarded` and the CLI see it
    assert isinstance(err, UserError) and err.key == key
    for lang in ("ru", "en"):
        params = {k: v.get(lang) if isinstance(v, Localized) else v for k, v in err.params.items()}
        text = t(key, lang, **params)
        assert text and "{" not in text and text != key


def test_other_exceptions_are_not_turned_into_messages() -> None:
    assert as_user_error(ValueError("x")) is None
