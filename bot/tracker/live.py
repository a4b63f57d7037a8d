"""The live scoreboard: a tracked game's state as a `Reply` (embed + controls), Discord-free.

The rendering runs in two steps. `scoreboard(state)` reads the model's `GameState` into a flat
view (`Scoreboard`: what is shown, already named in the reader's language); `render_live` lays that
view out within Discord's embed limits. Keeping the read step separate means a change in the game
model touches one function, and the layout can be tested on hand-built boards.

When the full detail does not fit one message (more than four players with ten units each, long
names, many tokens) the live message folds unit detail into a compact form and `render_pages`
gives the per-player detail pages that `/game show` pages through.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Sequence
from dataclasses import dataclass, field

from bot.i18n import catalogue, t
from bot.reply import Button, Field, Kind, Reply, Select, SelectOption, Style, clip
from bot.tracker.model import Counter, GameState, Participant, Unit, keyforge_chain_penalty
from bot.tracker.names import md
from bot.tracker.templates import TURN_GAMES, Template, game_name, template

# Discord's embed limits (per embed, and the 6000 total across a message's embeds).
TITLE_MAX = 256
DESCRIPTION_MAX = 4096
FIELD_NAME_MAX = 256
FIELD_VALUE_MAX = 1024
FIELDS_MAX = 25
FOOTER_MAX = 2048
EMBED_TOTAL_MAX = 6000
EMBEDS_MAX = 10
SELECT_OPTIONS_MAX = 25
SELECT_LABEL_MAX = 100
BUTTON_LABEL_MAX = 80
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

    def text(self, *, markdown: bool = True) -> str:
        """As the board shows it; `markdown` escapes a custom stat's name (off for plain text)."""
        label = md(self.label) if markdown else self.label
        if self.flag:
            return label
        num = f"{self.value}/{self.maximum}" if self.maximum is not None else str(self.value)
        return f"{label} {num}" + (f" ({self.note})" if self.note else "")


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


# ---------------------------------------------------------------------------------------------
# Reading the game model into the view.


def target_key(holder: Participant | Unit) -> str:
    """`u12` / `p3`: the short id a payload carries (the service reads it as `#u12` / `#p3`)."""
    return ("u" if isinstance(holder, Unit) else "p") + str(holder.id)


def default_target(state: GameState) -> str | None:
    """What the step buttons act on until someone picks: the active player's leader or self."""
    board = scoreboard(state, "ru")
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
    """Life left as a bar: toughness minus damage, or a plain life counter against its start."""
    if tpl.damage and tpl.toughness:
        tough = [holder.counter(k) for k in tpl.toughness]
        if not any(tough):
            return None
        total = sum(c.value for c in tough if c is not None)
        if holder.value("bloodied") and holder.counter("bloodied_hp") is not None:
            total = holder.value("bloodied_hp")
        damage = holder.value(tpl.damage)
        damage += tpl.token_damage({c.key: c.value for c in holder.tokens})
        return Health(max(0, total - damage), total)
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
    for c in holder.counters:
        if c.key in skip:
            continue
        label = tpl.label(c.key, lang)
        if _is_flag(c):
            if c.value:
                out.append(Stat(label, c.value, flag=True))
            continue
        if not always and c.value == 0 and c.key not in (tpl.mana, tpl.main):
            continue
        maximum = c.max if c.key == tpl.win_stat else None
        note = ""
        if c.key == "chains" and tpl.slug == "keyforge" and c.value:
            note = t("live.chains_penalty", lang, n=keyforge_chain_penalty(c.value))
        out.append(Stat(label, c.value, maximum, note))
    return out


def _tokens_of(holder: Participant | Unit, tpl: Template, lang: str) -> tuple[tuple[str, int], ...]:
    return tuple((tpl.label(c.key, lang), c.value) for c in holder.tokens if c.value)


def _main_of(holder: Participant | Unit, key: str, tpl: Template, lang: str) -> Stat | None:
    c = holder.counter(key) if key else None
    return Stat(tpl.label(key, lang), c.value) if c is not None else None


def _unit_row(u: Unit, tpl: Template, state: GameState, lang: str) -> UnitRow:
    skip = _health_keys(tpl) if _health_of(u, tpl, state) else set()
    return UnitRow(
        key=target_key(u),
        name=u.name,
        health=_health_of(u, tpl, state),
        stats=tuple(_stats_of(u, tpl, lang, always=False, skip=skip)),
        tokens=_tokens_of(u, tpl, lang),
        main=None if u.destroyed else _main_of(u, tpl.main, tpl, lang),
        dead=u.destroyed,
    )


def _player_block(p: Participant, state: GameState, tpl: Template, lang: str) -> PlayerBlock:
    leader = state.leader(p.id)
    leader = leader if leader is not None and leader.present else None
    holder: Participant | Unit = leader if leader is not None else p
    health = _health_of(holder, tpl, state)
    skip = _health_keys(tpl) if health else set()
    stats = _stats_of(p, tpl, lang, always=True, skip=skip if leader is None else set())
    tokens = list(_tokens_of(p, tpl, lang))
    if leader is not None:
        stats += _stats_of(leader, tpl, lang, always=False, skip=skip)
        tokens += _tokens_of(leader, tpl, lang)
        if leader.destroyed:
            stats.insert(0, Stat(t("live.dead", lang), 0, flag=True))
    for name, items in p.lists.items():
        if items:
            label = t(f"live.list.{name}", lang) if f"live.list.{name}" in catalogue() else name
            stats.append(Stat(label, len(items), note=", ".join(md(i) for i in items)))
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
        round_word="turn" if state.slug in TURN_GAMES else "round",
        active=active.name if active else None,
        ended=not state.game.active,
        winner=winner.name if winner else None,
        players=tuple(players),
        selected=selected,
    )


def _seat(p: Participant) -> int:
    return p.seat


def render_live(state: GameState, lang: str = "ru", selected: str | None = None) -> Reply:
    """The live message for `state`; `selected` is the picked target (default: active player)."""
    board = scoreboard(state, lang, selected)
    if find_target(board, selected) is None:
        board = scoreboard(state, lang, default_target(state))
    return render_board(board, lang)


def render_pages(state: GameState, lang: str = "ru", selected: str | None = None) -> list[Reply]:
    """`/game show` pages: the live message's content, then per-player detail when folded."""
    board = scoreboard(state, lang, selected)
    if find_target(board, selected) is None:
        board = scoreboard(state, lang, default_target(state))
    return render_board_pages(board, lang)


# ---------------------------------------------------------------------------------------------
# Layout.


def bar(left: int, total: int, cells: int = BAR_CELLS) -> str:
    """A text bar `▰▰▰▱▱` of `cells` cells; never empty while something is left."""
    if total <= 0:
        return "▱" * cells
    left = max(0, min(left, total))
    filled = round(cells * left / total)
    if left > 0 and filled == 0:
        filled = 1
    return "▰" * filled + "▱" * (cells - filled)


def _tokens(tokens: Sequence[tuple[str, int]]) -> str:
    return " ".join(
        f"{md(name)}×{count}" if count != 1 else md(name) for name, count in tokens if count
    )


def _health(h: Health, cells: int, lang: str) -> str:
    label = h.label or t("live.life", lang)
    return f"{label} {bar(h.left, h.total, cells)} {h.left}/{h.total}"


def unit_line(u: UnitRow, lang: str, *, compact: bool = False, selected: bool = False) -> str:
    """`• Дракон ❤ ▰▰▰▱▱ 8/12 · броня 2 · Горение×2` — compact drops the stats and the bar."""
    mark = "▸" if selected else "•"
    name = md(u.name)
    parts = [f"{mark} **{name}**" if selected else f"{mark} {name}"]
    if u.dead:
        parts.append(t("live.dead", lang))
    if u.health is not None:
        if compact:
            label = u.health.label or t("live.life", lang)
            parts.append(f"{label} {u.health.left}/{u.health.total}")
        else:
            parts.append(_health(u.health, UNIT_BAR_CELLS, lang))
    if not compact:
        parts.extend(s.text() for s in u.stats)
    toks = _tokens(u.tokens)
    if toks:
        parts.append(toks)
    head, *rest = parts
    return head + (" " + " · ".join(rest) if rest else "")


def player_lines(p: PlayerBlock, lang: str, *, level: int, selected: str | None) -> list[str]:
    """The player's block as lines. Level 0 is full, 1 compacts units, 2 counts them."""
    lines: list[str] = []
    if p.health is not None:
        lines.append(_health(p.health, BAR_CELLS, lang))
    if p.stats:
        lines.append(" · ".join(s.text() for s in p.stats))
    toks = _tokens(p.tokens)
    if toks:
        lines.append(toks)
    if level >= 2 and p.units:
        alive = sum(1 for u in p.units if not u.dead)
        lines.append(t("live.units_folded", lang, count=len(p.units), alive=alive))
    else:
        lines.extend(
            unit_line(u, lang, compact=level >= 1, selected=u.key == selected) for u in p.units
        )
    return lines or ["—"]


def _player_name(p: PlayerBlock) -> str:
    return f"▶ {md(p.name)}" if p.active else md(p.name)


def _pack(name: str, lines: list[str], lang: str) -> list[Field]:
    """Lines into fields of at most 1024 characters; continuation fields get a marked name."""
    out: list[Field] = []
    chunk: list[str] = []
    size = 0
    for raw in lines:
        line = clip(raw, FIELD_VALUE_MAX)
        extra = len(line) + (1 if chunk else 0)
        if chunk and size + extra > FIELD_VALUE_MAX:
            out.append(Field(name, "\n".join(chunk)))
            chunk, size = [], 0
            extra = len(line)
        chunk.append(line)
        size += extra
    if chunk:
        out.append(Field(name, "\n".join(chunk)))
    for i in range(1, len(out)):
        out[i] = Field(clip(t("live.continued", lang, name=name), FIELD_NAME_MAX), out[i].value)
    return out


def _header(board: Scoreboard, lang: str) -> tuple[str, str]:
    title = t(f"live.{board.round_word}", lang, game=board.game_name, n=board.round)
    body: list[str] = []
    if board.ended:
        if board.winner:
            body.append(t("live.winner", lang, name=md(board.winner)))
        else:
            body.append(t("live.ended", lang))
    elif board.active:
        body.append(t("live.active", lang, name=md(board.active)))
    target = find_target(board, board.selected)
    if target is not None and not board.ended:
        main = md(target.main.label) if target.main else "—"
        body.append(t("live.selected", lang, name=md(target.name), stat=main))
    body.extend(board.notes)
    return clip(title, TITLE_MAX), clip("\n".join(body), DESCRIPTION_MAX)


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


def targets(board: Scoreboard) -> list[UnitRow | PlayerBlock]:
    """Everything the step buttons can act on, in board order: each player, then their units."""
    out: list[UnitRow | PlayerBlock] = []
    for p in board.players:
        if p.main is not None:
            out.append(p)
        out.extend(u for u in p.units if u.main is not None)
    return out


def embed_size(reply: Reply) -> int:
    """Characters Discord counts against the 6000 total for this reply as one embed."""
    return (
        len(reply.title)
        + len(reply.body)
        + len(reply.footer)
        + sum(len(f.name) + len(f.value) for f in reply.fields)
    )


def limit_problems(reply: Reply) -> list[str]:
    """Every embed limit this reply (laid out as one embed) breaks; empty when it fits."""
    problems: list[str] = []
    if len(reply.title) > TITLE_MAX:
        problems.append(f"title {len(reply.title)} > {TITLE_MAX}")
    if len(reply.body) > DESCRIPTION_MAX:
        problems.append(f"description {len(reply.body)} > {DESCRIPTION_MAX}")
    if len(reply.fields) > FIELDS_MAX:
        problems.append(f"{len(reply.fields)} fields > {FIELDS_MAX}")
    for f in reply.fields:
        if not f.name or len(f.name) > FIELD_NAME_MAX:
            problems.append(f"field name {len(f.name)} chars")
        if not f.value or len(f.value) > FIELD_VALUE_MAX:
            problems.append(f"field value {len(f.value)} chars")
    if len(reply.footer) > FOOTER_MAX:
        problems.append(f"footer {len(reply.footer)} > {FOOTER_MAX}")
    if embed_size(reply) > EMBED_TOTAL_MAX:
        problems.append(f"total {embed_size(reply)} > {EMBED_TOTAL_MAX}")
    for a in reply.actions:
        if isinstance(a, Select) and not 1 <= len(a.options) <= SELECT_OPTIONS_MAX:
            problems.append(f"select with {len(a.options)} options")
        try:
            a.custom_id  # noqa: B018 — raises when too long
        except ValueError as exc:
            problems.append(str(exc))
    return problems


def _fits(reply: Reply) -> bool:
    return not limit_problems(reply)


def select_pages(board: Scoreboard, lang: str) -> list[tuple[str, tuple[SelectOption, ...]]]:
    """The unit selects as (placeholder, options): the current target is marked `▶`; past
    SELECTS_MAX × 25 units, the selects show the window holding the current target, with a
    first and a last option that move to the previous / next window (picking its first unit)."""
    picks = targets(board)
    capacity = SELECTS_MAX * SELECT_OPTIONS_MAX
    window: list[UnitRow | PlayerBlock] = picks
    before: UnitRow | PlayerBlock | None = None
    after: UnitRow | PlayerBlock | None = None
    if len(picks) > capacity:
        size = capacity - 2  # room for the two moves
        index = next((i for i, x in enumerate(picks) if x.key == board.selected), 0)
        w = index // size
        window = picks[w * size : (w + 1) * size]
        before = picks[(w - 1) * size] if w > 0 else None
        after = picks[(w + 1) * size] if (w + 1) * size < len(picks) else None
    options: list[SelectOption] = []
    if before is not None:
        options.append(SelectOption(t("live.pick_prev", lang), before.key))
    for x in window:
        mark = "▶ " if x.key == board.selected else ""
        options.append(
            SelectOption(
                label=clip(mark + x.name, SELECT_LABEL_MAX),
                value=x.key,
                description=clip(x.main.text(markdown=False), SELECT_LABEL_MAX) if x.main else None,
            )
        )
    if after is not None:
        options.append(SelectOption(t("live.pick_next", lang), after.key))
    chunks = [
        tuple(options[i : i + SELECT_OPTIONS_MAX])
        for i in range(0, len(options), SELECT_OPTIONS_MAX)
    ][:SELECTS_MAX]
    pages: list[tuple[str, tuple[SelectOption, ...]]] = []
    for n, chunk in enumerate(chunks, 1):
        placeholder = t("live.pick", lang)
        if len(chunks) > 1:
            placeholder += f" ({n}/{len(chunks)})"
        pages.append((placeholder, chunk))
    return pages


def controls(board: Scoreboard, lang: str) -> list[Button | Select]:
    """Unit select(s), −5 −1 +1 +5 on the selected target, Undo, Next round, Refresh."""
    gid = str(board.game_id)
    out: list[Button | Select] = []
    if board.ended:
        out.append(Button(t("live.btn.refresh", lang), A_REFRESH, gid))
        return out
    for n, chunk in enumerate(select_pages(board, lang), 1):
        # The chunk number keeps custom ids unique when there are several selects.
        out.append(Select(chunk[0], A_PICK, chunk[1], payload=f"{gid}:{n}"))
    target = find_target(board, board.selected)
    if target is not None and target.main is not None:
        for step in STEPS:
            label = step_label(step, target.main.label)
            style = Style.DANGER if step < 0 else Style.SUCCESS
            out.append(Button(label, A_STEP, f"{gid}:{target.key}:{step}", style))
    out.append(Button(t("live.btn.undo", lang), A_UNDO, gid))
    next_key = "live.btn.next_turn" if board.round_word == "turn" else "live.btn.next"
    out.append(Button(t(next_key, lang), A_NEXT, gid, Style.PRIMARY))
    out.append(Button(t("live.btn.refresh", lang), A_REFRESH, gid))
    return out


def step_label(step: int, stat: str) -> str:
    """`+1 урон`, `−5 янтарь`: a step button names the stat it moves.

    The life bar counts down while damage goes up, so a bare `+1` under `❤ 20/20` reads as a
    heal; the name says the button adds damage (one more counter on the unit, as at the table).
    """
    sign = "−" if step < 0 else "+"
    return clip(f"{sign}{abs(step)} {stat}", BUTTON_LABEL_MAX)


def render_board(board: Scoreboard, lang: str = "ru", *, with_controls: bool = True) -> Reply:
    """The live message: full detail if it fits, else units compacted, else units counted."""
    title, body = _header(board, lang)
    actions = controls(board, lang) if with_controls else []
    reply = Reply(title=title, body=body, actions=list(actions))
    for level in (0, 1, 2):
        reply.fields = [
            f
            for p in board.players
            for f in _pack(
                clip(_player_name(p), FIELD_NAME_MAX),
                player_lines(p, lang, level=level, selected=board.selected),
                lang,
            )
        ]
        reply.footer = t("live.footer_more", lang) if level else ""
        if _fits(reply):
            return reply
    # Even counted blocks do not fit (dozens of players): keep what fits, say where the rest is.
    while reply.fields and not _fits(reply):
        reply.fields.pop()
    return reply


def render_board_pages(board: Scoreboard, lang: str = "ru") -> list[Reply]:
    """`/game show` pages: page 1 is the live message, then each player's full detail."""
    pages = [render_board(board, lang, with_controls=False)]
    if not pages[0].footer:
        return pages
    title, _ = _header(board, lang)
    for p in board.players:
        fields = _pack(
            clip(_player_name(p), FIELD_NAME_MAX),
            player_lines(p, lang, level=0, selected=board.selected),
            lang,
        )
        # A single player's detail can itself exceed one embed: spread it over pages.
        page = Reply(title=title)
        for f in fields:
            page.fields.append(f)
            if not _fits(page):
                page.fields.pop()
                pages.append(page)
                page = Reply(title=title, fields=[f])
        pages.append(page)
    total = len(pages)
    for i, page in enumerate(pages, 1):
        page.footer = t("live.page", lang, n=i, total=total)
    return pages


def payload_hash(reply: Reply) -> str:
    """A stable digest of everything a live message shows, to skip edits that change nothing."""
    data = {
        "title": reply.title,
        "body": reply.body,
        "footer": reply.footer,
        "kind": str(reply.kind),
        "fields": [[f.name, f.value, f.inline] for f in reply.fields],
        "actions": [
            [a.custom_id, a.label, str(a.style), a.disabled]
            if isinstance(a, Button)
            else [
                a.custom_id,
                a.placeholder,
                [[o.label, o.value, o.description or ""] for o in a.options],
            ]
            for a in reply.actions
        ],
    }
    raw = json.dumps(data, ensure_ascii=False, sort_keys=True).encode("utf-8")
    return hashlib.sha256(raw).hexdigest()


__all__ = [
    "A_NEXT",
    "A_PAGE",
    "A_PICK",
    "A_REFRESH",
    "A_STEP",
    "A_UNDO",
    "Health",
    "Kind",
    "PlayerBlock",
    "Scoreboard",
    "Stat",
    "UnitRow",
    "bar",
    "embed_size",
    "limit_problems",
    "payload_hash",
    "render_board",
    "render_board_pages",
    "targets",
    "unit_line",
]
