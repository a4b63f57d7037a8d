"""Two-player games (Conquest, KeyForge) seat two: a third is refused at start and at join."""

from __future__ import annotations

import pytest

from bot.context import Services, UserRef
from bot.handlers import tracker_ops as service
from bot.registry import UserError
from tests.helpers.tracker import BOB, CHANNEL, MakeCtx, state_of

CAROL = UserRef.from_name("carol")


async def test_conquest_start_with_three_players_is_refused(
    services: Services, make_ctx: MakeCtx
) -> None:
    with pytest.raises(UserError) as err:
        await service.start(make_ctx("alice"), "conquest", [BOB, CAROL], {"hale": 7, "bloodied": 4})
    assert "вдвоём" in make_ctx("alice").t(err.value.key, **err.value.params)
    assert await service.load_state(services.storage, CHANNEL) is None  # nothing was created


async def test_a_third_player_cannot_join_keyforge(services: Services, make_ctx: MakeCtx) -> None:
    await service.start(make_ctx("alice"), "keyforge", [BOB], {})
    with pytest.raises(UserError):
        await service.join(make_ctx("carol"))
    assert [p.name for p in (await state_of(services)).participants] == ["alice", "bob"]


async def test_mage_wars_seats_more_than_two(services: Services, make_ctx: MakeCtx) -> None:
    await service.start(make_ctx("alice"), "mage-wars", [BOB, CAROL], {"life": 20})
    assert len((await state_of(services)).participants) == 3
