"""What the dice engines refuse, as plain exceptions of their own.

The engines know nothing of the catalogue or of Discord: they say *what* is wrong (an option out
of range, a table that does not read) with the facts a message needs. The handler layer turns
each kind into its catalogue message in one table (`bot/handlers/dice_errors.py`).
"""

from __future__ import annotations


class DiceError(Exception):
    """Bad input to a dice engine: nothing was rolled or computed."""


class OutOfRange(DiceError):
    """Option `option` (its English name) is `value`, outside `lo`..`hi`."""

    def __init__(self, option: str, lo: int, hi: int, value: int) -> None:
        super().__init__(f"{option}={value} not in {lo}..{hi}")
        self.option, self.lo, self.hi, self.value = option, lo, hi, value


class BadEffectTable(DiceError):
    """A Mage Wars effect table `text` that does not read as rows like `5-8 Burn; 9+ 2 Burn`."""

    def __init__(self, text: str) -> None:
        super().__init__(text)
        self.text = text


class EffectRowOutOfRange(DiceError):
    """A row of effect table `text` that no `sides`-sided roll reaches (`13+` on a d12)."""

    def __init__(self, text: str, row: str, sides: int) -> None:
        super().__init__(f"{row} in {text!r} beyond {sides}")
        self.text, self.row, self.sides = text, row, sides


class BadValues(DiceError):
    """Berserk strike values `text` (option `option`) that are not `X-Y-Z` or one number."""

    def __init__(self, option: str, text: str, *, descending: bool = False) -> None:
        super().__init__(f"{option}={text!r}")
        self.option, self.text = option, text
        self.descending = descending  # `5-4-3`: a weaker strike would wound more


class BadStrikeKind(DiceError):
    """A Berserk strike kind the engine does not know."""

    def __init__(self, value: str) -> None:
        super().__init__(value)
        self.value = value


class BadMode(DiceError):
    """A Berserk strike mode the engine does not know."""

    def __init__(self, value: str) -> None:
        super().__init__(value)
        self.value = value


class FightSimpleOnly(DiceError):
    """Only a simple strike is rolled as a fight (both sides roll)."""


class ExprError(DiceError):
    """A dice expression refused by `bot/dice/generic.py`, named by the reason's catalogue key.

    The expression roller has many small reasons (syntax, too many dice, a zero divisor…), each
    with its own parameters; it names them by key so the handler table passes them through.
    """

    def __init__(self, key: str, /, **params: object) -> None:
        super().__init__(key)
        self.key = key
        self.params = params
