"""What a Mage Wars card's Counterstrike and Damage Barrier carry, read from `/unit add traits:`.

Seed 000:52 «Counterstrike (Ответный удар)» has no number: the creature strikes back with its
quick melee attack (line 53), so «Ответный удар» alone marks `counterstrike_melee` and the dice
are its `melee` stat («Ответный удар 3» still gives them outright).

Both are attacks (lines 53, 62), so they may carry an effect row rolled on the effect die
(line 86): «Защитное поле 2 горение 7+», «Ответный удар 3 оцепенение 8+», more rows as parts of
their own («…, 2 горение 10+»), a span either way round («7-9 горение»). Each row is stored as a
counter on the unit, `barrier_fx_7_0_burn = 1` («7+: 1 горение»), so undo and the board need
nothing new. Pure: the tracker calls these through the game's plugin.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass

from bot.dice.faces import EFFECT_SIDES
from bot.games.mage_wars.dice import EffectRow
from bot.games.mage_wars.target import row_tokens
from bot.tracker.errors import GameRef, TrackerError
from bot.tracker.templates import Template
from bot.tracker.traits import check_bounds

COUNTERSTRIKE = "counterstrike"
BARRIER = "barrier"
EFFECT_TRAITS = (COUNTERSTRIKE, BARRIER)
MELEE_COUNTER = "counterstrike_melee"  # Counterstrike with no number: its quick melee attack
# The stat beside which the board shows a trait's rows.
NOTE_OF = {COUNTERSTRIKE: COUNTERSTRIKE, MELEE_COUNTER: COUNTERSTRIKE, BARRIER: BARRIER}
MAX_ROWS = 4  # a printed attack has one or two rows; more is a typo
_FX = re.compile(r"^(?P<trait>[a-z]+)_fx_(?P<lo>\d{1,2})_(?P<hi>\d{1,2})_(?P<token>\w+)$")
_SPAN = r"(?P<lo>\d{1,2})\s*(?:(?P<plus>\+)|[-–—]\s*(?P<hi>\d{1,2}))"
_SPAN_LAST = re.compile(rf"^(?P<label>.*?)\s*{_SPAN}$")
_SPAN_FIRST = re.compile(rf"^{_SPAN}\s*(?P<label>.*)$")


def fx_key(trait: str, lo: int, hi: int | None, token: str) -> str:
    return f"{trait}_fx_{lo}_{hi or 0}_{token}"


def is_fx(key: str) -> bool:
    """A counter holding one effect row (hidden on the board: its trait's note shows it)."""
    return _FX.match(key) is not None


def read_trait(
    tpl: Template, key: str, number: int | None, rest: str, *, more: bool = False
) -> dict[str, int] | None:
    """The counters a Counterstrike or Damage Barrier typed with its dice and effect rows sets;
    None for every other trait (the generic reading). `more`: `rest` is a part of its own that
    follows the trait (another row)."""
    if key not in EFFECT_TRAITS:
        return None
    if more and not looks_like_row(rest):
        return None  # «…, Огнеупорный»: another trait, not a row (playtest 6, M5)
    found: dict[str, int] = {}
    if not more:
        if number is None and key == COUNTERSTRIKE:
            found[MELEE_COUNTER] = 1
        elif number is None:
            return None  # the generic reading asks for the barrier's dice
        else:
            check_bounds(tpl.define(key), number)
            found[key] = number
    if rest:
        found.update(_row(tpl, key, rest))
    return found


def looks_like_row(text: str) -> bool:
    """A part that carries an effect die's span («2 горение 10+», «7-9 горение») is a row of
    the trait before it; a part without one is a trait of its own, read as such."""
    return bool(_SPAN_LAST.match(text.strip()) or _SPAN_FIRST.match(text.strip()))


def _row(tpl: Template, trait: str, text: str) -> dict[str, int]:
    """«горение 7+», «2 горение 10+», «7-9 горение», «оцепенение + горение 10+» → counters."""
    m = _SPAN_LAST.match(text.strip()) or _SPAN_FIRST.match(text.strip())
    tokens = row_tokens(m.group("label"), tpl) if m else None
    if m is None or tokens is None:
        raise TrackerError(
            "trait_extra", name=text, trait=tpl.define(trait), game=GameRef(tpl.slug)
        )
    lo = int(m.group("lo"))
    hi = None if m.group("plus") else int(m.group("hi"))
    if not 1 <= lo <= EFFECT_SIDES or (hi is not None and not lo <= hi <= EFFECT_SIDES):
        raise TrackerError(
            "trait_extra", name=text, trait=tpl.define(trait), game=GameRef(tpl.slug)
        )
    return {fx_key(trait, lo, hi, token): n for token, n in tokens.items()}


def rows_of(values: Mapping[str, int], trait: str) -> list[tuple[int, int | None, dict[str, int]]]:
    """The trait's effect rows, lowest first: (lo, hi or None for «or more», token → count)."""
    rows: dict[tuple[int, int | None], dict[str, int]] = {}
    for key, n in values.items():
        m = _FX.match(key)
        if m is None or m.group("trait") != trait or n <= 0:
            continue
        span = (int(m.group("lo")), int(m.group("hi")) or None)
        rows.setdefault(span, {})[m.group("token")] = n
    return [(lo, hi, tokens) for (lo, hi), tokens in sorted(rows.items(), key=lambda r: r[0])]


def effect_table(
    values: Mapping[str, int], trait: str, tpl: Template, lang: str
) -> tuple[EffectRow, ...]:
    """The rows as the attack engine rolls them; each label names its tokens (`row_tokens`
    reads them back), in the reader's language."""
    return tuple(
        EffectRow(lo, hi, _label(tokens, tpl, lang))
        for lo, hi, tokens in rows_of(values, trait)[:MAX_ROWS]
    )


def _label(tokens: Mapping[str, int], tpl: Template, lang: str) -> str:
    return " + ".join(
        (f"{n} " if n > 1 else "") + tpl.label(key, lang) for key, n in tokens.items()
    )


@dataclass(frozen=True)
class RowsText:
    """The rows for a note on the board («горение 7+; 2 горение 10+»), named when shown."""

    values: Mapping[str, int]
    trait: str
    tpl: Template

    def name(self, lang: str) -> str:
        rows = effect_table(self.values, self.trait, self.tpl, lang)
        return "; ".join(f"{r.label} {r.lo}" + ("+" if r.hi is None else f"–{r.hi}") for r in rows)


def counterstrike_dice(values: Mapping[str, int]) -> tuple[int, bool]:
    """The dice a unit counterstrikes with, and whether it has Counterstrike at all: its own
    number, else (Counterstrike with no number) its melee attack's dice, 0 when not set."""
    dice = values.get(COUNTERSTRIKE, 0)
    if dice:
        return dice, True
    if values.get(MELEE_COUNTER, 0):
        return values.get("melee", 0), True
    return 0, False
