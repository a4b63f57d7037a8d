"""Numbers on the board: `/add`, `/set`, `/dmg`, `/heal`, `/mana` and Burn upkeep."""

from __future__ import annotations

from collections.abc import Mapping

from bot.tracker.access import player_of, require_player, require_state
from bot.tracker.errors import (
    AmountOutOfRange,
    GameRef,
    NameList,
    NoStat,
    NotInGame,
    TrackerError,
    WrongGame,
)
from bot.tracker.model import Counter, GameState, Participant, Unit
from bot.tracker.plugin import plugin_for
from bot.tracker.ports import Person, Table
from bot.tracker.resolve import (
    Holder,
    find_stat,
    find_target,
    require_standing,
    stats_of,
)
from bot.tracker.step import Outcome, Step, run_step
from bot.tracker.templates import Template, template, templates

MAX_AMOUNT = 1000


def check_amount(amount: int, *, signed: bool = True) -> None:
    """Refuse an amount beyond `MAX_AMOUNT` either way, or a negative one where `signed` is off."""
    if abs(amount) > MAX_AMOUNT:
        raise AmountOutOfRange(name="amount", value=amount, min=-MAX_AMOUNT, max=MAX_AMOUNT)
    if not signed and amount < 0:
        raise AmountOutOfRange(name="amount", value=amount, min=0, max=MAX_AMOUNT)


async def add(table: Table, target: str, stat: str, amount: int, *, clamp: bool = False) -> Outcome:
    """`/add`: stat += amount (negative allowed), refused outside the stat's bounds.

    `clamp` (the live message's −N damage buttons) takes off what is there instead of refusing:
    −5 at damage 3 heals 3; at 0 it is refused as "nothing to take off".
    """
    return await _change_stat(table, target, stat, "add", "amount", amount, clamp)


async def set_value(table: Table, target: str, stat: str, value: int) -> Outcome:
    """`/set`: stat = value, refused outside the stat's bounds."""
    return await _change_stat(table, target, stat, "set", "value", value)


async def _change_stat(
    table: Table, target: str, stat: str, action: str, param: str, number: int, clamp: bool = False
) -> Outcome:
    """`/add` or `/set` on a named stat (created on the fly where the template allows)."""
    check_amount(number)
    state = await require_state(table)
    require_player(table.actor, state)
    tpl = template(state.slug)
    holder = find_target(state, target)
    require_standing(holder, state.slug, state)  # a destroyed unit first, whatever the stat (M5)
    ref = find_stat(state, tpl, holder, stat)
    if action == "set" and ref.counter is not None and ref.counter.value == number:
        raise _already(state, tpl, ref.holder, ref.key, number)

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
                    raise TrackerError(
                        "nothing_to_remove", name=ref.holder.name, stat=tpl.define(ref.key)
                    )
            await step.adjust(ref.holder, cid, ref.key, delta)
        else:
            await step.set(ref.holder, cid, ref.key, number)

    params = {"target": ref.holder.name, "stat": ref.key, param: number}
    return await run_step(table, state, action, body, params)


def _already(state: GameState, tpl: Template, holder: Holder, key: str, value: int) -> TrackerError:
    """`/set` to the value the stat holds: said with its subject (playtest 6 slip C4), the
    player (or the player's leader) named in the genitive by the refusal table."""
    player = isinstance(holder, Participant) or (bool(tpl.leader) and holder.kind == tpl.leader)
    owner = state.participant(holder.owner_id) if isinstance(holder, Unit) else holder
    name = owner.name if player and owner is not None else holder.name
    d = tpl.define(key)
    return TrackerError(
        "set_same",
        target=name,
        stat=d,
        value=value,
        player=player,
        flag=d.flag and value in (0, 1),
        counted=f"tracker.plural.stat.{tpl.slug}.{key}",
    )


def damage_ref(state: GameState, tpl: Template, target: str) -> tuple[Holder, Counter, int]:
    """The counter `/dmg` moves and its direction: damage up, or (custom) life down.

    A destroyed unit takes no more damage and is not healed back: that is what undo is for.
    """
    holder = find_target(state, target)
    if isinstance(holder, Participant):
        holder = state.leader(holder.id) or holder
    require_standing(holder, state.slug, state)
    key, sign = (tpl.damage, 1) if tpl.damage else (tpl.main, -1)
    c = holder.counter(key)
    if c is None and isinstance(holder, Participant) and key in tpl.creature:
        # Берсерк: wounds go on cards, never on the player (playtest 4 slip 13)
        # scout W3: the example names a unit on the board, the player's own first
        living = [u for u in (*state.units_of(holder.id), *state.units) if not u.destroyed]
        example = {"example": living[0].name} if living else {}
        raise TrackerError(
            "player_no_damage", player=holder.name, game=GameRef(tpl.slug), **example
        )
    if c is None:
        raise NoStat(
            name=tpl.define(key),
            target=holder.name,
            known=stats_of(tpl, [holder]),
            player=isinstance(holder, Participant),
            kind=holder.kind if isinstance(holder, Unit) else "",
            slug=tpl.slug,
        )
    return holder, c, sign


async def damage(
    table: Table, target: str, amount: int, extra: Mapping[str, int] | None = None
) -> Outcome:
    """`/dmg`: deal damage (one step; a unit that reaches its life is destroyed, no overkill).
    `extra`: the game's own options of `/dmg` (Conquest's `shield`), refused in another game."""
    return await _hit(table, target, amount, "dmg", 1, dict(extra or {}))


async def heal(table: Table, target: str, amount: int) -> Outcome:
    """`/heal`: remove up to `amount` damage (never below zero), or raise life in custom."""
    return await _hit(table, target, amount, "heal", -1)


async def _hit(
    table: Table,
    target: str,
    amount: int,
    action: str,
    direction: int,
    extra: dict[str, int] | None = None,
) -> Outcome:
    """Damage (`direction` 1) or healing (-1) on the target's damage stat, or on life in a game
    without one; whatever goes down stops at its floor (0, or the stat's min), not below."""
    check_amount(amount, signed=False)
    state = await require_state(table)
    require_player(table.actor, state)
    tpl = template(state.slug)
    holder, c, sign = damage_ref(state, tpl, target)
    delta = amount * direction * sign
    for key in extra or {}:
        if key not in dmg_options(state.slug):  # `/dmg shield:2` outside Conquest: refused
            raise TrackerError("dmg_option", option=key, game=GameRef(state.slug))

    async def body(step: Step) -> None:
        step.options = dict(extra or {})
        if delta >= 0:
            before = (await step.tx.counter(c.id)).value
            after = await step.adjust(holder, c.id, c.key, delta)
            if after > before and isinstance(holder, Unit) and c.key == step.tpl.damage:
                await plugin_for(step.tpl.slug).damaged_by_hand(step, holder)
        elif await plugin_for(step.tpl.slug).heal(step, holder, -delta):
            return
        else:
            fresh = await step.tx.counter(c.id)
            floor = min(fresh.min if fresh.min is not None else 0, fresh.value)
            await step.set(holder, c.id, c.key, max(floor, fresh.value + delta))

    return await run_step(table, state, action, body, {"target": holder.name, "amount": amount})


async def mana(table: Table, amount: int, player: Person | None = None) -> Outcome:
    """`/mana`: change the mana of a player's mage (yours by default)."""
    check_amount(amount)
    state = await require_state(table)
    tpl = template(state.slug)
    if not tpl.mana:
        fits = [slug for slug, t in templates().items() if t.mana]
        raise WrongGame("/mana", state.slug, fits)
    require_player(table.actor, state)
    if player is not None and state.participant_by_user(player.id) is None:
        _refuse_unit_mana(state, player.name)
    p = player_of(table, state, player)
    return await add(table, f"#p{p.id}", tpl.mana, amount)


def _refuse_unit_mana(state: GameState, name: str) -> None:
    """A creature named as `/mana player:` is not «not in the game»: it is on the board, but
    only the players' mages have mana (playtest ru-19, M2)."""
    folded = name.casefold()
    if any(u.name.casefold() == folded and u.present for u in state.units):
        players = NameList([p.name for p in state.participants])
        raise NotInGame("mana_of_unit", name=name, players=players)


async def update_burn(table: Table, target: str, damage_dealt: int, tokens_left: int) -> Outcome:
    """For `/mw burn target:`: deal the Burn damage and leave `tokens_left` Burn, as one step."""
    state = await require_state(table)
    require_player(table.actor, state)
    tpl = template(state.slug)
    holder, c, _ = damage_ref(state, tpl, target)

    async def body(step: Step) -> None:
        if damage_dealt:
            await step.adjust(holder, c.id, c.key, damage_dealt)
        cid = await step.ensure(holder, "burn", token=True)
        await step.set(holder, cid, "burn", tokens_left)

    return await run_step(table, state, "burn", body, {"target": holder.name})


def dmg_options(slug: str) -> set[str]:
    """The names of the game's own `/dmg` options (Conquest: `shield`)."""
    from bot.games import ALL_GAMES

    game = ALL_GAMES.get(slug)
    return {o.name for o in game.dmg_options} if game is not None else set()
