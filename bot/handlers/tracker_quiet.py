"""A quiet channel: a tracker change answers in one short line; the live board is the full view.

Avrae answers a change the same way. The game header (`Mage Wars · раунд 1 · ходит alice`)
is the board's, not every reply's; when a live board shows the channel the change and nothing
needs announcing (no unit destroyed, no winner), the line goes to the asker alone.
"""

from __future__ import annotations

from bot.context import Ctx
from bot.handlers.tracker_describe import change_line, note_line
from bot.reply import Kind, Reply
from bot.tracker.step import Outcome


def _life_after(outcome: Outcome) -> dict[int, tuple[int, int]]:
    """` · ❤ 28/36` for each damage change, as it stood right after that change (Tainted counts
    too): a Warlord defeated on its hale side shows ❤ 0/7 there, not the bloodied side's life."""
    tpl = outcome.template
    if not tpl.damage or not tpl.toughness:
        return {}
    units = {u.name: u for u in outcome.state.all_units}
    values: dict[str, dict[str, int]] = {}
    for name, unit in units.items():
        values[name] = {c.key: c.value for c in (*unit.counters, *unit.tokens)}
    for c in reversed(outcome.changes):  # back to where the step started
        if c.holder in values:
            values[c.holder][c.key] = c.before
    out: dict[int, tuple[int, int]] = {}
    for i, c in enumerate(outcome.changes):
        now = values.get(c.holder)
        if now is None:
            continue
        now[c.key] = c.after
        if c.token or c.key != tpl.damage:
            continue
        life = tpl.life_of(now)
        if not life:  # no toughness counter on it: no whole to measure against
            continue
        left = max(0, life - now.get(tpl.damage, 0) - tpl.token_damage(now))
        out[i] = (left, life)
    return out


def _life_text(ctx: Ctx, life: tuple[int, int] | None) -> str:
    return "" if life is None else " · " + ctx.t("tracker.life_left", left=life[0], life=life[1])


def change_reply(ctx: Ctx, outcome: Outcome) -> Reply:
    """The step's changes, one a line (`Голем · урон: 0 → 3 · ❤ 7/10`), its announcements below."""
    tpl = outcome.template
    lives = _life_after(outcome)
    changes = [
        change_line(tpl, c, ctx.lang) + _life_text(ctx, lives.get(i))
        for i, c in enumerate(outcome.changes)
        if not c.covered
    ]
    notes = [note_line(n, ctx.lang) for n in outcome.notes]
    line = "\n".join(changes)  # one change a line: a zone attack reads as a list
    body = "\n".join([x for x in (line, *notes) if x]) or ctx.t("tracker.nothing_changed")
    quiet = ctx.services.live is not None and not notes
    return Reply(body=body, kind=Kind.SUCCESS if changes or notes else Kind.INFO, ephemeral=quiet)
