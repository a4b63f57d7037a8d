"""Undo is exact: any sequence of changes, undone completely, gives back the starting state;
redone completely, gives back the final state."""

from __future__ import annotations

import asyncio
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from bot.app import create_services
from bot.config import Settings
from bot.context import Ctx, UserRef, stable_id
from bot.registry import UserError
from bot.tracker import service
from bot.tracker.model import GameState

OPS = st.lists(
    st.one_of(
        st.tuples(
            st.just("add"),
            st.sampled_from(["alice", "bob", "Тролль"]),
            st.sampled_from(["damage", "mana", "armor"]),
            st.integers(-5, 5),
        ),
        st.tuples(
            st.just("set"),
            st.sampled_from(["alice", "Тролль"]),
            st.sampled_from(["damage", "defense", "life"]),
            st.integers(-1, 14),
        ),
        st.tuples(
            st.just("token"),
            st.sampled_from(["bob", "Тролль"]),
            st.sampled_from(["burn", "горение", "bleed", "rot"]),
            st.integers(-2, 3),
        ),
        st.tuples(st.just("next"), st.just(""), st.just(""), st.just(0)),
        st.tuples(st.just("unit"), st.just(""), st.just(""), st.integers(1, 9)),
    ),
    max_size=12,
)


async def scenario(ops: list[tuple[str, str, str, int]]) -> None:
    services = await create_services(Settings(), db_path=":memory:", rng=random.Random(5))
    try:
        ctx = Ctx(services, UserRef.from_name("alice"), stable_id("#p"), 1)
        await service.start(ctx, "mage-wars", [UserRef.from_name("bob")], {"life": 30})
        await service.add_unit(ctx, "Тролль", None, {"life": 12, "regenerate": 1})

        async def full() -> GameState:
            gid = await services.storage.tracker.latest_game_id(ctx.channel_id)
            assert gid is not None
            found = await services.storage.tracker.load(gid)
            assert found is not None
            return found

        async def state() -> tuple[object, ...]:
            """What a player sees: the game row, present players and units, all their values."""
            s = await full()
            return (s.game, s.participants, s.units)

        start = await state()
        game_id = (await full()).game.id
        before = len(await services.storage.tracker.history(game_id))
        for kind, target, stat, n in ops:
            try:
                if kind == "add":
                    await service.add(ctx, target, stat, n)
                elif kind == "set":
                    await service.set_value(ctx, target, stat, n)
                elif kind == "token":
                    await service.token(ctx, target, stat, n)
                elif kind == "next":
                    await service.next_round(ctx)
                else:
                    await service.add_unit(ctx, f"Волк {n}", None, {"life": n})
            except UserError:
                continue
        final = await state()
        steps = len(await services.storage.tracker.history(game_id)) - before
        if steps:
            await service.undo(ctx, steps)
        assert await state() == start
        for _ in range(steps):
            await service.redo(ctx)
        assert await state() == final
    finally:
        await services.storage.close()


@settings(max_examples=40, deadline=None)
@given(OPS)
def test_undo_all_then_redo_all(ops: list[tuple[str, str, str, int]]) -> None:
    asyncio.run(scenario(ops))
