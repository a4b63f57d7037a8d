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
from bot.handlers import tracker_ops as service
from bot.registry import UserError
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


MORE_OPS = st.lists(
    st.one_of(
        OPS.flatmap(lambda ops: st.sampled_from(ops) if ops else st.nothing()),
        st.tuples(
            st.sampled_from(["dmg", "heal"]),
            st.sampled_from(["bob", "Тролль"]),
            st.just(""),
            st.integers(0, 40),
        ),
        st.tuples(
            st.sampled_from(["leave", "join", "undo", "rename", "remove"]),
            st.just(""),
            st.just(""),
            st.just(0),
        ),
    ),
    max_size=15,
)


async def replay_scenario(ops: list[tuple[str, str, str, int]]) -> None:
    """The state a change answers with (its own events replayed) is the state storage holds."""
    services = await create_services(Settings(), db_path=":memory:", rng=random.Random(5))
    try:
        alice = Ctx(services, UserRef.from_name("alice"), stable_id("#p"), 1)
        carol = Ctx(services, UserRef.from_name("carol"), stable_id("#p"), 1)
        await service.start(alice, "mage-wars", [UserRef.from_name("bob")], {"life": 30})
        await service.add_unit(alice, "Тролль", None, {"life": 12, "regenerate": 1})
        for kind, target, stat, n in ops:
            try:
                if kind == "add":
                    out = await service.add(alice, target, stat, n)
                elif kind == "set":
                    out = await service.set_value(alice, target, stat, n)
                elif kind == "token":
                    out = await service.token(alice, target, stat, n)
                elif kind == "dmg":
                    out = await service.damage(alice, target, n)
                elif kind == "heal":
                    out = await service.heal(alice, target, n)
                elif kind == "next":
                    out = await service.next_round(alice)
                elif kind == "leave":
                    out = await service.leave(carol)
                elif kind == "join":
                    out = await service.join(carol)
                elif kind == "rename":
                    out = await service.rename_unit(alice, "Тролль", "Тролль")
                elif kind == "remove":
                    out = await service.remove_unit(alice, "Тролль")
                elif kind == "undo":
                    await service.undo(alice)
                    continue
                else:
                    out = await service.add_unit(alice, f"Волк {n}", None, {"life": n})
            except UserError:
                continue
            assert out.state == await services.storage.tracker.load(out.state.game.id)
    finally:
        await services.storage.close()


@settings(max_examples=60, deadline=None)
@given(MORE_OPS)
def test_a_changes_answer_is_the_stored_state(ops: list[tuple[str, str, str, int]]) -> None:
    asyncio.run(replay_scenario(ops))
