"""The live scoreboard's read step: a tracked game's state as a flat `Scoreboard` view.

The layout (embed fields, controls, pages) is `bot/handlers/tracker_layout.py`.

The rendering runs in two steps. `scoreboard(state)` reads the model's `GameState` into a flat
view (`Scoreboard`: what is shown, already named in the reader's language); `render_live` lays that
view out within Discord's embed limits. Keeping the read step separate means a change in the game
model touches one function, and the layout can be tested on hand-built boards.

When the full detail does not fit one message (more than four players with ten units each, long
names, many tokens) the live message folds unit detail into a compact form and `render_pages`
gives the per-player detail pages that `/game show` pages through.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from bot import limits
from bot.games import ALL_GAMES
from bot.games.terms import game_terms
from bot.handlers.tracker_describe import game_name, stat_note_text
from bot.i18n import catalogue, first_key, plural, t
from bot.tracker.model import Counter, GameState, Participant, Unit
from bot.tracker.names import in_line, md
from bot.tracker.plugin import UnitControl, plugin_for
from bot.tracker.rounds import turn_number
from bot.tracker.templates import Template, counts_turns, holds_initiative, template

# Discord's embed limits (per embed, and the 6000 total across a message's embeds).
TITLE_MAX = limits.EMBED_TITLE
DESCRIPTION_MAX = limits.EMBED_DESCRIPTION
FIELD_NAME_MAX = limits.EMBED_FIELD_NAME
FIELD_VALUE_MAX = limits.EMBED_FIELD_VALUE
FIELDS_MAX = limits.EMBED_FIELDS
FOOTER_MAX = limits.EMBED_FOOTER
EMBED_TOTAL_MAX = limits.EMBED_TOTAL
EMBEDS_MAX = limits.EMBEDS_PER_MESSAGE
SELECT_OPTIONS_MAX = limits.SELECT_OPTIONS
SELECT_LABEL_MAX = limits.SELECT_OPTION_LABEL
BUTTON_LABEL_MAX = limits.BUTTON_LABEL
# Rows: up to three selects for the targets, then the two button rows.
SELECTS_MAX = 3

BAR_CELLS = 10
UNIT_BAR_CELLS = 5
STEPS = (-5, -1, 1, 5)

# Action ids (the handlers live in bot/handlers/tracker_live.py).
A_PICK = "live.pick"
A_STEP = "live.step"
A_UNDO = "live.undo"
A_NEXT = "live.next"
A_REFRESH = "live.refresh"
A_PAGE = "live.page"


# ---------------------------------------------------------------------------------------------
# The view: what the scoreboard shows, independent of the game model's shape.


@dataclass(frozen=True)
class Stat:
    """A named number: `мана 12`, `ключи 1/3`, `цепи 7 (−2)`."""

    label: str
    value: int
    maximum: int | None = None
    note: str = ""
    flag: bool = False  # a yes/no state (closed, bloodied): shown by its name alone
    harms: bool = False  # more of it is worse for its holder (damage): the step colours flip
    sign: str = ""  # a signed trait («Ярость +1», «Прочный −2»): `label` is then its bare name

    def text(self, *, markdown: bool = True) -> str:
        """As the board shows it; `markdown` escapes a custom stat's name (off for plain text)."""
        label = md(self.label) if markdown else self.label
        if self.flag:
            return label + (f" ({self.note})" if self.note else "")
        num = f"{self.value}/{self.maximum}" if self.maximum is not None else str(self.value)
        return f"{label} {self.sign}{num}" + (f" ({self.note})" if self.note else "")


@dataclass(frozen=True)
class Health:
    """Life left out of the whole (life minus damage, or hit points minus wounds)."""

    left: int
    total: int
    label: str = ""


@dataclass(frozen=True)
class UnitRow:
    """One unit on one line. `key` is the target id used in payloads (`u12`, `p3`)."""

    key: str
    name: str
    health: Health | None = None
    stats: tuple[Stat, ...] = ()
    tokens: tuple[tuple[str, int], ...] = ()
    main: Stat | None = None
    dead: bool = False
    tokens_key: str = "live.tokens"  # the game's word for them (Mage Wars: markers)


@dataclass(frozen=True)
class PlayerBlock:
    key: str
    name: str
    active: bool = False
    health: Health | None = None
    stats: tuple[Stat, ...] = ()
    tokens: tuple[tuple[str, int], ...] = ()
    main: Stat | None = None
    units: tuple[UnitRow, ...] = ()
    tokens_key: str = "live.tokens"
    dead_key: str = "live.units_destroyed"  # the game's own word: Berserk's cards «На кладбище»
    empty_key: str = "live.no_units"  # B2: an empty block says so, in the game's word for pieces


@dataclass(frozen=True)
class Scoreboard:
    game_id: int
    game_name: str
    round: int
    round_word: str  # "round" or "turn": the catalogue key suffix
    active: str | None
    ended: bool = False
    winner: str | None = None
    players: tuple[PlayerBlock, ...] = ()
    selected: str | None = None  # target key the step buttons act on
    notes: tuple[str, ...] = field(default_factory=tuple)
    seat: int = 0  # the game's active seat: with `round`, the turn the Next button is for
    turn_no: int = 0  # the title's number (Berserk, KeyForge count every player's turn); 0: round
    unit_controls: tuple[UnitControl, ...] = ()  # the game's own buttons for a selected unit
    # Tokens, traits and stats in play that have a glossary entry: (name shown, entry id), the
    # selected target's first; the board's «📖» select opens the entry (issue 17).
    rules: tuple[tuple[str, str], ...] = ()
    # The active seat holds the initiative (Mage Wars, Conquest pass it by round, seed 000:143),
    # so the board says «Инициатива», as the game's header does (playtest 11 M3).
    initiative: bool = False


# ---------------------------------------------------------------------------------------------
# Reading the game model into the view.


def target_key(holder: Participant | Unit) -> str:
    """`u12` / `p3`: the short id a payload carries (the service reads it as `#u12` / `#p3`)."""
    return ("u" if isinstance(holder, Unit) else "p") + str(holder.id)


def default_target(state: GameState, board: Scoreboard | None = None) -> str | None:
    """What the step buttons act on until someone picks: the active player's leader or self.

    `board`: the game's scoreboard already read (in any language), so it is not built again."""
    board = board if board is not None else scoreboard(state, "ru")
    keys = [x.key for x in targets(board)]
    active = state.active_player
    if active is not None:
        leader = state.leader(active.id)
        for holder in (leader, active):
            if holder is not None and target_key(holder) in keys:
                return target_key(holder)
        own = [target_key(u) for u in state.units_of(active.id) if target_key(u) in keys]
        if own:
            return own[0]
    return keys[0] if keys else None


def _is_flag(c: Counter) -> bool:
    return c.min == 0 and c.max == 1


def _health_of(holder: Participant | Unit, tpl: Template, state: GameState) -> Health | None:
    """Life left as a bar: toughness minus damage, or a plain life counter against its start;
    none where the game has no life (KeyForge shows power and damage as they are, en-7 KF-5)."""
    if not tpl.life_bar:
        return None
    if tpl.damage and tpl.toughness:
        tough = [holder.counter(k) for k in tpl.toughness]
        if not any(tough):
            return None
        left, total = tpl.life_left({c.key: c.value for c in (*holder.counters, *holder.tokens)})
        return Health(left, total)
    life = holder.counter("life")
    start = state.game.options.get("life") or (life.max if life is not None else None)
    if life is None or not start:
        return None  # no known whole to measure against: life is shown as a plain number
    return Health(life.value, max(start, life.value))


def _health_keys(tpl: Template) -> set[str]:
    keys = {*tpl.toughness, "bloodied_hp"}
    if tpl.damage:
        keys.add(tpl.damage)
    else:
        keys.add("life")
    return keys


def _stats_of(
    holder: Participant | Unit, tpl: Template, lang: str, *, always: bool, skip: set[str]
) -> list[Stat]:
    """Counters other than those in the life bar; zeros hidden on units, flags shown by name."""
    out: list[Stat] = []
    game = plugin_for(tpl.slug)
    values = {c.key: c.value for c in (*holder.counters, *holder.tokens)}  # Corrode (M3)
    keep = (tpl.mana, tpl.main)
    for c in holder.counters:
        if c.key in skip or game.board_hides(c.key):
            continue
        label = tpl.line_label(c.key, lang)
        note = stat_note_text(tpl, c.key, c.value, values, lang)
        own = f"live.stat_count.{tpl.slug}.{c.key}"
        if _is_flag(c):
            if c.value:  # a yes/no trait the game names its own way («Ответный удар», en-7 MW-2)
                said = plural(own, c.value, lang) if own in catalogue() else label
                out.append(Stat(said, c.value, flag=True, note=note))
            continue
        hidden = c.key in tpl.hide_zero or (not always and c.key not in keep)
        if c.value == 0 and hidden:  # a player's stat shown once set (Berserk crystals, en-7 BK-1)
            continue
        if own in catalogue():
            # a stat said in the game's own phrase («Armor 1 used this turn», en-5 BK-1)
            out.append(Stat(plural(own, c.value, lang), c.value, flag=True, note=note))
            continue
        maximum = c.max if c.key == tpl.win_stat else None
        d = tpl.define(c.key)
        if d.sign:  # «Ярость +1», not «Ярость +X 1» (playtest 5, M2)
            out.append(Stat(in_line(d.base(lang), lang), c.value, maximum, note, sign=d.sign))
            continue
        out.append(Stat(label, game.board_value(c.key, c.value, values), maximum, note))
    return out


def _counted_key(tpl: Template, key: str) -> str:
    """A token a game counts in its own phrase (`live.token_count.<slug>.<key>`: «3 жетона
    силы»), since «жетоны: жетон силы×3» says «жетон» twice (playtest 5 slip K5); or ""."""
    own = f"live.token_count.{tpl.slug}.{key}"
    return own if own in catalogue() else ""


def _tokens_of(holder: Participant | Unit, tpl: Template, lang: str) -> tuple[tuple[str, int], ...]:
    return tuple(
        (tpl.line_label(c.key, lang), c.value)
        for c in holder.tokens
        if c.value and not _counted_key(tpl, c.key)
    )


def _counted_of(holder: Participant | Unit, tpl: Template, lang: str) -> list[Stat]:
    """The tokens counted in their own phrase, shown beside the stats."""
    hides = plugin_for(tpl.slug).board_hides  # KeyForge: power tokens told in the power's note
    found = ((c, _counted_key(tpl, c.key)) for c in holder.tokens if c.value and not hides(c.key))
    return [Stat(plural(key, c.value, lang), c.value, flag=True) for c, key in found if key]


def _main_of(holder: Participant | Unit, key: str, tpl: Template, lang: str) -> Stat | None:
    c = holder.counter(key) if key else None
    if c is None:
        return None
    return Stat(tpl.label(key, lang), c.value, harms=bool(tpl.damage) and key == tpl.damage)


def _leader_flags(stats: list[Stat], leader: Unit, lang: str) -> list[Stat]:
    """A leader's yes/no states under its own word, so they never agree with the player's name:
    «военачальник: окровавлен, в штабе», not «Алиса … окровавлен»."""
    key = f"live.leader_flags.{leader.kind}"
    flags = [s.label for s in stats if s.flag]
    if not flags or key not in catalogue():
        return stats
    joined = Stat(t(key, lang, flags=", ".join(flags)), 1, flag=True)
    return [s for s in stats if not s.flag] + [joined]


def _leader_stats(stats: list[Stat], own: list[Stat], leader: Unit, lang: str) -> list[Stat]:
    """The player's stats with the leader's: a defeated leader is said in words first, and its
    flags, which no longer matter, go (playtest 13 C3: no dangling «💀 ·»); a game without the
    words keeps the bare mark."""
    said = f"live.leader_defeated.{leader.kind}"
    if leader.destroyed and said in catalogue():
        return [Stat(t(said, lang), 0, flag=True), *stats]
    stats = stats + _leader_flags(own, leader, lang)
    if leader.destroyed:
        stats.insert(0, Stat(t("live.dead", lang), 0, flag=True))
    return stats


def _list_stat(p: Participant, tpl: Template, name: str, items: tuple[str, ...], lang: str) -> Stat:
    """«планеты: Ферракс, Тарсис (материалы 2/3)»: the items by name, then what the game says
    they add up to (playtest 8 slip C5: one place for the planets, with the way to the win)."""
    label = t(f"live.list.{name}", lang) if f"live.list.{name}" in catalogue() else name
    values = {c.key: c.value for c in p.counters}
    said = plugin_for(tpl.slug).list_notes(name, values)
    note = ", ".join(t(n.key, lang, **n.params) for n in said)
    text = t("live.list_items", lang, label=label, items=", ".join(items))  # Stat.text escapes
    return Stat(text, len(items), flag=True, note=note)


def tokens_key(slug: str) -> str:
    """The label of a holder's tokens in the game's own word: the English Mage Wars rules call
    them condition markers (`live.tokens.<slug>`; English walk 6, MW-2)."""
    return own_key("live.tokens", slug)


def own_key(base: str, slug: str) -> str:
    """`<base>.<slug>` where the game words it its own way, else `base`."""
    return first_key(f"{base}.{slug}", base)


def _unit_row(u: Unit, tpl: Template, state: GameState, lang: str) -> UnitRow:
    skip = _health_keys(tpl) if _health_of(u, tpl, state) else set()
    if u.destroyed:  # a destroyed unit's stats and tokens no longer count (playtest 6, K5)
        return UnitRow(key=target_key(u), name=u.name, health=_health_of(u, tpl, state), dead=True)
    return UnitRow(
        key=target_key(u),
        name=u.name,
        health=_health_of(u, tpl, state),
        stats=(*_stats_of(u, tpl, lang, always=False, skip=skip), *_counted_of(u, tpl, lang)),
        tokens=_tokens_of(u, tpl, lang),
        main=None if u.destroyed else _main_of(u, tpl.main, tpl, lang),
        dead=u.destroyed,
        tokens_key=tokens_key(tpl.slug),
    )


def _player_block(p: Participant, state: GameState, tpl: Template, lang: str) -> PlayerBlock:
    leader = state.leader(p.id)
    leader = leader if leader is not None and leader.present else None
    holder: Participant | Unit = leader if leader is not None else p
    health = _health_of(holder, tpl, state)
    said = f"live.leader_life.{leader.kind}" if leader is not None else ""
    if health is not None and said in catalogue():  # the Warlord's HP, not the player's (CQ-5)
        health = Health(health.left, health.total, t(said, lang))
    skip = _health_keys(tpl) if health else set()
    stats = _stats_of(p, tpl, lang, always=True, skip=skip if leader is None else set())
    tokens = list(_tokens_of(p, tpl, lang))
    if leader is not None:
        stats = _leader_stats(
            stats, _stats_of(leader, tpl, lang, always=False, skip=skip), leader, lang
        )
        tokens += _tokens_of(leader, tpl, lang)
    for name, items in p.lists.items():
        if items:
            stats.append(_list_stat(p, tpl, name, items, lang))
    units = tuple(_unit_row(u, tpl, state, lang) for u in state.units_of(p.id) if u is not leader)
    # The leader is a target in its own right (the mage takes damage); it stands for the player.
    main = (
        _main_of(leader, tpl.main, tpl, lang)
        if leader is not None and not leader.destroyed
        else _main_of(p, tpl.player_main, tpl, lang)
    )
    active = state.game.active and state.active_player is not None
    return PlayerBlock(
        key=target_key(leader) if leader is not None else target_key(p),
        name=p.name,
        active=active and state.active_player == p,
        health=health,
        stats=tuple(stats),
        tokens=tuple(tokens),
        main=main,
        units=units,
        tokens_key=tokens_key(tpl.slug),
        dead_key=own_key("live.units_destroyed", tpl.slug),
        empty_key=own_key("live.no_units", tpl.slug),
    )


def scoreboard(state: GameState, lang: str, selected: str | None = None) -> Scoreboard:
    """Read a game into the view, with every name in `lang`."""
    tpl = template(state.slug)
    players = [_player_block(p, state, tpl, lang) for p in sorted(state.participants, key=_seat)]
    owned = {p.id for p in state.participants}
    stray = tuple(_unit_row(u, tpl, state, lang) for u in state.units if u.owner_id not in owned)
    if stray:
        players.append(PlayerBlock(key="none", name=t("live.unowned", lang), units=stray))
    active = state.active_player if state.game.active else None
    winner = state.winner
    return Scoreboard(
        game_id=state.game.id,
        game_name=game_name(state.slug, lang),
        round=state.round,
        round_word="turn" if counts_turns(state.slug) else "round",
        turn_no=turn_number(state),
        active=active.name if active else None,
        initiative=holds_initiative(state.slug),
        ended=not state.game.active,
        winner=winner.name if winner else None,
        players=tuple(players),
        selected=selected,
        # Playtest 8 slip K2: no token legend on every board; a token's meaning is said in the
        # reply that puts it on, and the board's rule buttons open it.
        seat=state.game.active_seat,
        unit_controls=plugin_for(state.slug).unit_controls(),
        rules=_rules_in_play(state, tpl, lang, selected),
    )


RULE_KINDS = ("tokens", "traits", "stats", "options")  # a trait (Бесплотный) may be linked as
# the attack option of its name


def _rules_in_play(
    state: GameState, tpl: Template, lang: str, selected: str | None
) -> tuple[tuple[str, str], ...]:
    """What on the board has a glossary entry (`terms.toml`): each held token, trait or stat
    once — tokens first, then traits, then plain stats (life), the selected target's first —
    at most one select's worth."""
    if state.slug not in ALL_GAMES:
        return ()
    terms = game_terms(state.slug)
    holders: list[Participant | Unit] = [
        *(u for u in state.units if u.present and not u.destroyed),
        *state.participants,
    ]
    holders.sort(key=lambda h: target_key(h) != selected)  # stable: the selected one first
    held = [c.key for h in holders for c in (*h.tokens, *h.counters) if c.value]
    held.sort(key=lambda k: 0 if k in tpl.tokens else 1 if k in tpl.traits else 2)
    out: dict[str, tuple[str, str]] = {}
    for key in held:
        entry = next((e for kind in RULE_KINDS if (e := terms.entry_of(kind, key))), None)
        if entry is not None and entry not in out:
            out[entry] = (_title(tpl.label(key, lang)), entry)
    return tuple(out.values())[:SELECT_OPTIONS_MAX]


def _title(label: str) -> str:
    """A rule option reads as the entry's title, capitalised in every game alike («Урон»,
    «Keys»), whatever case the stat's label has in a line (EN-8 CQ-4)."""
    return label[:1].upper() + label[1:]


def _seat(p: Participant) -> int:
    return p.seat


def find_target(board: Scoreboard, key: str | None) -> UnitRow | PlayerBlock | None:
    if key is None:
        return None
    for p in board.players:
        if p.key == key:
            return p
        for u in p.units:
            if u.key == key:
                return u
    return None


def next_living(board: Scoreboard, key: str) -> str | None:
    """The first target after `key` in board order that the step buttons can act on, so a
    creature destroyed while picked hands the ± buttons to its neighbour (playtest 7, M3)."""
    rows: list[UnitRow | PlayerBlock] = []
    for p in board.players:
        rows.append(p)
        rows.extend(p.units)
    live = {x.key for x in targets(board)}
    at = next((i for i, x in enumerate(rows) if x.key == key), None)
    if at is None:
        return None
    after = rows[at + 1 :] + rows[:at]
    return next((x.key for x in after if x.key in live), None)


def targets(board: Scoreboard) -> list[UnitRow | PlayerBlock]:
    """Everything the step buttons can act on, in board order: each player, then their units."""
    out: list[UnitRow | PlayerBlock] = []
    for p in board.players:
        if p.main is not None:
            out.append(p)
        out.extend(u for u in p.units if u.main is not None)
    return out
