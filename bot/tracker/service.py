"""Every change to a tracked game goes through here: checks, one transaction, then a notification.

A change resolves names against a snapshot (`load_state`), opens one storage step, applies its
counter arithmetic (bounds checked by the UPDATE itself), runs the consequences the template asks
for (a unit destroyed, a Warlord bloodied, a third key forged, the last mage standing) inside the
same step, commits, and then calls `services.game_changed(channel_id)` so the live message follows.
Refusals are `UserError`s raised before or inside the step, so nothing is written.
"""

from __future__ import annotations

import random
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field, replace
from typing import Any

from bot.context import Ctx, UserRef
from bot.i18n import catalogue
from bot.registry import CommandLabel, UserError
from bot.storage import Storage
from bot.storage.api import TrackerTx
from bot.storage.tracker import GameExists, GameNotActive
from bot.tracker.model import (
    DESTROYED,
    ENDED,
    Counter,
    GameState,
    HolderKind,
    Participant,
    Unit,
)
from bot.tracker.names import clean_name, md, norm, slug_key, stat_key
from bot.tracker.records import OutOfBounds, StepRecord
from bot.tracker.templates import CREATURE, TEMPLATE_SLUGS, Template, game_name, template

Holder = Participant | Unit
MAX_UNIT_NAME = 40
MAX_STAT_NAME = 32
MAX_AMOUNT = 1000
LIST_COMMANDS = {"planets": "/planet"}  # the command that adds to each list, as players type it


def refusal(key: str, /, **params: Any) -> UserError:
    """A refusal whose names show as typed: Discord markdown in them is escaped, not applied."""
    return UserError(key, **{k: md(v) if isinstance(v, str) else v for k, v in params.items()})


def wrong_game(ctx: Ctx, command: str, slug: str) -> UserError:
    """`/kf forge` in a Mage Wars game: the command as typed, the game by its players' name."""
    shown = CommandLabel(command.lstrip("/").split(), slash=True)  # as the client names it
    return refusal("tracker.error.wrong_game", command=shown, game=game_name(slug, ctx.lang))


def valid_name(ctx: Ctx, text: str, limit: int = MAX_UNIT_NAME) -> str:
    """A unit, planet or stat name as it will be kept, or the refusal saying what is wrong."""
    clean = clean_name(text)
    if not clean or clean.startswith("#"):
        raise refusal("tracker.error.bad_name", name=clean or text.strip() or "—")
    if len(clean) > limit:
        raise refusal("tracker.error.name_too_long", name=clean[:limit] + "…", max=limit)
    return clean


@dataclass(frozen=True)
class Change:
    """One counter that moved in a step, with its holder's display name."""

    holder: str
    key: str
    before: int
    after: int
    token: bool = False


@dataclass(frozen=True)
class Note:
    """Something to announce (a catalogue key and its parameters): destroyed, winner, Check! …"""

    key: str
    params: dict[str, Any] = field(default_factory=dict)


@dataclass
class Outcome:
    """What a change did: the state after it, the counters it moved and what to announce."""

    state: GameState
    changes: list[Change] = field(default_factory=list)
    notes: list[Note] = field(default_factory=list)

    @property
    def template(self) -> Template:
        return template(self.state.slug)


# --- reads -------------------------------------------------------------------------------------


async def load_state(storage: Storage, channel_id: int) -> GameState | None:
    """The channel's active game, or None."""
    return await storage.tracker.load_active(channel_id)


async def current_or_last(storage: Storage, channel_id: int) -> GameState | None:
    """The channel's active game, else its most recent one (a game just won: log, undo, board)."""
    state = await storage.tracker.load_active(channel_id)
    if state is not None:
        return state
    game_id = await storage.tracker.latest_game_id(channel_id)
    return await storage.tracker.load(game_id) if game_id is not None else None


async def require_state(ctx: Ctx) -> GameState:
    state = await load_state(ctx.services.storage, ctx.channel_id)
    if state is None:
        raise refusal("tracker.error.no_game")
    return state


def can_change(ctx: Ctx, state: GameState) -> bool:
    """Participants and members with Manage Messages may change a game; anyone may look."""
    return ctx.can_manage or state.participant_by_user(ctx.user.id) is not None


def require_player(ctx: Ctx, state: GameState) -> None:
    if not can_change(ctx, state):
        raise refusal("tracker.error.not_player")


async def _game_of(ctx: Ctx, slug: str, command: str) -> GameState:
    """The channel's game, refused when it is not a `slug` game (`/kf forge` in Mage Wars)."""
    state = await require_state(ctx)
    if state.slug != slug:
        raise wrong_game(ctx, command, state.slug)
    return state


def _player(ctx: Ctx, state: GameState, user: UserRef | None) -> Participant:
    """The seat of `user` (default: whoever acts), refused when they do not play."""
    who = user or ctx.user
    p = state.participant_by_user(who.id)
    if p is None:
        raise refusal("tracker.error.not_in_game", name=who.name)
    return p


# --- name resolution (pure) --------------------------------------------------------------------


def find_target(state: GameState, text: str) -> Holder:
    """A unit or participant by name (`#u12`/`#p3` ids from autocomplete work too).

    Exact names first (units before players, so a player's mage named after them is found),
    then a unique prefix, then a unique substring; ambiguity and misses are UserErrors.
    """
    raw = text.strip()
    if raw.startswith("#") and len(raw) > 2 and raw[2:].isdigit():
        wanted = int(raw[2:])
        pool: list[Holder] = list(state.units if raw[1] == "u" else state.participants)
        for h in pool:
            if h.id == wanted:
                return h
    n = norm(raw)
    holders: list[Holder] = [*state.units, *state.participants]
    if not n:
        raise refusal("tracker.error.no_target", name=text, known=_known(state))
    tests: tuple[Callable[[str], bool], ...] = (
        lambda name: name == n,
        lambda name: name.startswith(n),
        lambda name: n in name,
    )
    for match in tests:
        found = [h for h in holders if match(norm(h.name))]
        if len(found) == 1 or (found and isinstance(found[0], Unit) and _same_name(found)):
            return found[0]
        if found:
            names = ", ".join(sorted({h.name for h in found}))
            raise refusal("tracker.error.ambiguous", name=text, options=names)
    raise refusal("tracker.error.no_target", name=text, known=_known(state))


def _same_name(found: list[Holder]) -> bool:
    """A player and the mage named after them count as one match (the unit wins)."""
    units = [h for h in found if isinstance(h, Unit)]
    return len(units) == 1 and all(norm(h.name) == norm(units[0].name) for h in found)


def _known(state: GameState) -> str:
    names = [u.name for u in state.units] + [p.name for p in state.participants]
    return ", ".join(dict.fromkeys(names)) or "—"


@dataclass(frozen=True)
class StatRef:
    """A resolved `target stat`: the holder, the key, and the counter if it exists yet."""

    holder: Holder
    key: str
    counter: Counter | None
    token: bool


def find_stat(
    state: GameState, tpl: Template, holder: Holder, text: str, lang: str = "ru"
) -> StatRef:
    """A counter or token of `holder` by any of its names; a player falls back to their leader."""
    key = tpl.resolve_stat(text)
    token = False
    if key is None:
        key = tpl.resolve_token(text)
        token = key is not None
    if key is None and tpl.open and norm(text):
        key = _open_key(state, holder, text)
    if key is None:
        raise refusal(
            "tracker.error.no_stat",
            name=text,
            target=holder.name,
            known=_stats(tpl, stand_ins(state, holder), lang),
        )
    candidates = stand_ins(state, holder)
    for h in candidates:
        c = h.counter(key) or h.token(key)
        if c is not None:
            return StatRef(h, key, c, c.token)
    if token:
        return StatRef(_token_holder(candidates), key, None, True)
    if tpl.open:
        return StatRef(holder, key, None, False)
    raise refusal(
        "tracker.error.no_stat", name=text, target=holder.name, known=_stats(tpl, candidates, lang)
    )


def _open_key(state: GameState, holder: Holder, text: str) -> str:
    """A stat made on the fly (custom game): the existing one under any spelling, else a new key.

    A new key keeps the case it was typed in (`VP` shows as `VP`); `vp` later finds it.
    """
    wanted = slug_key(text)
    for h in stand_ins(state, holder):
        for c in (*h.counters, *h.tokens):
            if slug_key(c.key) == wanted:
                return c.key
    clean = clean_name(text)
    if not clean:
        raise refusal("tracker.error.bad_name", name=text.strip() or "—")
    if len(clean) > MAX_STAT_NAME:
        raise refusal(
            "tracker.error.name_too_long", name=clean[:MAX_STAT_NAME] + "…", max=MAX_STAT_NAME
        )
    return stat_key(clean)


def stand_ins(state: GameState, holder: Holder) -> list[Holder]:
    """The holder, then who stands in for it: a player's mage/warlord, or a leader's player.

    A Mage Wars player's life is on their mage; a Conquest player's resources are on the player
    while `alice` (the warlord named after her) is found first. Either name reaches both.
    """
    if isinstance(holder, Participant):
        leader = state.leader(holder.id)
        return [holder, leader] if leader is not None else [holder]
    owner = state.participant(holder.owner_id)
    if holder.kind != CREATURE and owner is not None:
        return [holder, owner]
    return [holder]


def require_standing(holder: Holder) -> None:
    """A destroyed unit is frozen: only `/unit remove` and `/game undo` touch it any more."""
    if isinstance(holder, Unit) and holder.destroyed:
        raise refusal("tracker.error.destroyed", unit=holder.name)


def _token_holder(candidates: list[Holder]) -> Holder:
    """Where a new token goes: on the unit (the mage rather than the player)."""
    return next((h for h in candidates if isinstance(h, Unit)), candidates[0])


def _stats(tpl: Template, holders: list[Holder], lang: str = "ru") -> str:
    """The stats one can name on these holders, in the reader's language."""
    keys = dict.fromkeys(c.key for h in holders for c in (*h.counters, *h.tokens))
    return ", ".join(tpl.label(k, lang) for k in keys) or "—"


def unit_stats(state: GameState, text: str) -> dict[str, int]:
    """Counters and tokens of a unit (for `/mw attack target:`: armor, defense, corrode, daze …)."""
    holder = find_target(state, text)
    if isinstance(holder, Participant):
        holder = state.leader(holder.id) or holder
    return {c.key: c.value for c in (*holder.counters, *holder.tokens)}


# --- the step ----------------------------------------------------------------------------------


class Step:
    """A change in progress: the open storage step plus what it moved and what to announce."""

    def __init__(self, tx: TrackerTx, state: GameState, tpl: Template, ctx: Ctx) -> None:
        self.tx = tx
        self.state = state
        self.tpl = tpl
        self.ctx = ctx
        self.changes: list[Change] = []
        self.notes: list[Note] = []
        self.units: set[int] = set()
        self.players: set[int] = set()
        self._fresh: tuple[int, GameState] | None = None  # (events written, state then)
        self._base = state  # the state the step began from, as read before it

    def note(self, key: str, **params: Any) -> None:
        self.notes.append(Note(key, params))

    def _touch(self, holder: Holder) -> None:
        (self.units if isinstance(holder, Unit) else self.players).add(holder.id)

    async def adjust(self, holder: Holder, counter_id: int, key: str, delta: int) -> int:
        """counter += delta; damage past what destroys a unit is not counted (no overkill)."""
        if delta > 0 and isinstance(holder, Unit) and key == self.tpl.damage:
            room = await self._damage_room(holder, counter_id)
            if room is not None:
                delta = min(delta, room)
        try:
            before, after = await self.tx.adjust(counter_id, delta)
        except OutOfBounds as exc:
            if delta < 0 and exc.counter.min == 0 and exc.value < 0:
                raise _short(self.ctx, self.tpl, holder, exc.counter, -delta) from None
            raise _bounds_error(self.ctx, self.tpl, holder, exc) from None
        self._record(holder, key, before, after)
        return after

    async def set(self, holder: Holder, counter_id: int, key: str, value: int) -> int:
        """counter = value; a unit's damage may not be set above what destroys it."""
        if isinstance(holder, Unit) and key == self.tpl.damage:
            room = await self._damage_room(holder, counter_id)
            counter = await self.tx.counter(counter_id)
            if room is not None and value > counter.value + room:
                capped = replace(counter, max=counter.value + room)
                raise _bounds_error(self.ctx, self.tpl, holder, OutOfBounds(capped, value))
        try:
            before, after = await self.tx.set_value(counter_id, value)
        except OutOfBounds as exc:
            raise _bounds_error(self.ctx, self.tpl, holder, exc) from None
        self._record(holder, key, before, after)
        return after

    async def _damage_room(self, unit: Unit, counter_id: int) -> int | None:
        """Damage the unit can still take before it is destroyed, read in this transaction."""
        counters = {c.key: c for c in await self.tx.counters_of("unit", unit.id)}
        damage = next((c for c in counters.values() if c.id == counter_id), None)
        if damage is None:
            return None
        values = {k: c.value for k, c in counters.items()}
        cap = damage_cap(self.tpl, unit.kind, values)
        hurt = damage.value + self.tpl.token_damage(values)
        return None if cap is None else max(0, cap - hurt)

    async def ensure(self, holder: Holder, key: str, *, token: bool = False, value: int = 0) -> int:
        """The holder's counter `key`, created (bounds from the template) when missing."""
        existing = holder.counter(key) or holder.token(key)
        if existing is not None:
            return existing.id
        d = self.tpl.define(key)
        kind: HolderKind = "unit" if isinstance(holder, Unit) else "participant"
        if key not in self.tpl.stats and key not in self.tpl.tokens:
            # Made on the fly: someone may have just made it under another spelling (`vp`/`VP`).
            wanted = slug_key(key)
            for c in await self.tx.counters_of(kind, holder.id):
                if slug_key(c.key) == wanted:
                    return c.id
        return await self.tx.ensure_counter(
            kind,
            holder.id,
            key,
            value=value,
            min_value=0 if token else d.min,
            max_value=d.max,
            token=token,
            position=1000 if token else 500,
        )

    def _record(self, holder: Holder, key: str, before: int, after: int) -> None:
        if before != after:
            token = key in self.tpl.tokens
            self.changes.append(Change(holder.name, key, before, after, token))
        self._touch(holder)

    async def fresh(self) -> GameState:
        """The game as this transaction sees it; read again only after a write since last time."""
        if self._fresh is None or self._fresh[0] != self.tx.events:
            self._fresh = (self.tx.events, await self.tx.state(self._base))
        return self._fresh[1]

    async def end_game(self, winner: Participant | None) -> None:
        game = self.state.game
        await _close(self)
        if winner is not None:
            await self.tx.set_field("game", game.id, "winner_id", winner.id)
            self.note("tracker.note.winner", name=winner.name)
        else:
            self.note("tracker.note.draw")


def damage_cap(tpl: Template, kind: str, values: dict[str, int]) -> int | None:
    """The damage that destroys a unit (a Warlord's current side), or None if it has no life."""
    if kind == "warlord" and "bloodied" in values:
        side = "bloodied_hp" if values["bloodied"] else "hp"
        return values.get(side) or None
    total = sum(values.get(k, 0) for k in tpl.toughness)
    return total if total > 0 else None


def effective_damage(tpl: Template, holder: Holder) -> int:
    """The damage counter plus what damage tokens count as (each Tainted is 3 in Mage Wars)."""
    return holder.value(tpl.damage) + tpl.token_damage({c.key: c.value for c in holder.tokens})


def _short(ctx: Ctx, tpl: Template, holder: Holder, c: Counter, need: int) -> UserError:
    """Taking more than there is, in plain words: too little mana to spend, or damage at 0.

    Spending (mana, resources, Æmber) is «not enough X»; damage and tokens are «only N left».
    """
    params = {
        "name": holder.name,
        "have": c.value,
        "need": need,
        "stat": tpl.label(c.key, ctx.lang),
    }
    key = f"tracker.error.short_{c.key}"
    if c.key != tpl.damage and not c.token and key in catalogue():
        return refusal(key, **params)
    if c.key == tpl.damage or c.token:
        return refusal("tracker.error.below_zero", **params)
    return refusal("tracker.error.short", **params)


def _bounds_error(ctx: Ctx, tpl: Template, holder: Holder, exc: OutOfBounds) -> UserError:
    c = exc.counter
    return refusal(
        "tracker.error.bounds",
        target=holder.name,
        stat=tpl.label(c.key, ctx.lang),
        value=exc.value,
        min=c.min if c.min is not None else "−∞",
        max=c.max if c.max is not None else "∞",
    )


Body = Callable[[Step], Awaitable[None]]


async def run_step(
    ctx: Ctx,
    state: GameState,
    action: str,
    body: Body,
    params: dict[str, Any] | None = None,
    *,
    check: bool = True,
    anyone: bool = False,
) -> Outcome:
    """Run `body` as one undoable step, add the consequences, commit, then notify listeners.

    `anyone` lets a non-participant take the step (joining the game).
    """
    if not state.game.active:
        raise refusal("tracker.error.ended")
    if not anyone:
        require_player(ctx, state)
    tpl = template(state.slug)
    step: Step | None = None
    try:
        async with ctx.services.storage.tracker.change(
            state.game.id,
            at=ctx.services.clock(),
            user_id=ctx.user.id,
            user_name=ctx.user.name,
            action=action,
            params=params or {},
        ) as tx:
            step = Step(tx, state, tpl, ctx)
            await body(step)
            if check:
                await consequences(step)
            changed = tx.events > 0
            after = await step.fresh()
    except GameNotActive:
        raise refusal("tracker.error.ended") from None
    assert step is not None
    if changed:
        await ctx.services.game_changed(ctx.channel_id)
    return Outcome(after, step.changes, step.notes)


async def consequences(step: Step) -> None:
    """Destroyed units, a bloodied or defeated Warlord, the last mage, the winning key."""
    tpl = step.tpl
    if not step.units and not (tpl.win_stat and step.players):
        return
    state = await step.fresh()
    if tpl.win_stat:
        for pid in sorted(step.players):
            p = state.participant(pid)
            if p and p.present and p.value(tpl.win_stat) >= tpl.win_at and state.game.active:
                await step.end_game(p)
                return
    leader_fell = False
    for uid in sorted(step.units):
        unit = state.unit(uid)
        if unit is None or not unit.present or unit.destroyed:
            continue
        if unit.kind == "warlord":
            leader_fell |= await _check_warlord(step, unit)
            continue
        toughness = sum(unit.value(k) for k in tpl.toughness)
        damage = effective_damage(tpl, unit) if tpl.damage else 0
        if tpl.damage and toughness > 0 and damage >= toughness:
            await step.tx.set_field("unit", unit.id, "state", DESTROYED)
            step.note("tracker.note.destroyed", unit=unit.name, kind=unit.kind)
            leader_fell |= unit.kind == tpl.leader and bool(tpl.leader)
    if leader_fell:
        await _last_leader_standing(step)


async def _check_warlord(step: Step, unit: Unit) -> bool:
    """Conquest: hale side at its HP → bloodied, damage cleared; bloodied side → defeat."""
    damage = unit.counter("damage")
    bloodied = unit.counter("bloodied")
    if damage is None or bloodied is None:
        return False
    if not bloodied.value and damage.value >= unit.value("hp"):
        await step.set(unit, bloodied.id, "bloodied", 1)
        await step.set(unit, damage.id, "damage", 0)
        step.note("tracker.note.bloodied", unit=unit.name)
        return False
    if bloodied.value and damage.value >= unit.value("bloodied_hp"):
        await step.tx.set_field("unit", unit.id, "state", DESTROYED)
        step.note("tracker.note.defeated", unit=unit.name)
        return True
    return False


async def _last_leader_standing(step: Step) -> None:
    state = await step.fresh()
    if not state.game.active:
        return
    alive = {
        u.owner_id
        for u in state.units
        if u.kind == step.tpl.leader and not u.destroyed and u.owner_id is not None
    }
    players = [p for p in state.participants if p.id in alive]
    if len(players) == 1:
        await step.end_game(players[0])
    elif not players:
        await step.end_game(None)


# --- games -------------------------------------------------------------------------------------


async def start(
    ctx: Ctx,
    slug: str,
    players: list[UserRef],
    options: dict[str, int],
    *,
    seat_self: bool = True,
) -> Outcome:
    """Create the channel's game; the starter (unless `seat_self` is off) and the named players
    join with their counters."""
    if slug not in TEMPLATE_SLUGS:
        raise refusal("tracker.error.no_such_game", game=slug, known=", ".join(TEMPLATE_SLUGS))
    tpl = template(slug)
    for name in options:
        if name not in tpl.start:
            allowed = ", ".join(tpl.start) or "—"
            raise refusal(
                "tracker.error.start_option",
                option=name,
                game=game_name(slug, ctx.lang),
                allowed=allowed,
            )
    for name in tpl.required:
        if name not in options:
            raise refusal("tracker.error.start_needs", option=name, game=game_name(slug, ctx.lang))
    for name, value in options.items():
        d = tpl.define(tpl.start[name])
        if (d.min is not None and value < d.min) or (d.max is not None and value > d.max):
            raise refusal(
                "error.out_of_range",
                name=name,
                value=value,
                min=d.min if d.min is not None else "−∞",
                max=d.max if d.max is not None else "∞",
            )
    users = list({u.id: u for u in [*([ctx.user] if seat_self else []), *players]}.values())
    if not users:
        raise refusal("tracker.error.nobody_seated")
    storage = ctx.services.storage
    try:
        async with storage.tracker.create_game(
            channel_id=ctx.channel_id,
            guild_id=ctx.guild_id,
            slug=slug,
            options=options,
            at=ctx.services.clock(),
            user_id=ctx.user.id,
            user_name=ctx.user.name,
        ) as tx:
            for user in users:
                await _seat(tx, tpl, user, options)
            game_id = tx.game_id
    except GameExists:
        raise refusal("tracker.error.exists") from None
    state = await storage.tracker.load(game_id)
    assert state is not None
    await ctx.services.game_changed(ctx.channel_id)
    return Outcome(state)


async def _seat(tx: TrackerTx, tpl: Template, user: UserRef, options: dict[str, int]) -> int:
    """Seat one player: their counters, and their leader unit (named after them) if any."""
    pid = await tx.add_participant(user.id, user.name)
    existing = {c.key for c in await tx.counters_of("participant", pid)}
    values = dict(tpl.player)
    leader_values = dict(tpl.leader_stats)
    for option, value in options.items():
        key = tpl.start[option]
        if tpl.leader and key in leader_values:
            leader_values[key] = value
        else:
            values[key] = value
    for pos, (key, value) in enumerate(values.items()):
        if key not in existing:
            d = tpl.define(key)
            await tx.ensure_counter(
                "participant",
                pid,
                key,
                value=value,
                min_value=d.min,
                max_value=d.max,
                position=pos,
            )
    if tpl.leader and (await tx.state()).leader(pid) is None:
        uid = await tx.add_unit(pid, tpl.leader, user.name)
        for pos, (key, value) in enumerate(leader_values.items()):
            d = tpl.define(key)
            await tx.ensure_counter(
                "unit", uid, key, value=value, min_value=d.min, max_value=d.max, position=pos
            )
    return pid


async def join(ctx: Ctx) -> Outcome:
    state = await require_state(ctx)
    if state.participant_by_user(ctx.user.id):
        raise refusal("tracker.error.already_joined")
    tpl = template(state.slug)

    async def body(step: Step) -> None:
        await _seat(step.tx, tpl, ctx.user, state.game.options)
        step.note("tracker.note.joined", name=ctx.user.name)

    return await run_step(ctx, state, "join", body, check=False, anyone=True)


async def leave(ctx: Ctx) -> Outcome:
    state = await require_state(ctx)
    me = state.participant_by_user(ctx.user.id)
    if me is None:
        raise refusal("tracker.error.not_joined")

    async def body(step: Step) -> None:
        await step.tx.set_field("participant", me.id, "present", 0)
        step.note("tracker.note.left", name=me.name)
        await _after_leaving(step)

    return await run_step(ctx, state, "leave", body)


async def _after_leaving(step: Step) -> None:
    """Leaving is conceding: one player still in the game wins it; nobody left ends it.

    "Still in" means present with their mage or Warlord standing (where the game has one).
    Like any step, the leave can be undone while the game is the channel's latest.
    """
    state = await step.fresh()
    if not state.participants:
        await _close(step)
        step.note("tracker.note.abandoned")
        return
    standing = [p for p in state.participants if not _fallen(state, p)]
    if len(standing) == 1:
        await step.end_game(standing[0])


def _fallen(state: GameState, p: Participant) -> bool:
    leader = state.leader(p.id)
    return leader is not None and leader.destroyed


async def _close(step: Step) -> None:
    game = step.state.game
    await step.tx.set_field("game", game.id, "status", ENDED)
    await step.tx.set_field("game", game.id, "ended_at", step.ctx.services.clock())


def may_end(ctx: Ctx, state: GameState) -> bool:
    """Players and moderators may end a game; anyone may end one that nobody plays any more."""
    return can_change(ctx, state) or not state.participants


async def end(ctx: Ctx, game_id: int | None = None) -> Outcome:
    """End the game (kept in the database, ended); the outcome's state is the final summary."""
    state = await require_state(ctx)
    if game_id is not None and state.game.id != game_id:
        raise refusal("tracker.error.stale_game")
    if not may_end(ctx, state):
        raise refusal("tracker.error.not_player")

    async def body(step: Step) -> None:
        await _close(step)

    return await run_step(ctx, state, "end", body, check=False, anyone=True)


# --- values ------------------------------------------------------------------------------------


def _amount(amount: int, *, signed: bool = True) -> None:
    """Refuse an amount beyond `MAX_AMOUNT` either way, or a negative one where `signed` is off."""
    if abs(amount) > MAX_AMOUNT:
        raise refusal(
            "error.out_of_range", name="amount", value=amount, min=-MAX_AMOUNT, max=MAX_AMOUNT
        )
    if not signed and amount < 0:
        raise refusal("error.out_of_range", name="amount", value=amount, min=0, max=MAX_AMOUNT)


async def add(ctx: Ctx, target: str, stat: str, amount: int, *, clamp: bool = False) -> Outcome:
    """`/add`: stat += amount (negative allowed), refused outside the stat's bounds.

    `clamp` (the live message's −N damage buttons) takes off what is there instead of refusing:
    −5 at damage 3 heals 3; at 0 it is refused as "nothing to take off".
    """
    return await _change_stat(ctx, target, stat, "add", "amount", amount, clamp)


async def set_value(ctx: Ctx, target: str, stat: str, value: int) -> Outcome:
    """`/set`: stat = value, refused outside the stat's bounds."""
    return await _change_stat(ctx, target, stat, "set", "value", value)


async def _change_stat(
    ctx: Ctx, target: str, stat: str, action: str, param: str, number: int, clamp: bool = False
) -> Outcome:
    """`/add` or `/set` on a named stat (created on the fly where the template allows)."""
    _amount(number)
    state = await require_state(ctx)
    require_player(ctx, state)
    tpl = template(state.slug)
    ref = find_stat(state, tpl, find_target(state, target), stat, ctx.lang)
    require_standing(ref.holder)

    async def body(step: Step) -> None:
        cid = (
            ref.counter.id
            if ref.counter
            else await step.ensure(ref.holder, ref.key, token=ref.token)
        )
        if action == "add":
            delta = number
            if clamp and delta < 0:
                c = await step.tx.counter(cid)
                delta = max(delta, min(0, (c.min or 0) - c.value))
                if delta == 0:
                    raise refusal(
                        "tracker.error.nothing_to_remove",
                        name=ref.holder.name,
                        stat=tpl.label(ref.key, ctx.lang),
                    )
            await step.adjust(ref.holder, cid, ref.key, delta)
        else:
            await step.set(ref.holder, cid, ref.key, number)

    params = {"target": ref.holder.name, "stat": ref.key, param: number}
    return await run_step(ctx, state, action, body, params)


def _damage_ref(
    state: GameState, tpl: Template, target: str, lang: str
) -> tuple[Holder, Counter, int]:
    """The counter `/dmg` moves and its direction: damage up, or (custom) life down.

    A destroyed unit takes no more damage and is not healed back: that is what undo is for.
    """
    holder = find_target(state, target)
    if isinstance(holder, Participant):
        holder = state.leader(holder.id) or holder
    require_standing(holder)
    key, sign = (tpl.damage, 1) if tpl.damage else (tpl.main, -1)
    c = holder.counter(key)
    if c is None:
        raise refusal(
            "tracker.error.no_stat",
            name=tpl.label(key, lang),
            target=holder.name,
            known=_stats(tpl, [holder], lang),
        )
    return holder, c, sign


async def damage(ctx: Ctx, target: str, amount: int) -> Outcome:
    """`/dmg`: deal damage (one step; a unit that reaches its life is destroyed, no overkill)."""
    return await _hit(ctx, target, amount, "dmg", 1)


async def heal(ctx: Ctx, target: str, amount: int) -> Outcome:
    """`/heal`: remove up to `amount` damage (never below zero), or raise life in custom."""
    return await _hit(ctx, target, amount, "heal", -1)


async def _hit(ctx: Ctx, target: str, amount: int, action: str, direction: int) -> Outcome:
    """Damage (`direction` 1) or healing (-1) on the target's damage stat, or on life in a game
    without one; whatever goes down stops at its floor (0, or the stat's min), not below."""
    _amount(amount, signed=False)
    state = await require_state(ctx)
    require_player(ctx, state)
    tpl = template(state.slug)
    holder, c, sign = _damage_ref(state, tpl, target, ctx.lang)
    delta = amount * direction * sign

    async def body(step: Step) -> None:
        if delta >= 0:
            await step.adjust(holder, c.id, c.key, delta)
        else:
            fresh = await step.tx.counter(c.id)
            floor = min(fresh.min if fresh.min is not None else 0, fresh.value)
            await step.set(holder, c.id, c.key, max(floor, fresh.value + delta))

    return await run_step(ctx, state, action, body, {"target": holder.name, "amount": amount})


async def mana(ctx: Ctx, amount: int, player: UserRef | None = None) -> Outcome:
    """`/mana`: change the mana of a player's mage (yours by default)."""
    _amount(amount)
    state = await require_state(ctx)
    tpl = template(state.slug)
    if not tpl.mana:
        raise wrong_game(ctx, "/mana", state.slug)
    require_player(ctx, state)
    p = _player(ctx, state, player)
    return await add(ctx, f"#p{p.id}", tpl.mana, amount)


async def update_burn(ctx: Ctx, target: str, damage_dealt: int, tokens_left: int) -> Outcome:
    """For `/mw burn target:`: deal the Burn damage and leave `tokens_left` Burn, as one step."""
    state = await require_state(ctx)
    require_player(ctx, state)
    tpl = template(state.slug)
    holder, c, _ = _damage_ref(state, tpl, target, ctx.lang)

    async def body(step: Step) -> None:
        if damage_dealt:
            await step.adjust(holder, c.id, c.key, damage_dealt)
        cid = await step.ensure(holder, "burn", token=True)
        await step.set(holder, cid, "burn", tokens_left)

    return await run_step(ctx, state, "burn", body, {"target": holder.name})


# --- tokens ------------------------------------------------------------------------------------


async def token(ctx: Ctx, target: str, name: str, count: int) -> Outcome:
    """`/token add` (count > 0) or `/token remove` (count < 0); removing too many fails."""
    _amount(count)
    state = await require_state(ctx)
    require_player(ctx, state)
    tpl = template(state.slug)
    holder = find_target(state, target)
    key = tpl.resolve_token(name) or _open_token(state, tpl, holder, name)
    if key is None:
        known = ", ".join(d.name(ctx.lang) for d in tpl.tokens.values()) or "—"
        raise refusal("tracker.error.no_token", name=name, known=known)
    require_standing(holder)
    if count < 0:
        held = holder.token(key)
        if held is None or held.value <= 0:
            raise _no_such_tokens(ctx, tpl, holder, key)

    async def body(step: Step) -> None:
        if count >= 0:
            cid = await step.ensure(holder, key, token=True)
            await step.adjust(holder, cid, key, count)
            return
        # Removing more than there are takes what is there: the tokens are gone either way.
        held = holder.token(key)
        assert held is not None
        have = (await step.tx.counter(held.id)).value
        if have <= 0:
            raise _no_such_tokens(ctx, tpl, holder, key)
        await step.adjust(holder, held.id, key, max(count, -have))

    return await run_step(ctx, state, "token", body, {"target": holder.name, "token": key})


def _open_token(state: GameState, tpl: Template, holder: Holder, name: str) -> str | None:
    """A token made on the fly in a custom game (named like custom stats); None elsewhere.

    A name that is already a counter (`life`, or `VP` made with /add) is not a token.
    """
    if not tpl.open or not norm(name) or tpl.resolve_stat(name) is not None:
        return None
    key = _open_key(state, holder, name)
    return None if any(h.counter(key) for h in stand_ins(state, holder)) else key


def _no_such_tokens(ctx: Ctx, tpl: Template, holder: Holder, key: str) -> UserError:
    return refusal(
        "tracker.error.no_such_tokens", target=holder.name, token=tpl.label(key, ctx.lang)
    )


async def clear_tokens(ctx: Ctx, target: str) -> Outcome:
    state = await require_state(ctx)
    require_player(ctx, state)
    holder = find_target(state, target)
    require_standing(holder)
    if not holder.tokens:
        raise refusal("tracker.error.no_tokens", target=holder.name)

    async def body(step: Step) -> None:
        for t in holder.tokens:
            await step.set(holder, t.id, t.key, 0)

    return await run_step(ctx, state, "token.clear", body, {"target": holder.name})


# --- units -------------------------------------------------------------------------------------


async def add_unit(ctx: Ctx, name: str, owner: UserRef | None, stats: dict[str, int]) -> Outcome:
    """`/unit add`: a creature with the template's counters; `stats` override the defaults."""
    state = await require_state(ctx)
    require_player(ctx, state)
    tpl = template(state.slug)
    clean = valid_name(ctx, name)
    p = _player(ctx, state, owner)
    for option in tpl.unit_required:
        if option not in stats:
            raise refusal(
                f"tracker.error.unit_needs_{option}", unit=clean, game=game_name(tpl.slug, ctx.lang)
            )
    values = dict(tpl.creature)
    for option, value in stats.items():
        key = tpl.toughness[0] if option == "life" and tpl.toughness else tpl.resolve_stat(option)
        if key is None or key not in values:
            raise refusal(
                "tracker.error.no_stat", name=option, target=clean, known=", ".join(values) or "—"
            )
        values[key] = value
        d = tpl.define(key)
        if (d.min is not None and value < d.min) or (d.max is not None and value > d.max):
            raise refusal(
                "tracker.error.bounds",
                target=clean,
                stat=d.name(ctx.lang),
                value=value,
                min=d.min if d.min is not None else "−∞",
                max=d.max if d.max is not None else "∞",
            )
    everyone: list[Holder] = [*state.units, *state.participants]
    taken = {norm(h.name) for h in everyone}
    final = clean
    n = 2
    while norm(final) in taken:
        final = f"{clean} {n}"
        n += 1

    async def body(step: Step) -> None:
        uid = await step.tx.add_unit(p.id, CREATURE, final)
        for pos, (key, value) in enumerate(values.items()):
            d = tpl.define(key)
            await step.tx.ensure_counter(
                "unit", uid, key, value=value, min_value=d.min, max_value=d.max, position=pos
            )
        step.note(tpl.unit_note, unit=final, owner=p.name)

    return await run_step(ctx, state, "unit.add", body, {"unit": final}, check=False)


def _find_unit(state: GameState, target: str) -> Unit:
    holder = find_target(state, target)
    if not isinstance(holder, Unit):
        raise refusal("tracker.error.not_a_unit", name=target)
    return holder


async def remove_unit(ctx: Ctx, target: str) -> Outcome:
    state = await require_state(ctx)
    require_player(ctx, state)
    unit = _find_unit(state, target)
    if unit.kind != CREATURE:
        raise refusal("tracker.error.leader_unit", name=unit.name)

    async def body(step: Step) -> None:
        await step.tx.set_field("unit", unit.id, "present", 0)
        step.note("tracker.note.unit_removed", unit=unit.name)

    return await run_step(ctx, state, "unit.remove", body, {"unit": unit.name}, check=False)


async def rename_unit(ctx: Ctx, target: str, new_name: str) -> Outcome:
    state = await require_state(ctx)
    require_player(ctx, state)
    unit = _find_unit(state, target)
    require_standing(unit)
    clean = valid_name(ctx, new_name)
    everyone: list[Holder] = [*state.units, *state.participants]
    if any(norm(h.name) == norm(clean) for h in everyone if h != unit):
        raise refusal("tracker.error.name_taken", name=clean)

    async def body(step: Step) -> None:
        await step.tx.set_field("unit", unit.id, "name", clean)
        step.note("tracker.note.renamed", old=unit.name, new=clean)

    return await run_step(ctx, state, "unit.rename", body, {"unit": clean}, check=False)


# --- lists (conquest planets) ------------------------------------------------------------------


async def add_item(
    ctx: Ctx, list_name: str, text: str, player: UserRef | None = None, *, command: str = ""
) -> Outcome:
    """`/planet`: a name on a player's list; a planet is won once (whoever holds it)."""
    state = await require_state(ctx)
    tpl = template(state.slug)
    if list_name not in tpl.lists:
        raise wrong_game(ctx, command or LIST_COMMANDS.get(list_name, f"/{list_name}"), state.slug)
    require_player(ctx, state)
    p = _player(ctx, state, player)
    clean = valid_name(ctx, text)
    for other in state.all_participants:
        for item in other.lists.get(list_name, ()):
            if norm(item) == norm(clean):
                raise refusal(f"tracker.error.{list_name}_taken", item=item, name=other.name)

    async def body(step: Step) -> None:
        await step.tx.add_item(p.id, list_name, clean)
        step.note("tracker.note.item_added", name=p.name, item=clean)

    return await run_step(ctx, state, "item.add", body, {"item": clean}, check=False)


# --- keyforge ----------------------------------------------------------------------------------


async def forge(ctx: Ctx, player: UserRef | None = None) -> Outcome:
    """`/kf forge`: spend the key cost in Æmber for a key; the third key wins."""
    state = await _game_of(ctx, "keyforge", "/kf forge")
    require_player(ctx, state)
    p = _player(ctx, state, player)
    aember, keys, cost = p.counter("aember"), p.counter("keys"), p.value("keycost", 6)
    assert aember is not None and keys is not None
    if keys.value >= 3:
        raise refusal("tracker.error.all_keys", name=p.name)
    if aember.value < cost:
        raise refusal("tracker.error.cannot_forge", name=p.name, aember=aember.value, cost=cost)

    async def body(step: Step) -> None:
        await step.adjust(p, aember.id, "aember", -cost)
        after = await step.adjust(p, keys.id, "keys", 1)
        step.note("tracker.note.forged", name=p.name, keys=after, cost=cost)

    return await run_step(ctx, state, "forge", body, {"player": p.name})


# --- whfb pools (called by the /whf dice commands) ---------------------------------------------


async def set_pools(
    ctx: Ctx,
    player: UserRef | None,
    power: int | None = None,
    dispel: int | None = None,
    *,
    command: str = "/whf winds",
) -> Outcome:
    """Set a side's power and/or dispel pool (after a Winds of Magic roll), as one step."""
    state = await _game_of(ctx, "whfb", command)
    require_player(ctx, state)
    p = _player(ctx, state, player)

    async def body(step: Step) -> None:
        for key, value in (("power", power), ("dispel", dispel)):
            c = p.counter(key)
            if value is not None and c is not None:
                await step.set(p, c.id, key, value)

    return await run_step(ctx, state, "pools", body, {"player": p.name})


async def spend_pool(
    ctx: Ctx, pool: str, amount: int, player: UserRef | None = None, *, command: str = "/whf"
) -> Outcome:
    """Spend `amount` dice from a side's `power` or `dispel` pool; refused if there are too few.

    Too few is said as such (`в пуле 0, нужно 3`), checked again inside the step.
    """
    if pool not in ("power", "dispel"):
        raise refusal("tracker.error.no_stat", name=pool, target="", known="power, dispel")
    _amount(amount, signed=False)
    state = await _game_of(ctx, "whfb", command)
    require_player(ctx, state)
    p = _player(ctx, state, player)
    counter = p.counter(pool)
    if counter is None:
        raise refusal("tracker.error.no_stat", name=pool, target=p.name, known="power, dispel")
    if counter.value < amount:
        raise _pool_short(p, pool, counter.value, amount)

    async def body(step: Step) -> None:
        have = (await step.tx.counter(counter.id)).value
        if have < amount:
            raise _pool_short(p, pool, have, amount)
        await step.adjust(p, counter.id, pool, -amount)

    params = {"target": p.name, "stat": pool, "amount": -amount}
    return await run_step(ctx, state, "add", body, params)


def _pool_short(p: Participant, pool: str, have: int, need: int) -> UserError:
    return refusal(f"tracker.error.short_{pool}", name=p.name, have=have, need=need)


# --- rounds, undo, redo ------------------------------------------------------------------------


async def next_round(ctx: Ctx, rng: random.Random | None = None) -> Outcome:
    """`/game next`: the template's round procedure as one undoable step."""
    from bot.tracker.rounds import run_procedure

    state = await require_state(ctx)
    require_player(ctx, state)

    async def body(step: Step) -> None:
        await run_procedure(step, rng or ctx.services.rng)

    return await run_step(ctx, state, "next", body, {"round": state.round})


async def _undo_target(ctx: Ctx) -> GameState:
    """The active game, or the channel's last game if it just ended (so a win can be undone)."""
    state = await current_or_last(ctx.services.storage, ctx.channel_id)
    if state is None:
        raise refusal("tracker.error.no_game")
    require_player(ctx, state)
    return state


async def undo(ctx: Ctx, steps: int = 1) -> tuple[GameState, list[StepRecord]]:
    state = await _undo_target(ctx)
    undone = await ctx.services.storage.tracker.undo(
        state.game.id, steps, at=ctx.services.clock(), user_name=ctx.user.name
    )
    if not undone:
        raise refusal("tracker.error.nothing_to_undo")
    after = await ctx.services.storage.tracker.load(state.game.id)
    assert after is not None
    await ctx.services.game_changed(ctx.channel_id)
    return after, undone


async def redo(ctx: Ctx) -> tuple[GameState, StepRecord]:
    state = await _undo_target(ctx)
    done = await ctx.services.storage.tracker.redo(state.game.id)
    if done is None:
        raise refusal("tracker.error.nothing_to_redo")
    after = await ctx.services.storage.tracker.load(state.game.id)
    assert after is not None
    await ctx.services.game_changed(ctx.channel_id)
    return after, done
