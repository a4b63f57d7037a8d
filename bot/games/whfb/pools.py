"""Warhammer Fantasy's magic pools in a tracked game: set after Winds of Magic, spent by casts.

Pure tracker steps called by the `/whf` dice commands; a refusal is a `TrackerError`.
"""

from __future__ import annotations

from bot.games.whfb import GAME
from bot.tracker.access import game_of, player_of, require_player
from bot.tracker.counters import check_amount
from bot.tracker.errors import NameList, TrackerError
from bot.tracker.model import Participant
from bot.tracker.ports import Person, Table
from bot.tracker.step import Outcome, Step, run_step
from bot.tracker.templates import template

POOLS = ("power", "dispel")


def _pool_names() -> NameList:
    """The pools by their names in the reader's language (`кубики силы, кубики рассеивания`)."""
    tpl = template(GAME.slug)
    return NameList([tpl.define(p) for p in POOLS])


async def set_pools(
    table: Table,
    player: Person | None,
    power: int | None = None,
    dispel: int | None = None,
    *,
    command: str = "/whf winds",
) -> Outcome:
    """Set a side's power and/or dispel pool (after a Winds of Magic roll), as one step."""
    state = await game_of(table, GAME.slug, command)
    require_player(table.actor, state)
    p = player_of(table, state, player)

    async def body(step: Step) -> None:
        for key, value in (("power", power), ("dispel", dispel)):
            c = p.counter(key)
            if value is not None and c is not None:
                await step.set(p, c.id, key, value)

    return await run_step(table, state, "pools", body, {"player": p.name})


async def spend_pool(
    table: Table,
    pool: str,
    amount: int,
    player: Person | None = None,
    *,
    command: str = "/whf",
    action: str = "add",
    spell: str = "",
) -> Outcome:
    """Spend `amount` dice from a side's `power` or `dispel` pool; refused if there are too few.

    Too few is said as such (`в пуле 0, нужно 3`), checked again inside the step. A cast or a
    dispel logs as its own kind of step (`action`), with the spell named, so the log reads
    «сотворение «Огненный шар»», not a bare change.
    """
    if pool not in POOLS:
        raise TrackerError("no_stat", name=pool, target="", known=_pool_names())
    check_amount(amount, signed=False)
    state = await game_of(table, GAME.slug, command)
    require_player(table.actor, state)
    p = player_of(table, state, player)
    counter = p.counter(pool)
    if counter is None:
        tpl = template(GAME.slug)
        raise TrackerError("no_stat", name=tpl.define(pool), target=p.name, known=_pool_names())
    if counter.value < amount:
        raise _pool_short(p, pool, counter.value, amount)

    async def body(step: Step) -> None:
        have = (await step.tx.counter(counter.id)).value
        if have < amount:
            raise _pool_short(p, pool, have, amount)
        await step.adjust(p, counter.id, pool, -amount)

    params: dict[str, object] = {"target": p.name, "stat": pool, "amount": -amount}
    if spell:
        params["spell"] = spell
    return await run_step(table, state, action, body, params)


def _pool_short(p: Participant, pool: str, have: int, need: int) -> TrackerError:
    return TrackerError("pool_short", pool=pool, name=p.name, have=have, need=need)
