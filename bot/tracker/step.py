"""Every change to a tracked game goes through here: one transaction, its consequences, a notice.

A change resolves names against a snapshot (`load_state`), opens one storage step, applies its
counter arithmetic (bounds checked by the UPDATE itself), runs the consequences the template and
the game's rules ask for (a unit destroyed, a Warlord bloodied, the winning key, the last mage
standing) inside the same step, commits, and then calls `table.changed(channel_id)` so the live
message follows. Refusals are `TrackerError`s raised before or inside the step: nothing is written.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass, field, replace
from typing import Any

from bot.tracker import caps
from bot.tracker.access import require_player
from bot.tracker.errors import GameEnded, OutOfBounds, Short, TrackerError
from bot.tracker.model import DESTROYED, ENDED, Counter, GameState, HolderKind, Participant, Unit
from bot.tracker.names import slug_key
from bot.tracker.plugin import plugin_for
from bot.tracker.ports import GameChanged, GameNotActive, Table, TrackerTx
from bot.tracker.records import CAUSES
from bot.tracker.records import OutOfBounds as Overflow
from bot.tracker.templates import Template, template

Holder = Participant | Unit


@dataclass(frozen=True)
class Change:
    """One counter that moved in a step, with its holder's display name."""

    holder: str
    key: str
    before: int
    after: int
    token: bool = False
    covered: bool = False  # a note says it in words (a Warlord's defeat): the reply leaves it out
    leader: bool = False  # the holder is a player's leader (a Warlord named as its player)


@dataclass(frozen=True)
class Note:
    """Something to announce (a catalogue key and its parameters): destroyed, winner, Check! …"""

    key: str
    params: dict[str, Any] = field(default_factory=dict)
    at: int | None = None  # changes made before it: the reply tells cause and effect in order


@dataclass
class Outcome:
    """What a change did: the state after it, the counters it moved and what to announce."""

    state: GameState
    changes: list[Change] = field(default_factory=list)
    notes: list[Note] = field(default_factory=list)
    step_id: int | None = None  # the step written, if it changed anything (for follow-ups)

    @property
    def template(self) -> Template:
        return template(self.state.slug)


class Step:
    """A change in progress: the open storage step plus what it moved and what to announce."""

    def __init__(self, tx: TrackerTx, state: GameState, tpl: Template, table: Table) -> None:
        self.tx = tx
        self.state = state
        self.tpl = tpl
        self.table = table
        self.changes: list[Change] = []
        self.notes: list[Note] = []
        self.units: set[int] = set()
        self.players: set[int] = set()
        self._fresh: tuple[int, GameState] | None = None  # (events written, state then)
        self._base = state  # the state the step began from, as read before it
        # The command's game options (`/dmg shield:2`), read by the game's plugin (EN-8 CQ-2).
        self.options: dict[str, int] = {}
        self._cause: tuple[str, tuple[str, ...]] | None = None  # see `caused`

    def note(self, key: str, **params: Any) -> None:
        self.notes.append(Note(key, params, at=len(self.changes)))

    def cover(self, since: int) -> None:
        """The changes from index `since` on are told by a note: the short reply omits them."""
        self.changes[since:] = [replace(c, covered=True) for c in self.changes[since:]]

    @contextmanager
    def told(self) -> Iterator[None]:
        """The changes made inside are told by a note (`cover`): «the note says it», once."""
        since = len(self.changes)
        yield
        self.cover(since)

    def _touch(self, holder: Holder) -> None:
        (self.units if isinstance(holder, Unit) else self.players).add(holder.id)

    async def adjust(self, holder: Holder, counter_id: int, key: str, delta: int) -> int:
        """counter += delta; damage past what destroys a unit is not counted (no overkill)."""
        if delta > 0 and isinstance(holder, Unit) and key == self.tpl.damage:
            # armor, ward, shield
            delta = await plugin_for(self.tpl.slug).before_damage(self, holder, delta)
            if delta == 0:
                return (await self.tx.counter(counter_id)).value
            room = await self._damage_room(holder, counter_id)
            if room is not None:
                delta = min(delta, room)
        try:
            before, after = await self.tx.adjust(counter_id, delta)
        except Overflow as exc:
            if delta < 0 and exc.counter.min == 0 and exc.value < 0:
                raise short(self.tpl, holder, exc.counter, -delta) from None
            raise bounds_error(self.tpl, holder, exc) from None
        self._record(holder, key, before, after, counter_id)
        if after > before and isinstance(holder, Unit) and key == self.tpl.damage:
            await plugin_for(self.tpl.slug).after_damage(self, holder)  # Mage Wars: Sleep → Daze
        return after

    async def set(self, holder: Holder, counter_id: int, key: str, value: int) -> int:
        """counter = value; a unit's damage may not be set above what destroys it."""
        if isinstance(holder, Unit) and key == self.tpl.damage:
            room = await self._damage_room(holder, counter_id)
            counter = await self.tx.counter(counter_id)
            if room is not None and value > counter.value + room:
                capped = replace(counter, max=counter.value + room)
                raise bounds_error(self.tpl, holder, Overflow(capped, value))
        try:
            before, after = await self.tx.set_value(counter_id, value)
        except Overflow as exc:
            raise bounds_error(self.tpl, holder, exc, typed=True) from None
        self._record(holder, key, before, after, counter_id)
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
            present = await self.tx.counters_of(kind, holder.id)
            for c in present:
                if slug_key(c.key) == wanted:
                    return c.id
            caps.check_kinds(holder, len(present))
        else:
            caps.check_kinds(holder)
        top = d.max if d.max is not None or not token else caps.MAX_TOKENS
        return await self.tx.ensure_counter(
            kind,
            holder.id,
            key,
            value=value,
            min_value=0 if token else d.min,
            max_value=top,
            token=token,
            position=1000 if token else 500,
        )

    @contextmanager
    def caused(self, phrase: str, *by: str) -> Iterator[None]:
        """The counters moved inside are logged with their cause, as the reply told it
        («Тролль · горение: 3 повреждения (6 → 9)», M2): `phrase` is the game's log phrase
        (`tracker.log_cause.<game>.<phrase>`), `by` the stats or tokens behind it. Kept in the
        step's params (`CAUSES`: counter id, before, after, phrase, by), since events hold none."""
        outer, self._cause = self._cause, (phrase, by)
        try:
            yield
        finally:
            self._cause = outer

    def _record(
        self, holder: Holder, key: str, before: int, after: int, counter_id: int = 0
    ) -> None:
        if before != after and self._cause is not None:
            phrase, by = self._cause
            self.tx.params.setdefault(CAUSES, []).append(
                [counter_id, before, after, phrase, list(by)]
            )
        if before != after:
            token = key in self.tpl.tokens
            leader = (
                isinstance(holder, Unit)
                and bool(self.tpl.leader)
                and (holder.kind == self.tpl.leader)
            )
            self.changes.append(Change(holder.name, key, before, after, token, leader=leader))
        self._touch(holder)

    async def fresh(self) -> GameState:
        """The game as this transaction sees it; read again only after a write since last time."""
        if self._fresh is None or self._fresh[0] != self.tx.events:
            self._fresh = (self.tx.events, await self.tx.state(self._base))
        return self._fresh[1]

    async def close(self) -> None:
        """Mark the game ended now (no winner recorded)."""
        game = self.state.game
        await self.tx.set_field("game", game.id, "status", ENDED)
        await self.tx.set_field("game", game.id, "ended_at", self.table.clock())

    async def end_game(self, winner: Participant | None) -> None:
        game = self.state.game
        await self.close()
        if winner is not None:
            await self.tx.set_field("game", game.id, "winner_id", winner.id)
            self.note("tracker.note.winner", name=winner.name)
        else:
            self.note("tracker.note.draw")


def damage_cap(tpl: Template, kind: str, values: Mapping[str, int]) -> int | None:
    """The damage that destroys a unit, or None if it has no life (the game's rules may say)."""
    total = tpl.toughness_of(values)
    default = total if total > 0 else None
    return plugin_for(tpl.slug).damage_cap(kind, values, default)


def effective_damage(tpl: Template, holder: Holder) -> int:
    """The damage counter plus what damage tokens count as (each Tainted is 3 in Mage Wars)."""
    return holder.value(tpl.damage) + tpl.token_damage({c.key: c.value for c in holder.tokens})


def lethal(tpl: Template, unit: Unit) -> bool:
    """Whether the damage on `unit` destroys it: it reaches the toughness (a unit of toughness 0
    only in a game where that destroys). The step's consequences destroy such a unit; a rule
    that must know before they run (KeyForge's Assault) asks the same question."""
    if not tpl.damage:
        return False
    toughness = tpl.toughness_of({c.key: c.value for c in (*unit.counters, *unit.tokens)})
    alive_at_zero = not plugin_for(tpl.slug).zero_toughness_destroys
    return (toughness > 0 or not alive_at_zero) and effective_damage(tpl, unit) >= toughness


def short(tpl: Template, holder: Holder, c: Counter, need: int) -> TrackerError:
    """Taking more than there is: too little to spend (`short`), or damage/tokens at 0."""
    params: dict[str, Any] = {
        "name": holder.name,
        "have": c.value,
        "need": need,
        "stat": tpl.define(c.key),
    }
    if c.key == tpl.damage or c.token:
        return Short("below_zero", **params)
    return Short(stat_key=c.key, **params)


def bounds_error(
    tpl: Template, holder: Holder, exc: Overflow, *, typed: bool = False
) -> TrackerError:
    """Past a stat's bounds; `typed`: the value was set, not reached by adding (playtest 18,
    W4: no «6 + 24 = 30» for a `/set`)."""
    c = exc.counter
    return OutOfBounds(
        target=holder.name,
        stat=tpl.define(c.key),
        value=exc.value,
        min=c.min if c.min is not None else "−∞",
        max=c.max if c.max is not None else "∞",
        token=bool(c.token),
        stat_key=c.key,
        slug=tpl.slug,
        before=None if typed else c.value,
    )


Body = Callable[[Step], Awaitable[None]]


async def run_step(
    table: Table,
    state: GameState,
    action: str,
    body: Body,
    params: dict[str, Any] | None = None,
    *,
    check: bool = True,
    anyone: bool = False,
    keep_redo: bool = False,
) -> Outcome:
    """Run `body` as one undoable step, add the consequences, commit, then notify listeners.

    `anyone` lets a non-participant take the step (joining the game); `keep_redo` leaves the
    redo stack as it was (joining does not throw away the players' undone steps).
    """
    for attempt in range(3):
        if not state.game.active:
            raise GameEnded()
        if not anyone:
            require_player(table.actor, state)
        try:
            return await _run_once(table, state, action, body, params, check, keep_redo)
        except GameChanged:
            # Another process wrote since `state` was read; nothing was written. Read again.
            fresh = await table.repo.load(state.game.id)
            if fresh is None:
                raise GameEnded() from None
            state = fresh
            if attempt == 1:
                state = replace(state, stamp=None)  # the last try locks the game first
    raise AssertionError("unreachable")


async def _run_once(
    table: Table,
    state: GameState,
    action: str,
    body: Body,
    params: dict[str, Any] | None,
    check: bool,
    keep_redo: bool,
) -> Outcome:
    tpl = template(state.slug)
    if action not in ("end", "leave") and caps.may_be_full(state):  # ending is never refused
        caps.check_steps(await table.repo.step_count(state.game.id))
    step: Step | None = None
    try:
        async with table.repo.change(
            state.game.id,
            at=table.clock(),
            user_id=table.actor.id,
            user_name=table.actor.name,
            action=action,
            params=params or {},
            base=state,
            keep_redo=keep_redo,
        ) as tx:
            step = Step(tx, state, tpl, table)
            await body(step)
            if check:
                await consequences(step)
            changed = tx.events > 0
            after = await step.fresh()
    except GameNotActive:
        raise GameEnded() from None
    assert step is not None
    if changed:
        await table.changed(table.channel_id)
    return Outcome(after, step.changes, step.notes, tx.step_id if changed else None)


async def consequences(step: Step) -> None:
    """Destroyed units, the game's own (a bloodied Warlord), the last leader, the winning stat."""
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
    plugin = plugin_for(tpl.slug)
    leader_fell = False
    for uid in sorted(step.units):
        unit = state.unit(uid)
        if unit is None or not unit.present or unit.destroyed:
            continue
        fell = await plugin.unit_hurt(step, unit)
        if fell is not None:
            leader_fell |= fell
            continue
        if lethal(tpl, unit):
            await step.tx.set_field("unit", unit.id, "state", DESTROYED)
            step.note("tracker.note.destroyed", unit=unit.name, kind=plugin.piece_kind(unit))
            await plugin.leave_play(step, unit)  # KeyForge: captured Æmber goes back
            leader_fell |= unit.kind == tpl.leader and bool(tpl.leader)
    if leader_fell:
        await last_leader_standing(step)


async def last_leader_standing(step: Step) -> None:
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
