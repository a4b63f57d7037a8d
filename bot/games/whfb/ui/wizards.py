"""Whose wizards the Winds of Magic count (EN-6 WF-1): `wizards` are always the casting side's
(the player whose magic phase it is, seed 002:47) and `enemy_wizards` the dispelling side's
(002:61), in `/whf winds` and `/odds winds` alike, whoever types them. A count typed over the
board's is for that roll only: the board's count follows the wizards on the table."""

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


def recorded(
    side: MagicSide, typed: tuple[int | None, int | None]
) -> list[tuple[Participant, int]]:
    """The typed counts the board takes: only where it counts no wizards yet, so a roll fills
    an empty board in but never rewrites a tracked count (WF-1)."""
    out: list[tuple[Participant, int]] = []
    for who, count in zip(sides_of(side), typed, strict=True):
        if who is not None and count is not None and count and who.value(WIZARDS) == 0:
            out.append((who, count))
    return out


def said(ctx: Ctx, side: MagicSide, typed: tuple[int | None, int | None]) -> list[str]:
    """What a typed count did to the board: «Bob: 3 wizards recorded on the board.» where it
    had none, else «Bob has 1 wizard on the board; this roll uses 3 wizards (the board is
    unchanged).» — never a silent rewrite."""
    taken = dict((who.id, count) for who, count in recorded(side, typed))
    lines: list[str] = []
    for who, count in zip(sides_of(side), typed, strict=True):
        if who is None or count is None or count == who.value(WIZARDS):
            continue
        if who.id in taken:
            lines.append(ctx.t("dice.whf.wizards_recorded", name=md(who.name), typed=count))
            continue
        board = who.value(WIZARDS)
        lines.append(
            ctx.t("dice.whf.wizards_this_roll", name=md(who.name), board=board, typed=count)
        )
    return lines
