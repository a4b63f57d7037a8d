"""Issue 18, defect 4: a per-user budget on heavy commands (big rolls, exports, `/game show` of
a big game), refused privately in words with the seconds to wait; other users are unaffected."""

from __future__ import annotations

import pytest

from bot.context import Ctx, Services, UserRef
from bot.handlers import tracker_ops as service
from bot.handlers.dice import roll
from bot.handlers.tracker_export import game_export
from bot.handlers.tracker_live import show
from bot.i18n import t
from bot.ratelimit import HEAVY_UNITS, Budget, RateLimited, RateLimits
from bot.registry import UserError
from tests.helpers.clock import FakeClock
from tests.helpers.tracker import CHANNEL


def ctx_of(services: Services, name: str = "alice", lang: str = "ru") -> Ctx:
    return Ctx(services, UserRef.from_name(name), CHANNEL, 1, lang)


def test_a_budget_refuses_past_its_amount_and_says_when_to_retry() -> None:
    limits = RateLimits({"x": Budget(3, 60.0)})
    for at in (0.0, 10.0, 20.0):
        limits.take("x", 1, at)
    with pytest.raises(RateLimited) as err:
        limits.take("x", 1, 30.0)
    assert err.value.retry_after == pytest.approx(30.0)  # the first one leaves at 60
    limits.take("x", 2, 30.0)  # another user has their own budget
    limits.take("x", 1, 60.0)  # the first one has left the window
    with pytest.raises(RateLimited):
        limits.take("x", 1, 61.0)
    # Units: a request waits until enough of what was spent has left.
    dice = RateLimits({"d": Budget(100, 60.0)})
    dice.spend("d", 1, 0.0, 60)
    dice.spend("d", 1, 5.0, 40)
    dice.check("d", 1, 6.0, 0)  # at the budget, not over it: still taken
    with pytest.raises(RateLimited) as err:
        dice.check("d", 1, 6.0, 50)
    assert err.value.retry_after == pytest.approx(54.0)  # 60 units free at 60 s
    RateLimits({}).take("anything", 1, 0.0, 10**9)  # no budget: no limit


async def test_big_rolls_are_limited_per_user(services: Services, clock: FakeClock) -> None:
    for _ in range(5):  # 5,000 dice in a minute
        await roll(ctx_of(services), "1000d6")
    with pytest.raises(UserError) as err:
        await roll(ctx_of(services), "1d6")
    assert err.value.key == "error.rate.dice"
    text = t(err.value.key, "ru", **err.value.params)
    assert text == "Слишком много костей за минуту. Следующий бросок — через 60 с."
    await roll(ctx_of(services, "bob"), "1000d6")  # bob has his own budget
    clock.advance(61)
    await roll(ctx_of(services), "3d6")
    # Small rolls never come near it.
    for _ in range(50):
        await roll(ctx_of(services, "carol"), "2d6")


async def test_exports_are_limited_per_user(services: Services, clock: FakeClock) -> None:
    await service.start(ctx_of(services), "custom", [], {"life": 20})
    for _ in range(3):
        await game_export(ctx_of(services))
    with pytest.raises(UserError) as err:
        await game_export(ctx_of(services, lang="en"))
    assert err.value.key == "error.rate.export"
    en = t(err.value.key, "en", **err.value.params)
    assert en == "Exports are limited to three a minute. Try again in 60 s."
    clock.advance(30)
    await game_export(ctx_of(services, "bob"))
    clock.advance(31)
    await game_export(ctx_of(services))


async def test_showing_a_big_game_is_limited_a_small_one_is_not(
    services: Services, clock: FakeClock
) -> None:
    alice = ctx_of(services)
    await service.start(alice, "custom", [], {"life": 20})
    for _ in range(20):
        await show(alice)  # a small game: shown as often as asked
    for i in range(HEAVY_UNITS):
        await service.add_unit(alice, f"u{i}", None, {})
    for _ in range(12):
        await show(alice)
    with pytest.raises(UserError) as err:
        await show(alice)
    assert err.value.key == "error.rate.show"
    clock.advance(60)
    await show(alice)
