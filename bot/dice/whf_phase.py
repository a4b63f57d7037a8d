"""Per-wizard state of a tracked WFB magic phase, read back from the roll log (issue 9).

A `/whf cast` or `/whf dispel` by a player of a tracked `whfb` game spends from the pool as a
tracker step; the roll log keeps that step's id (`pool_step`) and the wizard and spell named.
The phase's attempts are the logged rolls whose pool step is still done and came after the
last `/game next`, so an undone spend is forgotten with it. The rules are
`bot/games/whfb/rules.py: wizard_refusal`.
"""

from __future__ import annotations

from bot.context import Ctx
from bot.dice.tracked import MagicSide
from bot.games.whfb.rules import MagicAttempt, wizard_refusal
from bot.registry import UserError

HISTORY = 200
ROLLS = 100
POOL_STEP = "pool_step"


async def phase_attempts(ctx: Ctx, side: MagicSide) -> list[MagicAttempt]:
    storage = ctx.services.storage
    history = await storage.tracker.history(side.state.game.id, limit=HISTORY)
    done = {s.id for s in history if s.status == "done"}
    start = next((s.id for s in history if s.id in done and s.action in ("next", "start")), 0)
    out: list[MagicAttempt] = []
    for r in await storage.rolls.recent(ctx.channel_id, ctx.user.id, ROLLS):
        if r.command not in ("whf cast", "whf dispel"):
            continue
        step, wizard = r.result.get(POOL_STEP), r.inputs.get("wizard")
        if not wizard or not isinstance(step, int) or step <= start or step not in done:
            continue
        kind = r.command.split()[1]
        spell = str(r.inputs.get("spell") or "")
        out.append(MagicAttempt(r.user_id, kind, str(wizard), spell, bool(r.result.get("success"))))
    return out


async def check_wizard(
    ctx: Ctx, side: MagicSide | None, kind: str, wizard: str | None, spell: str | None
) -> None:
    """Refuse a named wizard who may not try now, before any die is spent or rolled."""
    if side is None or not wizard:
        return
    refusal = wizard_refusal(
        await phase_attempts(ctx, side), ctx.user.id, kind, wizard, spell or ""
    )
    if refusal is not None:
        raise UserError(refusal.key, **refusal.params)
