"""Issue 18, defect 4: the game cache is bounded by (estimated) bytes, not only by count."""

from __future__ import annotations

import tracemalloc
from dataclasses import replace

from bot.context import Ctx, Services, UserRef, stable_id
from bot.handlers import tracker_ops as service
from bot.storage.game_cache import GameCache, estimate
from bot.storage.tracker import TrackerStore
from bot.storage.tracker_read import parse_state, read_statements
from bot.tracker.model import GameState


async def _game(services: Services, channel: str, units: int) -> GameState:
    ctx = Ctx(services, UserRef.from_name("alice"), stable_id(channel), 1)
    await service.start(ctx, "custom", [UserRef.from_name("bob")], {"life": 20})
    for i in range(units):
        await service.add_unit(ctx, f"u{i}", None, {})
        await service.token(ctx, f"u{i}", "огонь", 1)
    state = await service.load_state(services.storage, ctx.channel_id)
    assert state is not None
    return state


async def test_the_estimate_is_within_a_factor_of_two_of_the_real_size(
    services: Services,
) -> None:
    state = await _game(services, "#big", 60)
    rows = await services.storage.db.snapshot(read_statements(state.game.id))
    tracemalloc.start()
    try:
        before = tracemalloc.take_snapshot()
        parsed = parse_state(rows)
        after = tracemalloc.take_snapshot()
    finally:
        tracemalloc.stop()
    real = sum(s.size_diff for s in after.compare_to(before, "filename"))
    assert parsed is not None and real / 2 <= estimate(parsed) <= real * 2


async def test_games_are_evicted_past_the_byte_bound(services: Services) -> None:
    small = await _game(services, "#small", 1)
    big = await _game(services, "#big", 40)
    cache = GameCache(max_games=100, max_bytes=estimate(big) + estimate(small) // 2)
    cache.put(small)
    cache.put(big)  # both do not fit: the least recently used one (small) goes
    assert cache.peek(small.game.id) is None and cache.peek(big.game.id) is big
    assert cache.bytes == estimate(big) <= cache.max_bytes
    cache.put(small)  # now big is the older one, and goes
    assert len(cache) == 1 and cache.bytes == estimate(small)
    # A new copy of a game replaces the old one's bytes, it does not add to them.
    cache.put(replace(small, stamp=(9, 0)))
    assert cache.bytes == estimate(small) and cache.get(small.game.id).stamp == (9, 0)  # type: ignore[union-attr]
    # A game bigger than the whole bound is not kept at all.
    tiny = GameCache(max_games=100, max_bytes=estimate(small) - 1)
    tiny.put(small)
    assert len(tiny) == 0 and tiny.bytes == 0
    # The count bound still holds.
    few = GameCache(max_games=1)
    few.put(small)
    few.put(big)
    assert len(few) == 1 and few.peek(big.game.id) is big


async def test_the_store_keeps_its_copies_within_the_bound(services: Services) -> None:
    store = services.storage.tracker
    assert isinstance(store, TrackerStore)
    store.cache.max_bytes = 40_000
    for i in range(6):
        await _game(services, f"#t{i}", 8)
    assert store.cache.bytes <= 40_000
    assert 0 < len(store.cache) < 6
    # Evicted games are read again, whole and current.
    for i in range(6):
        state = await service.load_state(services.storage, stable_id(f"#t{i}"))
        assert state is not None and len(state.units) == 8
