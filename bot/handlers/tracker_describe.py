"""Tracker state and changes in words, in the reader's language (catalogue texts, no Discord).

Names of units, players, planets and custom stats are shown as typed: `md` escapes the Discord
markdown in them (a unit called `**Жирный**` is not bold), while storage keeps them unchanged.
"""

from __future__ import annotations

from collections.abc import Mapping

from bot.games import GAMES
from bot.i18n import catalogue, t
from bot.i18n import game_name as i18n_game_name
from bot.i18n import plural as i18n_plural
from bot.registry import option_label
from bot.reply import timestamp
from bot.tracker.declension import genitive
from bot.tracker.model import GameState
from bot.tracker.names import in_line, md
from bot.tracker.plugin import StatNotes, plugin_for
from bot.tracker.records import CAUSES, EventRecord, StepRecord
from bot.tracker.rounds import turn_number
from bot.tracker.step import Change, Note
from bot.tracker.templates import (
    CREATURE,
    Template,
    counts_each_turn,
    counts_turns,
    holds_initiative,
    template,
)


def game_name(slug: str, lang: str) -> str:
    """The game's name for players (`Берсерк ККИ`); a custom game is called so."""
    return i18n_game_name(slug, lang) if slug in GAMES else t("tracker.game.custom", lang)


def header(state: GameState, lang: str) -> str:
    """`Mage Wars · round 3 · active: alice` or the ended line with the winner."""
    name = game_name(state.slug, lang)
    if not state.game.active:
        winner = state.winner
        if winner is not None:
            return t("tracker.show.ended_winner", lang, game=name, name=md(winner.name))
        return t("tracker.show.ended", lang, game=name)
    active = state.active_player
    key = "tracker.show.header_turn" if counts_turns(state.slug) else "tracker.show.header"
    if holds_initiative(state.slug):
        key = "tracker.show.header_initiative"
    return t(
        key,
        lang,
        game=name,
        round=turn_number(state),
        name=md(active.name) if active else "—",
    )


def shown_value(tpl: Template, key: str, value: object, lang: str) -> str:
    """A value as players say it: `да`/`нет` for a yes/no stat, the number otherwise."""
    stat = tpl.stats.get(key)
    if stat is not None and stat.flag and value in (0, 1):
        return t("tracker.flag.yes" if value else "tracker.flag.no", lang)
    return str(value)


def change_label(tpl: Template, key: str, lang: str) -> str:
    """A stat as a change line names it: the whole a game measures life against reads as such
    («максимум жизни: 36 → 32», `tracker.whole.<game>.<key>`), so lowering it is not read as
    losing life."""
    whole = f"tracker.whole.{tpl.slug}.{key}"
    return t(whole, lang) if whole in catalogue() else tpl.line_label(key, lang)


def change_line(tpl: Template, c: Change, lang: str) -> str:
    """`Голем · урон: 0 → 3`; a yes/no mark or a per-turn counter a game phrases in words
    (`tracker.change_to.<game>.<stat>.on|off`, `_leader` for a Warlord named as its player):
    «Военачальник Ани снова готов», «Гоблин: маркер действия снова готов»."""
    phrase = f"tracker.change_to.{tpl.slug}.{c.key}.{'on' if c.after else 'off'}"
    for key in (phrase + "_leader",) * c.leader + (phrase,):
        if key in catalogue():
            target = md(c.holder)
            gen = genitive_name(c.holder, lang)
            counted = CHANGE_PLURALS.get(phrase)
            after_text = plural(counted, c.after, lang) if counted else ""
            return t(
                key,
                lang,
                target=target,
                target_gen=gen,
                before=c.before,
                after=c.after,
                after_text=after_text,
            )
    stat = tpl.stats.get(c.key)
    if stat is not None and stat.flag and c.before in (0, 1) and c.after in (0, 1):
        # a yes/no mark in words («Дракон: отмечено «неуловимость потрачена»»), never «нет → да»
        return t(
            "tracker.change_flag.on" if c.after else "tracker.change_flag.off",
            lang,
            target=md(c.holder),
            stat=md(tpl.label(c.key, lang)),  # a name in quotes: as the seed spells it
        )
    return t(
        "tracker.change",
        lang,
        target=_holder(tpl, c, lang),
        stat=md(change_label(tpl, c.key, lang)),
        before=shown_value(tpl, c.key, c.before, lang),
        after=shown_value(tpl, c.key, c.after, lang),
    )


def _holder(tpl: Template, c: Change, lang: str) -> str:
    """The holder of a change line: a leader a game names as its player's («Военачальник Ани»,
    `tracker.change_holder.<kind>`; playtest en-7 CQ-2: the damage is the Warlord's, not the
    player's), else the name as typed."""
    said = f"tracker.change_holder.{tpl.leader}"
    if c.leader and said in catalogue():
        return t(said, lang, name_gen=genitive_name(c.holder, lang))
    return md(c.holder)


# A change phrased in words that counts its new value (`after_text`): «щит на 2 урона».
CHANGE_PLURALS = {"tracker.change_to.conquest.shield.on": "tracker.plural.cq_damage"}

# Note parameters that hold names someone typed (the rest are numbers, dice, catalogue words).
NAME_PARAMS = frozenset({"name", "unit", "owner", "old", "new", "item", "target", "other"})


def genitive_name(name: str, lang: str) -> str:
    """A player's name after «у», «запас», «военачальник»: «Ани» when the ending is sure,
    «игрока Игорь» when not (and the name as typed in English); escaped for markdown."""
    if lang == "ru":
        declined = genitive(name)
        if declined is not None:
            return md(declined)
    return t("tracker.name.player_gen", lang, name=md(name))


# A start option confirmed in the game's words, counted: «Key cost: 7 Æmber.» (playtest en-3, 47).
START_VALUE_PLURALS = {
    "tracker.started.keyforge.keycost": "tracker.plural.aember",
    "tracker.started.conquest.resources": "tracker.plural.resources",
}


def start_values(
    game: str, values: Mapping[str, int], lang: str, state: GameState | None = None
) -> list[str]:
    """The start options a game confirms (`tracker.started.<game>.<option>`), as given, and
    those it asks for when left out (`….missing`: Conquest's starting resources are printed on
    each Warlord, playtest en-4 CQ-4), with another seated player as the example."""
    lines = []
    for option, value in values.items():
        key = f"tracker.started.{game}.{option}"
        if key in catalogue():
            counted = START_VALUE_PLURALS.get(key)
            text = plural(counted, value, lang) if counted else str(value)
            lines.append(t(key, lang, value=value, value_text=text))
    seats = sorted(state.participants, key=lambda p: p.seat) if state is not None else []
    for option in template(game).start:
        key = f"tracker.started.{game}.{option}.missing"
        if option not in values and key in catalogue() and seats:
            lines.append(t(key, lang, name=md(seats[-1].name)))
    return lines


def seat_lines(game: str, seated: int, seat_self: bool | None, lang: str) -> list[str]:
    """The start reply's lines on seats: the unseated starter's (`seat_self` None: they named
    both players), offering no seat at a full table (en-12 CQ-3), then `extra_seat`."""
    lines = extra_seat(game, seated, bool(seat_self), lang)
    if seat_self:
        return lines
    seats = template(game).max_players
    key = "tracker.started.not_seated"
    if seat_self is None:
        key += ".full" if seats and seated >= seats else ".auto"
    return [t(key, lang), *lines]


def extra_seat(game: str, seated: int, seat_self: bool, lang: str) -> list[str]:
    """Whoever typed `/game start` is seated too; beyond the count the game is usually played by
    (a Berserk duel) that is said, with how to start without joining (playtest 8, G3)."""
    usual = template(game).usual_players
    if usual and seated == 1 < usual:  # en-5 CQ-4: one seat of a duel is said, with what to do
        return [
            t(
                "tracker.started.one_seat",
                lang,
                game=game_name(game, lang),
                usual=plural("tracker.plural.players_usual", usual, lang),
            )
        ]
    if not seat_self or not usual or seated <= usual:
        return []
    return [
        t(
            "tracker.started.extra_seat",
            lang,
            game=game_name(game, lang),
            usual=plural("tracker.plural.players_usual", usual, lang),
            seated=plural("tracker.plural.players_seated", seated, lang),
        )
    ]


def plural(key: str, n: int, lang: str) -> str:
    """A counted phrase in the right form: `1 token left`, `осталось 5 жетонов` (see
    `bot.i18n.plural`: the catalogue text holds the forms split by `|`)."""
    return i18n_plural(key, n, lang)


LIFE_KEYS = ("life", "hp")  # a whole shown as ❤ N; KeyForge's power stays «сила 6»


def _named(params: Mapping[str, object], lang: str) -> dict[str, object]:
    """A note's parameters, those that name something in the reader's language named."""
    out: dict[str, object] = {}
    for k, v in params.items():
        if isinstance(v, StatNotes):  # phrases by key: «материалы 1/3, опорные пункты 1/3»
            out[k] = ", ".join(t(n.key, lang, **n.params) for n in v.items)
            continue
        name = getattr(v, "name", None)
        out[k] = name(lang) if callable(name) and not isinstance(v, str) else v
    return out


def stat_note_text(
    tpl: Template, key: str, value: int, values: Mapping[str, int], lang: str
) -> str:
    """What the game says beside a stat (a Damage Barrier's effect rows), in the reader's
    language; the board and the echo of `/unit add` show it alike (playtest 6, M6)."""
    said = plugin_for(tpl.slug).stat_note(key, value, values) if value else None
    return "" if said is None else t(said.key, lang, **_named(said.params, lang))


def stats_echo(tpl: Template | None, stats: object, lang: str) -> str:
    """` · ❤ 12 · броня 3 · Защитное поле 2 (горение 7+)`: the values a unit was added with, as
    typed (a yes/no trait by its name alone, a stat the game counts in words as
    `tracker.count.<game>.<key>` says: «3 раны»; what the game hides on the board, such as a
    barrier's effect rows, only as the note beside its trait); empty without a template."""
    if tpl is None or not isinstance(stats, (list, tuple)):
        return ""
    parts: list[str] = []
    game = plugin_for(tpl.slug)
    values = {str(k): int(v) for k, v in stats}
    for key, value in stats:
        if game.board_hides(key) or game.echo_hides(key, int(value)):
            continue
        part = _echo_part(tpl, key, value, lang)
        note = stat_note_text(tpl, key, int(value), values, lang)
        parts.append(f"{part} ({note})" if part and note else part)
    return "".join(f" · {p}" for p in parts if p)


def _echo_part(tpl: Template, key: str, value: int, lang: str) -> str:
    """One value of the echo: life as ❤ N, a yes/no trait by its name, a counted stat in words."""
    d = tpl.stats.get(key) or tpl.tokens.get(key)
    if key in tpl.toughness and key in LIFE_KEYS:
        return t("tracker.life_whole", lang, life=value)
    if d is not None and (d.flag or (d.token and d.max == 1)):
        return md(in_line(d.name(lang), lang)) if value else ""
    if (counted := f"tracker.count.{tpl.slug}.{key}") in catalogue():
        return plural(counted, value, lang)  # «3 раны», not «раны (всего) 3»
    shown = tpl.define(key).with_value(value, lang)
    return md(in_line(shown, lang) if key in tpl.stats or key in tpl.tokens else shown)


def note_line(note: Note, lang: str, tpl: Template | None = None) -> str:
    params = {
        k: md(v) if k in NAME_PARAMS and isinstance(v, str) else v
        for k, v in _named(note.params, lang).items()
    }
    for k, v in note.params.items():  # `{name_gen}`: «у Ани», «запас Бориса»
        if k in NAME_PARAMS and isinstance(v, str):
            params[f"{k}_gen"] = genitive_name(v, lang)
    if "stats" in params:
        params["stats"] = stats_echo(tpl, params["stats"], lang)
    if "unit_option" in params:  # a `/unit add` option, as the reader's client names it
        params["unit_option"] = option_label(("unit", "add"), str(params["unit_option"]), lang)
    key = note.key
    kind = params.pop("kind", None)
    # A phrase per kind of piece, so the name stays in the nominative: «Алиса: маг уничтожен»;
    # a game's own word first (`…_kind.creature_whfb`: a WFB piece is a wizard, slip 8).
    own = f"{key}_kind.{kind}_{tpl.slug}" if tpl is not None else ""
    if kind is not None and own in catalogue():
        key = own
    elif kind is not None and f"{key}_kind.{kind}" in catalogue():
        key = f"{key}_kind.{kind}"
    return t(key, lang, **params)


ACTION_UNKNOWN = "tracker.action.unknown"


def action_name(action: str, lang: str, slug: str = "") -> str:
    """The log's name for a kind of step: `урон`, `атака всей зоны`. A kind the catalogue does not
    name (a newer bot wrote it, or a name was forgotten) reads as a plain «действие», never an
    error: the log and undo must stay readable whatever the tracker wrote."""
    key = f"tracker.action.{action}"
    if f"{key}_{slug}" in catalogue():  # a game's own word: «новый маг» (WFB), «новый отряд»
        key = f"{key}_{slug}"
    elif counts_turns(slug) and f"{key}_turn" in catalogue():  # «следующий ход», not «раунд»
        key += "_turn"
    return t(key if key in catalogue() else ACTION_UNKNOWN, lang)


def added_as(step: StepRecord, state: GameState, lang: str) -> str:
    """The log's word for a unit added as a kind of piece the game names apart
    (`tracker.action.unit.add_kind.<kind>_<game>`: a WFB wizard is «новый маг», as the
    `/unit add` reply says), so the log and the reply agree; "" for any other unit."""
    name = step.params.get("unit")
    unit = next((u for u in state.all_units if u.name == name), None)
    if unit is None:
        return ""
    key = f"tracker.action.unit.add_kind.{plugin_for(state.slug).piece_kind(unit)}_{state.slug}"
    return t(key, lang) if key in catalogue() else ""


def event_phrase(tpl: Template, key: str, name: str, before: int, after: int, lang: str) -> str:
    """A counter that records an event, said as one in the log when the game phrases it
    (`tracker.log_change.<game>.<stat>.up|down`, the difference counted by
    `tracker.plural.log.<game>.<stat>`): «Броня существа «Гном-воин» предотвратила 1 рану», not
    «Гном-воин · предотвращено бронёй 0 → 1» (playtest 8, B4); "" when it does not."""
    if before == after:
        return ""
    phrase = f"tracker.log_change.{tpl.slug}.{key}.{'up' if after > before else 'down'}"
    if phrase not in catalogue():
        return ""
    counted = f"tracker.plural.log.{tpl.slug}.{key}"
    diff = abs(after - before)
    diff_text = plural(counted, diff, lang) if counted in catalogue() else str(diff)
    return t(phrase, lang, target=name, diff_text=diff_text, before=before, after=after)


def cause_phrase(
    tpl: Template, name: str, cause: tuple[str, tuple[str, ...]], ev: EventRecord, lang: str
) -> str:
    """A counter moved by something the step names (`Step.caused`): «Тролль · горение:
    3 повреждения (6 → 9)», in the game's log phrase (`tracker.log_cause.<game>.<phrase>`, the
    difference counted by `tracker.plural.log_cause.<game>.<phrase>`); "" when it has none."""
    phrase, by = cause
    key = f"tracker.log_cause.{tpl.slug}.{phrase}"
    if key not in catalogue():
        return ""
    diff = abs(int(ev.after) - int(ev.before))
    counted = f"tracker.plural.log_cause.{tpl.slug}.{phrase}"
    return t(
        key,
        lang,
        target=name,
        what=", ".join(md(tpl.line_label(k, lang)) for k in by),
        diff_text=plural(counted, diff, lang) if counted in catalogue() else str(diff),
        before=ev.before,
        after=ev.after,
    )


def destroyed_phrase(state: GameState, unit_id: int, lang: str) -> str:
    """A unit gone, said as its game says it: a defeated Warlord is not its player destroyed
    (`tracker.log.defeated.<kind>`, EN-6 CQ-4), any other unit is «вне игры»."""
    unit = state.unit(unit_id)
    own = f"tracker.log.defeated.{getattr(unit, 'kind', '')}"
    if unit is not None and own in catalogue():
        return t(own, lang, name_gen=genitive_name(unit.name, lang))
    # playtest 18, B1: in the game's own words (Берсерк: «погибло», to the graveyard)
    key = f"tracker.log.destroyed.{state.slug}"
    key = key if key in catalogue() else "tracker.log.destroyed"
    return t(key, lang, unit=md(unit.name) if unit else "?")


def step_line(
    step: StepRecord,
    state: GameState,
    index: dict[int, tuple[str, int, str]],
    lang: str,
) -> str:
    """One log line: `#12 14:03 alice: Goblin · damage 2 → 5; …` (marked if undone)."""
    tpl = template(state.slug)
    what: list[str] = []
    stats: list[str] = []  # the stats the step moved: a plain /add is named by them
    marks: dict[str, list[str]] = {}  # a leader's marks put on, gathered in one fragment
    causes = {(c[0], c[1], c[2]): (c[3], tuple(c[4])) for c in step.params.get(CAUSES, ())}
    for ev in step.events:
        if ev.entity == "counter" and ev.field == "value" and ev.row_id in index:
            kind, hid, key = index[ev.row_id]
            holder = state.unit(hid) if kind == "unit" else state.participant(hid)
            name = md(holder.name) if holder else "?"
            before, after = (shown_value(tpl, key, v, lang) for v in (ev.before, ev.after))
            stats.append(tpl.label(key, lang))
            stat = tpl.stats.get(key)
            # A Warlord named as its player: «военачальник Ани», not «Аня» (playtest 5 C4).
            leader = f"tracker.log.leader.{getattr(holder, 'kind', '')}"
            if holder is not None and leader in catalogue():
                name = t(leader, lang, name_gen=genitive_name(holder.name, lang))
                if stat is not None and stat.flag and (ev.before, ev.after) == (0, 1):
                    if name not in marks:
                        marks[name] = []
                        what.append(name)  # filled in below, where the first mark stood
                    marks[name].append(md(tpl.label(key, lang)))
                    continue
            if stat is not None and stat.flag and {ev.before, ev.after} <= {0, 1}:
                # a yes/no mark in words, as the reply says it (playtest 4, slips 2 and 23)
                led = (
                    getattr(holder, "kind", CREATURE) != CREATURE
                )  # «Военачальник Ани снова готов»
                named = holder.name if holder else "?"
                mark = Change(named, key, int(ev.before), int(ev.after), leader=led)
                what.append(change_line(tpl, mark, lang).rstrip("."))
                continue
            cause = causes.get((ev.row_id, ev.before, ev.after))
            if cause is not None and (why := cause_phrase(tpl, name, cause, ev, lang)):
                what.append(why)  # «Тролль · горение: 3 повреждения (6 → 9)», as the reply (M2)
                continue
            said = event_phrase(tpl, key, name, int(ev.before), int(ev.after), lang)
            label = md(change_label(tpl, key, lang))  # «max life», as the reply (EN walk 5, MW-10)
            what.append(said or f"{name} · {label} {before} → {after}")
        elif ev.entity == "unit" and ev.field == "state" and ev.after:
            what.append(destroyed_phrase(state, ev.row_id, lang))
        elif ev.entity == "game" and ev.field == "round" and not counts_each_turn(state.slug):
            word = "turn" if counts_turns(state.slug) else "round"
            what.append(f"{t('tracker.log.field.' + word, lang)} {ev.before} → {ev.after}")
        elif ev.entity == "game" and ev.field == "active_seat" and counts_turns(state.slug):
            who = next((p for p in state.all_participants if p.seat == ev.after), None)
            if who is not None:  # the hand-over: «ходит Маша»
                what.append(t("tracker.log.turn", lang, name=md(who.name)))
        elif ev.entity == "unit" and ev.field == "name":
            what.append(f"{md(str(ev.before))} → {md(str(ev.after))}")
        elif ev.entity == "game" and ev.field == "status":
            won = state.winner if ev.after == "ended" else None  # «Аня побеждает» (EN-6 CQ-4)
            if won is not None:
                what.append(t("tracker.log.status.ended_winner", lang, name=md(won.name)))
            else:
                what.append(t(f"tracker.log.status.{ev.after}", lang))
    what = [
        t("tracker.log.leader_marks", lang, name=w, marks=", ".join(marks[w])) if w in marks else w
        for w in what
    ]
    if not what or step.action in ("unit.add", "unit.remove"):
        # a unit added or removed: the step names it, before what it moved
        # («новый маг — Маг огня; alice · маги 0 → 1», playtest 5, W2)
        what[:0] = [md(str(step.params[k])) for k in ("unit",) if k in step.params]
    action = action_name(step.action, lang, state.slug)
    if isinstance(step.params.get("item"), str):  # a planet won: «захват планеты «Тарос»» (C2)
        action = t("tracker.log.item", lang, action=action, item=md(step.params["item"]))
    if step.action == "unit.add":  # named as the reply named it: «новый маг» (playtest 10, W3)
        action = added_as(step, state, lang) or action
    if step.action == "add" and len(set(stats)) == 1:  # «мана — Аня · мана 10 → 7» (slip 24)
        action = md(stats[0])
    if isinstance(step.params.get("spell"), str):  # a WFB cast: «сотворение «Огненный шар»»
        action = t("tracker.log.spell", lang, action=action, spell=md(step.params["spell"]))
    stamp = timestamp(step.at)
    line = f"#{step.id} {stamp} {md(step.user_name or '?')}: {action}"
    if what:
        line += " — " + "; ".join(what[:6]) + (" …" if len(what) > 6 else "")
    if step.status != "done":
        line += " " + t(f"tracker.log.{step.status}", lang)
    return line
