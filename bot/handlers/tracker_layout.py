"""The live scoreboard's layout: a `Scoreboard` as a `Reply` (embed + controls) within Discord's
limits, folded into compact form and pages when the full detail does not fit one message."""

from __future__ import annotations

import hashlib
import json
from collections.abc import Sequence
from dataclasses import replace

from bot.handlers.tracker_board import (
    A_NEXT,
    A_PICK,
    A_REFRESH,
    A_STEP,
    A_UNDO,
    BAR_CELLS,
    BUTTON_LABEL_MAX,
    DESCRIPTION_MAX,
    EMBED_TOTAL_MAX,
    FIELD_NAME_MAX,
    FIELD_VALUE_MAX,
    FIELDS_MAX,
    FOOTER_MAX,
    SELECT_LABEL_MAX,
    SELECT_OPTIONS_MAX,
    SELECTS_MAX,
    STEPS,
    TITLE_MAX,
    UNIT_BAR_CELLS,
    Health,
    PlayerBlock,
    Scoreboard,
    UnitRow,
    default_target,
    find_target,
    next_living,
    scoreboard,
    targets,
)
from bot.i18n import t
from bot.reply import Button, Field, Reply, Select, SelectOption, Style, clip
from bot.tracker.model import GameState
from bot.tracker.names import md


def bar(left: int, total: int, cells: int = BAR_CELLS) -> str:
    """A text bar `▰▰▰▱▱` of `cells` cells; never empty while something is left."""
    if total <= 0:
        return "▱" * cells
    left = max(0, min(left, total))
    filled = round(cells * left / total)
    if left > 0 and filled == 0:
        filled = 1
    return "▰" * filled + "▱" * (cells - filled)


def _tokens(tokens: Sequence[tuple[str, int]], lang: str, key: str = "live.tokens") -> str:
    """«жетоны: застрявший, страж» — names run together read as one phrase («застрявший
    страж», playtest 3 slip 13)."""
    names = ", ".join(
        f"{md(name)}×{count}" if count != 1 else md(name) for name, count in tokens if count
    )
    return t(key, lang, tokens=names) if names else ""


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
    toks = _tokens(u.tokens, lang, u.tokens_key)
    if toks:
        parts.append(toks)
    head, *rest = parts
    # without a life bar the stats follow the name after a dot: «• Тролль · сила 8 · урон 3»
    sep = " " if u.health is not None or u.dead else " · "
    return head + (sep + " · ".join(rest) if rest else "")


def player_lines(p: PlayerBlock, lang: str, *, level: int, selected: str | None) -> list[str]:
    """The player's block as lines. Level 0 is full, 1 compacts units, 2 counts them."""
    lines: list[str] = []
    if p.health is not None:
        lines.append(_health(p.health, BAR_CELLS, lang))
    if p.stats:
        lines.append(" · ".join(s.text() for s in p.stats))
    toks = _tokens(p.tokens, lang, p.tokens_key)
    if toks:
        lines.append(toks)
    if level >= 2 and p.units:
        alive = sum(1 for u in p.units if not u.dead)
        lines.append(t("live.units_folded", lang, count=len(p.units), alive=alive))
    else:
        lines.extend(
            unit_line(u, lang, compact=level >= 1, selected=u.key == selected)
            for u in p.units
            if not u.dead
        )
        # Playtest 12 G1: a destroyed unit is out of play; its name stays, folded into one line
        dead = [md(u.name) for u in p.units if u.dead]
        if dead:
            lines.append(t(p.dead_key, lang, names=", ".join(dead)))
    return lines or [t(p.empty_key, lang)]  # B2: not a bare dash


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
    title = t(
        f"live.{board.round_word}", lang, game=board.game_name, n=board.turn_no or board.round
    )
    body: list[str] = []
    if board.ended:
        if board.winner:
            body.append(t("live.winner", lang, name=md(board.winner)))
        else:
            body.append(t("live.ended", lang))
    elif board.active:
        key = "live.initiative" if board.initiative else "live.active"
        body.append(t(key, lang, name=md(board.active)))
    target = find_target(board, board.selected)
    if target is not None and target.main is not None and not board.ended:
        main = md(target.main.label)
        body.append(t("live.selected", lang, name=md(target.name), stat=main))
    body.extend(board.notes)
    return clip(title, TITLE_MAX), clip("\n".join(body), DESCRIPTION_MAX)


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
            style = step_style(step, target.main.harms)
            out.append(Button(label, A_STEP, f"{gid}:{target.key}:{step}", style))
    if target is not None and target.key.startswith("u"):
        for control in board.unit_controls:
            out.append(Button(t(control.label, lang), control.action, f"{gid}:{target.key}"))
    out.append(Button(t("live.btn.undo", lang), A_UNDO, gid))
    next_key = "live.btn.next_turn" if board.round_word == "turn" else "live.btn.next"
    # Next carries the turn it was drawn for, so a double click cannot pass two turns.
    turn = f"{gid}:{board.round}:{board.seat}"
    out.append(Button(t(next_key, lang), A_NEXT, turn, Style.PRIMARY))
    out.append(Button(t("live.btn.refresh", lang), A_REFRESH, gid))
    if board.rules and _rows(out) < ROWS_MAX:  # a token's rule one click away, if a row is free
        options = tuple(
            SelectOption(clip(name, SELECT_LABEL_MAX), entry) for name, entry in board.rules
        )
        out.append(Select(t("live.rules", lang), A_RULE, options, payload=gid))
    return out


ROWS_MAX = 5  # a Discord message's action rows
A_RULE = "rule.open"  # the glossary's own action: the entry, privately, for the clicker


def _rows(actions: Sequence[Button | Select]) -> int:
    """The action rows these take: a select a row, buttons five to a row."""
    selects = sum(isinstance(a, Select) for a in actions)
    buttons = len(actions) - selects
    return selects + -(-buttons // 5)


def step_label(step: int, stat: str) -> str:
    """`урон +1`, `золото −5`: a step button names the stat it moves, the stat first (issue 17:
    «−5 золотые кристаллы» reads as a phrase, «золото −5» as a counter).

    The life bar counts down while damage goes up, so a bare `+1` under `❤ 20/20` reads as a
    heal; the name says the button adds damage (one more counter on the unit, as at the table).
    """
    amount = f" {'−' if step < 0 else '+'}{abs(step)}"
    return clip(stat, BUTTON_LABEL_MAX - len(amount)) + amount  # a long name loses, not the number


def step_style(step: int, harmful: bool) -> Style:
    """Green for what helps its holder, red for what hurts: more damage is red, less is green."""
    return Style.SUCCESS if (step > 0) != harmful else Style.DANGER


Lines = dict[tuple[str, int], list[str]]
"""Player blocks already laid out, by (player key, level): one render reuses them."""


def _lines(board: Scoreboard, p: PlayerBlock, lang: str, level: int, cache: Lines) -> list[str]:
    key = (p.key, level)
    if key not in cache:
        cache[key] = player_lines(p, lang, level=level, selected=board.selected)
    return cache[key]


def render_board(
    board: Scoreboard,
    lang: str = "ru",
    *,
    with_controls: bool = True,
    cache: Lines | None = None,
) -> Reply:
    """The live message: full detail if it fits, else units compacted, else units counted.

    A level is given up as soon as its fields pass the embed's total, so a board at the unit
    cap does not lay out every unit at full detail only to fold them."""
    cache = cache if cache is not None else {}
    title, body = _header(board, lang)
    actions = controls(board, lang) if with_controls else []
    reply = Reply(title=title, body=body, actions=list(actions))
    for level in (0, 1, 2):
        reply.footer = t("live.footer_more", lang) if level else ""
        reply.fields = []
        size = embed_size(reply)
        for p in board.players:
            packed = _pack(
                clip(_player_name(p), FIELD_NAME_MAX), _lines(board, p, lang, level, cache), lang
            )
            reply.fields.extend(packed)
            size += sum(len(f.name) + len(f.value) for f in packed)
            if size > EMBED_TOTAL_MAX and level < 2:
                break
        if size <= EMBED_TOTAL_MAX and _fits(reply):
            return reply
    # Even counted blocks do not fit (dozens of players): keep what fits, say where the rest is.
    while reply.fields and not _fits(reply):
        reply.fields.pop()
    return reply


def render_board_pages(
    board: Scoreboard, lang: str = "ru", *, cache: Lines | None = None
) -> list[Reply]:
    """`/game show` pages: page 1 is the live message, then each player's full detail."""
    cache = cache if cache is not None else {}
    pages = [render_board(board, lang, with_controls=False, cache=cache)]
    if not pages[0].footer:
        return pages
    title, _ = _header(board, lang)
    for p in board.players:
        fields = _pack(
            clip(_player_name(p), FIELD_NAME_MAX), _lines(board, p, lang, 0, cache), lang
        )
        # A single player's detail can itself exceed one embed: spread it over pages.
        page = Reply(title=title)
        size = embed_size(page)
        for f in fields:
            page.fields.append(f)
            size += len(f.name) + len(f.value)
            if size > EMBED_TOTAL_MAX or len(page.fields) > FIELDS_MAX:
                page.fields.pop()
                pages.append(page)
                page = Reply(title=title, fields=[f])
                size = embed_size(page)
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
    "A_PICK",
    "A_REFRESH",
    "A_STEP",
    "A_UNDO",
    "Health",
    "PlayerBlock",
    "Scoreboard",
    "UnitRow",
    "bar",
    "embed_size",
    "limit_problems",
    "payload_hash",
    "render_board",
    "render_board_pages",
    "render_show",
    "targets",
    "unit_line",
]


def _selected_board(state: GameState, lang: str, selected: str | None) -> Scoreboard:
    """The board read once, with `selected` picked, else the default target (one read, not
    three: at the unit cap each read is a few milliseconds)."""
    board = scoreboard(state, lang, selected)
    target = find_target(board, selected)
    if target is None:
        board = replace(board, selected=default_target(state, board))
    elif target.main is None:  # a destroyed pick: the next living one (playtest 7, M3)
        board = replace(
            board, selected=next_living(board, target.key) or default_target(state, board)
        )
    return board


def render_live(state: GameState, lang: str = "ru", selected: str | None = None) -> Reply:
    """The live message for `state`; `selected` is the picked target (default: active player)."""
    board = _selected_board(state, lang, selected)
    return render_board(board, lang)


def render_pages(state: GameState, lang: str = "ru", selected: str | None = None) -> list[Reply]:
    """`/game show` pages: the live message's content, then per-player detail when folded."""
    board = _selected_board(state, lang, selected)
    return render_board_pages(board, lang)


def render_show(
    state: GameState, lang: str = "ru", selected: str | None = None
) -> tuple[Reply, list[Reply]]:
    """(the live message, the `/game show` pages) from one read of the board and one layout."""
    board = _selected_board(state, lang, selected)
    cache: Lines = {}
    return render_board(board, lang, cache=cache), render_board_pages(board, lang, cache=cache)
