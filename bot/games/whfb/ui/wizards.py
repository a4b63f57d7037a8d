"""Whose wizards the Winds of Magic count (EN-6 WF-1): `wizards` are always the casting side's
(the player whose magic phase it is, seed 002:47) and `enemy_wizards` the dispelling side's
(002:61), in `/whf winds` and `/odds winds` alike, whoever types them. A count typed is for
that roll only, even where the board counts none: the board counts the wizards on the table
(playtest 13, W3)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from bot.games.whfb.dice import MAX_WIZARDS
from bot.tracker.model import Participant
from bot.tracker.names import md

if TYPE_CHECKING:
    from bot.context import Ctx
    from bot.games.whfb.ui.commands import MagicSide

WIZARDS = "wizards"


def _board(p: Participant | None) -> int:
    return min(MAX_WIZARDS, p.value(WIZARDS)) if p is not None else 0


def sides_of(side: MagicSide | None) -> tuple[Participant | None, Participant | None]:
    """The casting and the dispelling side of a tracked game (None: no game, or not known)."""
    return (side.caster, side.dispeller) if side is not None else (None, None)


def wizard_counts(
    side: MagicSide | None, casting: int | None, dispelling: int | None
) -> tuple[int, int]:
    """The caster's and the dispeller's wizards: as typed, else the board's, else 0."""
    caster, dispeller = sides_of(side)
    return (
        casting if casting is not None else _board(caster),
        dispelling if dispelling is not None else _board(dispeller),
    )


def said(ctx: Ctx, side: MagicSide, typed: tuple[int | None, int | None]) -> list[str]:
    """What a typed count that differs from the board's did: «Bob has 1 wizard on the board;
    this roll uses 3 wizards (the board is unchanged).» The board counts the wizards put on it
    with /unit add, and a typed count is for the roll only, so a wizard added later is never
    counted twice (playtest 13, W3)."""
    lines: list[str] = []
    none = 0  # sides with no wizard on the table
    for who, count in zip(sides_of(side), typed, strict=True):
        if who is None or count is None or count == who.value(WIZARDS):
            continue
        board = who.value(WIZARDS)
        if board == 0:  # playtest 15, W1: plainly, and how to put one on the table
            none += 1
            lines.append(ctx.t("dice.whf.wizards_none_on_table", name=md(who.name), typed=count))
            continue
        lines.append(
            ctx.t("dice.whf.wizards_this_roll", name=md(who.name), board=board, typed=count)
        )
    if none > 1:  # playtest ru-17, W1: one short line for both sides, not a paragraph each
        return [ctx.t("dice.whf.wizards_none_on_table_all")]
    return lines
