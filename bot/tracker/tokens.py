"""Tokens on units and players: `/token add`, `/token remove`, `/token clear`."""

from __future__ import annotations

from bot.tracker.access import require_player, require_state
from bot.tracker.counters import check_amount
from bot.tracker.errors import GameRef, NameList, TrackerError
from bot.tracker.model import GameState
from bot.tracker.names import norm, slug_key
from bot.tracker.plugin import plugin_for
from bot.tracker.ports import Table
from bot.tracker.resolve import Holder, find_target, open_key, require_standing, stand_ins
from bot.tracker.step import Outcome, Step, run_step
from bot.tracker.templates import Template, template


def _raising(tpl: Template, name: str) -> str | None:
    """The one token that adds to the stat `name` names (KeyForge: `жетон:сила` is a power
    token, playtest 5 slip K5): players call the token by the stat it raises."""
    stat = tpl.resolve_stat(name)
    if stat is None or stat not in tpl.toughness:
        return None
    tokens = [k for k in tpl.toughness if k in tpl.tokens and k != stat]
    return tokens[0] if len(tokens) == 1 else None


def _not_a_token(tpl: Template, holder: Holder, name: str) -> TrackerError:
    """No such token; a state or stat the holder has (Conquest «обессилен», playtest 5 slip C3)
    is pointed to `/set`, the way to mark it."""
    stat = tpl.resolve_stat(name)
    if stat is not None and holder.counter(stat) is not None:
        d = tpl.define(stat)
        if stat == tpl.damage:  # playtest 8 slip K4: damage is dealt, not set over the total
            return TrackerError(
                "token_is_damage", name=d, target=holder.name, game=GameRef(tpl.slug)
            )
        if d.flag:  # BZ-2: the word as typed («tapped»), the state's own name in the command
            return TrackerError("token_is_flag", name=d, typed=name, target=holder.name)
        return TrackerError("token_is_stat", name=d, target=holder.name, game=GameRef(tpl.slug))
    if stat is not None:  # RU-19 C1: a state of the game this holder does not carry
        d = tpl.define(stat)
        return TrackerError("token_is_state_elsewhere", name=d, typed=name, game=GameRef(tpl.slug))
    if tpl.open:  # a custom game's counter made on the fly (`VP`) is a stat too, not a token
        own = next((c for c in holder.counters if slug_key(c.key) == slug_key(name)), None)
        if own is not None:
            return TrackerError("token_is_stat", name=own.key, target=holder.name)
    known = NameList(list(tpl.tokens.values()))
    return TrackerError("no_token", name=name, known=known, game=GameRef(tpl.slug))


async def token(table: Table, target: str, name: str, count: int) -> Outcome:
    """`/token add` (count > 0) or `/token remove` (count < 0); removing too many fails."""
    check_amount(count)
    state = await require_state(table)
    require_player(table.actor, state)
    tpl = template(state.slug)
    holder = find_target(state, target)
    require_standing(holder, state.slug, state)  # a destroyed unit first, whatever the token (M5)
    key = tpl.resolve_token(name) or _raising(tpl, name) or _open_token(state, tpl, holder, name)
    if key is None or (count > 0 and plugin_for(tpl.slug).token_retired(key)):
        raise _not_a_token(tpl, holder, name)
    if count < 0:
        held = holder.token(key)
        if held is None or held.value <= 0:
            raise _no_such_tokens(tpl, holder, key)

    async def body(step: Step) -> None:
        if count >= 0:
            if await plugin_for(step.tpl.slug).place_tokens(step, holder, key, count):
                return
            cid = await step.ensure(holder, key, token=True)
            await step.adjust(holder, cid, key, count)
            return
        # Removing more than there are takes what is there: the tokens are gone either way.
        held = holder.token(key)
        assert held is not None
        have = (await step.tx.counter(held.id)).value
        if have <= 0:
            raise _no_such_tokens(tpl, holder, key)
        await step.adjust(holder, held.id, key, max(count, -have))

    return await run_step(table, state, "token", body, {"target": holder.name, "token": key})


def _open_token(state: GameState, tpl: Template, holder: Holder, name: str) -> str | None:
    """A token made on the fly in a custom game (named like custom stats); None elsewhere.

    A name that is already a counter (`life`, or `VP` made with /add) is not a token.
    """
    if not tpl.open or not norm(name) or tpl.resolve_stat(name) is not None:
        return None
    key = open_key(state, holder, name)
    return None if any(h.counter(key) for h in stand_ins(state, holder)) else key


def _no_such_tokens(tpl: Template, holder: Holder, key: str) -> TrackerError:
    game = GameRef(tpl.slug)  # a game's own word: Mage Wars says markers (en-7 MW-1)
    return TrackerError("no_such_tokens", target=holder.name, token=tpl.define(key), game=game)


async def clear_tokens(table: Table, target: str) -> Outcome:
    state = await require_state(table)
    require_player(table.actor, state)
    holder = find_target(state, target)
    require_standing(holder, state.slug, state)
    if not holder.tokens:
        raise TrackerError("no_tokens", target=holder.name, game=GameRef(state.slug))

    async def body(step: Step) -> None:
        for t in holder.tokens:
            await step.set(holder, t.id, t.key, 0)

    return await run_step(table, state, "token.clear", body, {"target": holder.name})
