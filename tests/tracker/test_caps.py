"""Issue 18, defect 4: a game is bounded. Each cap is refused in words, privately, with nothing
changed, and the game goes on below it."""

from __future__ import annotations

import pytest

from bot.context import Services, UserRef
from bot.handlers import tracker_ops as service
from bot.i18n import t
from bot.tracker import caps
from tests.helpers.tracker import MakeCtx, refused, state_of


async def _custom(make_ctx: MakeCtx) -> None:
    await service.start(make_ctx("alice"), "custom", [UserRef.from_name("bob")], {"life": 20})


async def test_units_at_the_cap_and_over_it(services: Services, make_ctx: MakeCtx) -> None:
    await _custom(make_ctx)
    alice = make_ctx("alice")
    for i in range(caps.MAX_UNITS):
        await service.add_unit(alice, f"u{i}", None, {})
    assert len((await state_of(services)).units) == caps.MAX_UNITS == 200
    text = await refused(
        services,
        lambda: service.add_unit(alice, "one more", None, {}),
        "tracker.error.too_many_units",
    )
    assert text.startswith("На столе уже 200 отрядов")
    # Below the cap again, a unit may be added.
    await service.remove_unit(alice, "u0")
    await service.add_unit(alice, "one more", None, {})
    assert len((await state_of(services)).units) == caps.MAX_UNITS


async def test_units_ever_made_are_capped_too(
    services: Services, make_ctx: MakeCtx, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(caps, "MAX_UNIT_ROWS", 4)
    await _custom(make_ctx)
    alice = make_ctx("alice")
    for i in range(4):  # add and remove: rows stay, since undo can bring them back
        await service.add_unit(alice, f"u{i}", None, {})
        if i < 3:
            await service.remove_unit(alice, f"u{i}")
    assert len((await state_of(services)).units) == 1
    await refused(
        services,
        lambda: service.add_unit(alice, "u9", None, {}),
        "tracker.error.too_many_unit_rows",
    )


async def test_kinds_of_tokens_and_counters_on_one_holder(
    services: Services, make_ctx: MakeCtx
) -> None:
    await _custom(make_ctx)
    alice = make_ctx("alice")
    have = len((await state_of(services)).participants[0].counters)  # life
    for i in range(caps.MAX_KINDS - have):
        await service.token(alice, "alice", f"tok{i}", 1)
    me = (await state_of(services)).participants[0]
    assert len(me.counters) + len(me.tokens) == caps.MAX_KINDS == 50
    text = await refused(
        services,
        lambda: service.token(alice, "alice", "tok-new", 1),
        "tracker.error.too_many_kinds",
    )
    assert "alice" in text and "50" in text
    # An on-the-fly counter is a kind too.
    await refused(
        services, lambda: service.add(alice, "alice", "vp", 1), "tracker.error.too_many_kinds"
    )
    # Tokens it already has still move; another holder is not affected.
    await service.token(alice, "alice", "tok0", 2)
    await service.token(alice, "bob", "tok-new", 1)


async def test_tokens_of_one_kind_stop_at_their_bound(
    services: Services, make_ctx: MakeCtx
) -> None:
    await _custom(make_ctx)
    alice = make_ctx("alice")
    await service.token(alice, "alice", "огонь", caps.MAX_TOKENS)
    text = await refused(
        services, lambda: service.token(alice, "alice", "огонь", 1), "tracker.error.bounds"
    )
    assert str(caps.MAX_TOKENS) in text


async def test_steps_kept_at_the_cap_and_over_it(
    services: Services, make_ctx: MakeCtx, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(caps, "MAX_STEPS", 6)
    await _custom(make_ctx)  # the start is step 1
    alice = make_ctx("alice")
    for _ in range(5):
        await service.add(alice, "alice", "life", -1)
    game = (await state_of(services)).game.id
    assert await services.storage.tracker.step_count(game) == caps.MAX_STEPS
    text = await refused(
        services, lambda: service.add(alice, "alice", "life", -1), "tracker.error.too_many_steps"
    )
    assert "уже 6 шагов" in text
    # The current state is kept whole, undo and redo still work, and the game can be ended.
    assert (await state_of(services)).participants[0].value("life") == 15
    state, _ = await service.undo(alice, 1)
    assert state.participants[0].value("life") == 16
    await service.redo(alice)
    out = await service.end(alice)
    assert out.state.status == "ended"


def test_the_refusals_have_both_languages() -> None:
    for key in ("too_many_units", "too_many_unit_rows", "too_many_kinds", "too_many_steps"):
        ru = t(f"tracker.error.{key}", "ru", max=7, target="x")
        en = t(f"tracker.error.{key}", "en", max=7, target="x")
        assert "7" in ru and "7" in en and ru != en
