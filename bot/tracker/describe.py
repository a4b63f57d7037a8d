"""Tracker state and changes in words, in the reader's language (catalogue texts, no Discord)."""

from __future__ import annotations

import time

from bot.games import GAMES
from bot.i18n import t
from bot.tracker.model import Counter, GameState, Participant, Unit, keyforge_chain_penalty
from bot.tracker.records import StepRecord
from bot.tracker.service import Change, Note
from bot.tracker.templates import Template, template


def game_name(slug: str, lang: str) -> str:
    game = GAMES.get(slug)
    return game.name(lang) if game else t("tracker.game.custom", lang)


def counter_text(tpl: Template, c: Counter, lang: str) -> str:
    text = f"{tpl.label(c.key, lang)} {c.value}"
    if c.key == "chains" and tpl.slug == "keyforge" and c.value:
        text += " " + t("tracker.show.chains", lang, penalty=keyforge_chain_penalty(c.value))
    return text


def tokens_text(tpl: Template, tokens: tuple[Counter, ...], lang: str) -> str:
    return ", ".join(f"{tpl.label(c.key, lang)}×{c.value}" for c in tokens if c.value)


def unit_line(tpl: Template, unit: Unit, lang: str) -> str:
    parts = [
        counter_text(tpl, c, lang) for c in unit.counters if c.value or c.key not in tpl.hide_zero
    ]
    line = f"**{unit.name}**: " + ", ".join(parts)
    tokens = tokens_text(tpl, unit.tokens, lang)
    if tokens:
        line += f" [{tokens}]"
    if unit.destroyed:
        line = "~~" + line + "~~ " + t("tracker.show.destroyed", lang)
    return line


def player_block(state: GameState, tpl: Template, p: Participant, lang: str) -> str:
    lines: list[str] = []
    if p.counters:
        lines.append(" · ".join(counter_text(tpl, c, lang) for c in p.counters))
    tokens = tokens_text(tpl, p.tokens, lang)
    if tokens:
        lines.append(f"[{tokens}]")
    for name, items in p.lists.items():
        lines.append(f"{tpl.label(name, lang)}: " + ", ".join(items))
    lines.extend(unit_line(tpl, u, lang) for u in state.units_of(p.id))
    return "\n".join(lines) or "—"


def header(state: GameState, lang: str) -> str:
    """`Mage Wars · round 3 · active: alice` or the ended line with the winner."""
    name = game_name(state.slug, lang)
    if not state.game.active:
        winner = state.winner
        if winner is not None:
            return t("tracker.show.ended_winner", lang, game=name, name=winner.name)
        return t("tracker.show.ended", lang, game=name)
    active = state.active_player
    return t(
        "tracker.show.header",
        lang,
        game=name,
        round=state.round,
        name=active.name if active else "—",
    )


def change_line(tpl: Template, c: Change, lang: str) -> str:
    return t(
        "tracker.change",
        lang,
        target=c.holder,
        stat=tpl.label(c.key, lang),
        before=c.before,
        after=c.after,
    )


def note_line(note: Note, lang: str) -> str:
    return t(note.key, lang, **note.params)


def step_line(
    step: StepRecord,
    state: GameState,
    index: dict[int, tuple[str, int, str]],
    lang: str,
) -> str:
    """One log line: `#12 14:03 alice: Goblin · damage 2 → 5; …` (marked if undone)."""
    tpl = template(state.slug)
    what: list[str] = []
    for ev in step.events:
        if ev.entity == "counter" and ev.field == "value" and ev.row_id in index:
            kind, hid, key = index[ev.row_id]
            holder = state.unit(hid) if kind == "unit" else state.participant(hid)
            name = holder.name if holder else "?"
            what.append(f"{name} · {tpl.label(key, lang)} {ev.before} → {ev.after}")
        elif ev.entity == "unit" and ev.field == "state" and ev.after:
            unit = state.unit(ev.row_id)
            what.append(t("tracker.log.destroyed", lang, unit=unit.name if unit else "?"))
        elif ev.entity == "game" and ev.field == "round":
            what.append(f"{t('tracker.log.field.round', lang)} {ev.before} → {ev.after}")
        elif ev.entity == "game" and ev.field == "status":
            what.append(t(f"tracker.log.status.{ev.after}", lang))
    action = t(f"tracker.action.{step.action}", lang)
    stamp = time.strftime("%H:%M", time.gmtime(step.at))
    line = f"#{step.id} {stamp} {step.user_name or '?'}: {action}"
    if what:
        line += " — " + "; ".join(what[:6]) + (" …" if len(what) > 6 else "")
    if step.status != "done":
        line += " " + t(f"tracker.log.{step.status}", lang)
    return line
