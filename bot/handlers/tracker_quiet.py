"""A quiet channel: a tracker change answers in one short line; the live board is the full view.

Avrae answers a change the same way. The game header (`Mage Wars · раунд 1 · ходит alice`)
is the board's, not every reply's; when a live board shows the channel the change and nothing
needs announcing (no unit destroyed, no winner), the line goes to the asker alone.
"""

from __future__ import annotations

from collections.abc import Sequence

from bot import limits
from bot.context import Ctx
from bot.handlers.tracker_describe import change_line, genitive_name, header, note_line, step_line
from bot.i18n import catalogue, plural, t
from bot.reply import Field, Kind, Reply, clip
from bot.tracker.model import GameState
from bot.tracker.names import md
from bot.tracker.records import StepRecord
from bot.tracker.rounds import turn_number
from bot.tracker.step import Note, Outcome
from bot.tracker.templates import counts_turns


def _life_after(outcome: Outcome) -> dict[int, tuple[int, int]]:
    """` · ❤ 28/36` for each change of damage or of the whole, as it stood right after that
    change (Tainted and Growth count too): a Warlord defeated on its hale side shows ❤ 0/7
    there, not the bloodied side's life."""
    tpl = outcome.template
    if not tpl.damage or not tpl.toughness or not (tpl.life_bar or _own_left(tpl.slug)):
        return {}
    units = {u.name: u for u in outcome.state.all_units}
    values: dict[str, dict[str, int]] = {}
    for name, unit in units.items():
        values[name] = {c.key: c.value for c in (*unit.counters, *unit.tokens)}
    for c in reversed(outcome.changes):  # back to where the step started
        if c.holder in values:
            values[c.holder][c.key] = c.before
    # What moves life left: damage, the whole (`/add жизнь -4` lowers the maximum), Tainted, Growth.
    lifelike = {tpl.damage, *tpl.toughness, *tpl.damage_tokens, *tpl.toughness_tokens}
    out: dict[int, tuple[int, int]] = {}
    for i, c in enumerate(outcome.changes):
        now = values.get(c.holder)
        if now is None:
            continue
        now[c.key] = c.after
        if c.key not in lifelike:
            continue
        left, life = tpl.life_left(now)
        if not life:  # no toughness counter on it: no whole to measure against
            continue
        out[i] = (left, life)
    return out


def _own_left(slug: str) -> str:
    """A game with no life to show says what is left its own way (`tracker.life_left.<slug>`:
    KeyForge's «(до уничтожения ещё 10)», no ❤), or ""."""
    key = f"tracker.life_left.{slug}"
    return key if key in catalogue() else ""


def _life_text(ctx: Ctx, slug: str, life: tuple[int, int] | None) -> str:
    if life is None:
        return ""
    own = _own_left(slug)
    if own and life[0] == life[1] and f"{own}.whole" in catalogue():
        own += ".whole"  # en-12 KF-3: no damage yet, so not «N more»
    if own:  # nothing is left once it is destroyed: the note after it says so
        return " " + ctx.t(own, left=life[0], life=life[1]) if life[0] > 0 else ""
    return " · " + ctx.t("tracker.life_left", left=life[0], life=life[1])


def change_lines(ctx: Ctx, outcome: Outcome, said: frozenset[str] = frozenset()) -> list[str]:
    """The step's changes, one a line (`Голем · урон: 0 → 3 · ❤ 7/10`), and its announcements
    but those whose keys are in `said` (the reply's title says them), in the order they happened:
    the end of the last round before the new round's mana, and the Burn roll just above the damage
    it dealt (playtest 9 M5, playtest 10 M3); a change a note tells in words is left to the note."""
    tpl = outcome.template
    lives = _life_after(outcome)
    notes = _fold_turn([n for n in outcome.notes if n.key not in said])
    lines: list[str] = []
    for i, c in enumerate(outcome.changes):
        while notes and notes[0].at is not None and notes[0].at <= i:
            lines.append(note_line(notes.pop(0), ctx.lang, tpl))
        if not c.covered:
            lines.append(change_line(tpl, c, ctx.lang) + _life_text(ctx, tpl.slug, lives.get(i)))
    return lines + [note_line(n, ctx.lang, tpl) for n in notes]


# A new round or turn and whose it is, said in one line where no game line says them (the game
# is over): «Ход 3, ходит Борис.», not «Ход 3.» and «Ходит Борис.» apart (playtest en-8, KF-4).
ROUND_AND_TURN = {
    "tracker.note.round": "tracker.note.round_whose",
    "tracker.note.round_turn": "tracker.note.round_turn_whose",
}


def _fold_turn(notes: Sequence[Note]) -> list[Note]:
    """The round note and the whose-turn note right after it as one note, the round's place kept."""
    out: list[Note] = []
    for note in notes:
        last = out[-1] if out else None
        if note.key == "tracker.note.turn" and last is not None and last.key in ROUND_AND_TURN:
            out[-1] = Note(ROUND_AND_TURN[last.key], {**note.params, **last.params}, last.at)
        else:
            out.append(note)
    return out


# The announcements the game line already says («ход 2 · ходит Борис»): under it they are noise.
HEADER_NOTES = frozenset(
    {
        "tracker.note.round",
        "tracker.note.round_turn",
        "tracker.note.initiative",
        "tracker.note.turn",
    }
)

# The header note that says whose turn it is: the one line kept when nothing else is said.
WHOSE_TURN = frozenset({"tracker.note.initiative", "tracker.note.turn"})


def lines_under_header(ctx: Ctx, outcome: Outcome, *, headed: bool) -> tuple[list[str], bool]:
    """The step's lines under the game line, and whether the step did anything; a note that only
    repeats the line («Ход 2. Ходит Борис.») is left out (playtest 8, G1), unless nothing else
    is left: then one short new line says which turn ended, since an empty body reads broken
    (playtest en-4, BZ-4) and «Ходит Вика.» under «ходит Вика» is noise (playtest 9, G2)."""
    said = HEADER_NOTES if headed and outcome.state.game.active else frozenset()
    lines = change_lines(ctx, outcome, said)
    if not lines and said:
        lines = _turn_over(ctx, outcome)
    return lines, bool(lines) or any(n.key in said for n in outcome.notes)


def _turn_over(ctx: Ctx, outcome: Outcome) -> list[str]:
    """A bare /game next under a header that already says whose turn it is: something new and
    short — «Ход 1 окончен.», or «Ход Ани окончен.» when the number stays (playtest 9, G2)."""
    for note in outcome.notes:
        if note.key in WHOSE_TURN and "ended" in note.params:
            word = "turn" if counts_turns(outcome.state.slug) else "round"
            which = word if note.params.get("advanced") or not note.params.get("old") else "player"
            over = Note(f"tracker.note.turn_over.{which}", note.params)
            return [note_line(over, ctx.lang, outcome.template)]
    return change_lines(ctx, outcome)


def whole_hints(ctx: Ctx, outcome: Outcome) -> list[str]:
    """A line under a change of the whole a game measures life against (a mage's Life is the
    printed maximum, seed 000:153): a player who lowers it almost always meant damage, one who
    raises it on a wounded unit healing, so the reply names the command for that
    (`tracker.whole_hint.<game>.<key>.down|up`; playtest 15 M1, en-8 MW-6). The change stands."""
    tpl = outcome.template
    lives = _life_after(outcome)
    hints: list[str] = []
    for i, c in enumerate(outcome.changes):
        down = c.after < c.before
        key = f"tracker.whole_hint.{tpl.slug}.{c.key}.{'down' if down else 'up'}"
        life = lives.get(i)
        if c.token or c.after == c.before or key not in catalogue():
            continue
        if not down and (life is None or life[0] >= life[1]):
            continue  # raised on an unhurt unit: nothing to heal
        hints.append(ctx.t(key, target=md(c.holder), amount=abs(c.after - c.before)))
    return hints


def change_reply(ctx: Ctx, outcome: Outcome) -> Reply:
    """The step's changes and announcements, without the game header (the board has it)."""
    lines = change_lines(ctx, outcome) + whole_hints(ctx, outcome)
    body = "\n".join(lines) or ctx.t("tracker.nothing_changed")
    quiet = ctx.services.live is not None and not outcome.notes
    # A step that only explains why nothing changed (a Nonliving creature «healed») is no success.
    kind = Kind.SUCCESS if outcome.changes or outcome.step_id is not None else Kind.INFO
    return Reply(body=body, kind=kind, ephemeral=quiet)


def applied_field(
    ctx: Ctx, outcome: Outcome, extra: Sequence[str] = (), nothing: str = "dice.target.no_change"
) -> Field:
    """A roll's «Записано в партию» field; when the roll changed nothing, the heading says so
    itself («В партию ничего не записано»), so it never contradicts the line under it. `nothing`
    is the game's own line for that (Mage Wars says «повреждения», playtest 9 M2)."""
    lines = [*change_lines(ctx, outcome), *extra]
    if not outcome.changes and not outcome.notes:
        return Field(ctx.t("dice.target.not_applied"), "\n".join(extra) or ctx.t(nothing))
    return Field(ctx.t("dice.target.applied"), clip("\n".join(lines), limits.EMBED_FIELD_VALUE))


def ended_line(state: GameState, ender: str, lang: str) -> str:
    """Who ended the game and after which round or turn, and that it is kept (MW-10): the final
    board alone does not say the game was saved, nor where its record is. The player is named in
    the genitive where the ending is sure («по команде Ани», playtest 12 M5)."""
    word = "turn" if counts_turns(state.slug) else "round"
    name_gen = genitive_name(ender, lang)
    return t(f"tracker.end.by_{word}", lang, name_gen=name_gen, n=turn_number(state))


def with_ended_line(body: str, state: GameState, ender: str, lang: str) -> str:
    """The final board's heading with who ended the game; that line says the game is over, so
    the board's own «Игра окончена.» goes (playtest 12 M4: it was said twice)."""
    ended = t("live.ended", lang)
    lines = [line for line in body.split("\n") if line.strip() != ended]
    return "\n".join([*lines, ended_line(state, ender, lang)]).strip()


async def undo_reply(ctx: Ctx, state: GameState, undone: list[StepRecord], asked: int) -> Reply:
    """What an undo took back, one line a step: `/game undo` and the board's Undo button say the
    same, so a round advance never vanishes silently (playtest 14, M3)."""
    index = await ctx.services.storage.tracker.counter_index(state.game.id)
    lines = [step_line(s, state, index, ctx.lang) for s in undone]
    if len(undone) < asked:  # asked for more than there was: say why it stopped
        lines.insert(0, ctx.t("tracker.undo.fewer", done=len(undone), asked=asked))
    return Reply(
        title=plural("tracker.undo.done", len(undone), ctx.lang),
        body="\n".join(lines),
        kind=Kind.SUCCESS,
        footer=header(state, ctx.lang),
    )
