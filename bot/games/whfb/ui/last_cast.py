"""The dispel's target (EN-8 WF-3): a dispel is against the result of the spell just cast
(seed 002:61), so `against` left out is that result, and one typed that differs is said in
one line, naming the spell, before a mistyped figure silently flips the dispel."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from bot.registry import UserError
from bot.tracker.names import md

if TYPE_CHECKING:
    from bot.context import Ctx
    from bot.games.whfb.ui.commands import MagicSide
    from bot.storage.api import RollRecord

ROLLS = 100  # the channel's latest rolls searched for the cast
HISTORY = 200  # the game's latest steps: a cast whose spend was undone is not the last cast
POOL_STEP = "pool_step"
CAST = "whf cast"
MAGIC = (CAST, "whf dispel")
PHASE_STARTS = ("next", "start")  # the steps a new magic phase begins with


@dataclass(frozen=True)
class LastCast:
    """The latest cast in the channel that went off: its result and spell, if named."""

    result: int
    spell: str | None


async def magic_rolls(ctx: Ctx, side: MagicSide | None) -> list[RollRecord]:
    """The channel's latest casts and dispels, newest first, read once for a dispel; in a
    tracked game only those whose spend is still done (an undone spend forgets its roll) and
    made in this magic phase: a spell of an earlier phase is gone (playtest 20, W1)."""
    done: set[int] | None = None
    if side is not None:
        history = await ctx.services.storage.tracker.history(side.state.game.id, limit=HISTORY)
        done = {s.id for s in history if s.status == "done"}
        turns = [s.id for s in history if s.status == "done" and s.action in PHASE_STARTS]
        done = {i for i in done if i > turns[0]} if turns else done
    return [
        r
        for r in await ctx.services.storage.rolls.recent(ctx.channel_id, ctx.user.id, ROLLS)
        if r.command in MAGIC and (done is None or r.result.get(POOL_STEP) in done)
    ]


def last_cast(rolls: list[RollRecord]) -> LastCast | None:
    """The latest cast of `rolls` (`magic_rolls`), None when it failed or there is none."""
    for r in rolls:
        if r.command != CAST:
            continue
        if not r.result.get("success"):
            return None
        spell = r.inputs.get("spell")
        return LastCast(int(r.result["result"]), str(spell) if spell else None)
    return None


def target(cast: LastCast | None, against: int | None) -> int:
    """The result to dispel against: as typed, else the last cast's; refused with neither."""
    if against is not None:
        return against
    if cast is None:
        raise UserError("dice.whf.dispel_no_cast")
    return cast.result


def mismatch(ctx: Ctx, cast: LastCast | None, against: int | None) -> str | None:
    """One line when the typed result is not the last cast's: «The last cast (Fireball) was
    10; you gave 11.» The typed figure is used (a modifier may explain it)."""
    if cast is None or against is None or against == cast.result:
        return None
    figures = {"cast": cast.result, "against": against}
    if cast.spell:
        return ctx.t("dice.whf.dispel_mismatch_spell", spell=md(cast.spell), **figures)
    return ctx.t("dice.whf.dispel_mismatch", **figures)


def nothing_to_dispel(rolls: list[RollRecord]) -> None:
    """Refused before anything is rolled when the table's latest cast or dispel (`magic_rolls`
    of a tracked game) is a cast that cannot be dispelled: one with Irresistible Force, or one
    that failed (English walk 11, WF-1: only a spell cast is dispelled, seed 002:17). Whoever
    typed it, the dispel is the other side's, so the caster typing it for the opponent is
    refused too."""
    latest = rolls[0] if rolls else None
    if latest is None:
        return
    if latest.command != CAST:  # W6: one dispel attempt per cast spell (seed 002:17)
        _already_dispelled(rolls)
        return
    if latest.result.get("irresistible"):
        raise UserError("dice.whf.dispel_irresistible")
    if not latest.result.get("success"):
        spell = latest.inputs.get("spell")
        if spell:
            raise UserError("dice.whf.dispel_not_cast_spell", spell=md(str(spell)))
        raise UserError("dice.whf.dispel_not_cast")


def _already_dispelled(rolls: list[RollRecord]) -> None:
    """W6: the latest magic roll dispelled the spell before it, so nothing is left to dispel
    (seed 002:17: one dispel attempt against the spell cast); a second is refused, nothing
    rolled, nothing spent. After a failed dispel the pool checks still say what is short."""
    if not rolls[0].result.get("success"):
        return
    cast = next((r for r in rolls if r.command == CAST), None)
    if cast is None:
        return
    spell = cast.inputs.get("spell")
    if spell:
        raise UserError("dice.whf.dispel_done_spell", spell=md(str(spell)))
    raise UserError("dice.whf.dispel_done")
