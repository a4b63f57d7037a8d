"""A quiet channel: a tracker change answers in one short line; the live board is the full view.

Avrae answers a change the same way. The game header (`Mage Wars · раунд 1 · ходит alice`)
is the board's, not every reply's; when a live board shows the channel the change and nothing
needs announcing (no unit destroyed, no winner), the line goes to the asker alone.
"""

from __future__ import annotations

from bot.context import Ctx
from bot.handlers.tracker_describe import change_line, note_line
from bot.reply import Kind, Reply
from bot.tracker.step import Change, Outcome


def _life_left(ctx: Ctx, outcome: Outcome, change: Change) -> str:
    """` · ❤ 28/36` after a damage change: what the player needs next (Tainted counts too)."""
    tpl = outcome.template
    if change.token or change.key != tpl.damage or not tpl.toughness:
        return ""
    unit = next((u for u in outcome.state.all_units if u.name == change.holder), None)
    if unit is None:
        return ""
    life = sum(unit.value(k) for k in tpl.toughness)
    tainted = tpl.token_damage({c.key: c.value for c in unit.tokens})
    left = max(0, life - unit.value(tpl.damage) - tainted)
    return " · " + ctx.t("tracker.life_left", left=left, life=life)


def change_reply(ctx: Ctx, outcome: Outcome) -> Reply:
    """The step's changes on one line (`Голем · урон: 0 → 3`), its announcements below."""
    tpl = outcome.template
    changes = [change_line(tpl, c, ctx.lang) + _life_left(ctx, outcome, c) for c in outcome.changes]
    notes = [note_line(n, ctx.lang) for n in outcome.notes]
    line = "; ".join(changes)
    body = "\n".join([x for x in (line, *notes) if x]) or ctx.t("tracker.nothing_changed")
    quiet = ctx.services.live is not None and not notes
    return Reply(body=body, kind=Kind.SUCCESS if changes or notes else Kind.INFO, ephemeral=quiet)
