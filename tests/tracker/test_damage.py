"""Damage stops at a unit's life (no overkill), healing at zero, and undo restores exactly."""

from __future__ import annotations

import pytest

from bot.context import Services
from bot.handlers import tracker_ops as service
from bot.registry import UserError
from bot.tracker.templates import template
from tests.helpers.tracker import BOB, MakeCtx, state_of, unit


async def guard_game(make_ctx: MakeCtx) -> None:
    await service.start(make_ctx("alice"), "mage-wars", [BOB], {"life": 20})
    await service.add_unit(make_ctx("alice"), "Страж", None, {"life": 8})


async def test_overkill_stops_at_life_and_announces_destroyed(
    services: Services, make_ctx: MakeCtx
) -> None:
    await guard_game(make_ctx)
    await service.damage(make_ctx("alice"), "Страж", 3)
    before = await state_of(services)
    out = await service.damage(make_ctx("alice"), "Страж", 99)
    assert [(c.before, c.after) for c in out.changes] == [(3, 8)]
    assert [n.key for n in out.notes] == ["tracker.note.destroyed"]
    assert unit(out.state, "Страж").destroyed and unit(out.state, "Страж").value("damage") == 8
    state, _ = await service.undo(make_ctx("alice"))
    assert state == before  # exactly the prior state: damage 3, not destroyed


async def test_a_destroyed_unit_takes_no_more_damage_nor_healing(
    services: Services, make_ctx: MakeCtx
) -> None:
    await guard_game(make_ctx)
    await service.damage(make_ctx("alice"), "Страж", 8)
    before = await state_of(services)
    events = await services.storage.tracker.event_count(before.game.id)
    for call in (
        service.damage(make_ctx("alice"), "Страж", 1),
        service.heal(make_ctx("alice"), "Страж", 1),
        service.update_burn(make_ctx("alice"), "Страж", 2, 1),
    ):
        with pytest.raises(UserError) as err:
            await call
        assert err.value.key == "tracker.error.destroyed_kind.creature"
        assert "/игра отменить" in err.value.reply(make_ctx("alice")).body
    assert await state_of(services) == before
    assert await services.storage.tracker.event_count(before.game.id) == events


async def test_add_and_buttons_stop_at_life_too_and_set_above_life_is_refused(
    services: Services, make_ctx: MakeCtx
) -> None:
    await guard_game(make_ctx)
    out = await service.add(make_ctx("alice"), "Страж", "урон", 50)
    assert [(c.before, c.after) for c in out.changes] == [(0, 8)]
    await service.undo(make_ctx("alice"))
    with pytest.raises(UserError) as err:
        await service.set_value(make_ctx("alice"), "Страж", "урон", 9)
    assert err.value.key == "tracker.error.bounds" and err.value.params["max"] == 8
    out = await service.set_value(make_ctx("alice"), "Страж", "урон", 8)
    assert [n.key for n in out.notes] == ["tracker.note.destroyed"]


async def test_heal_stops_at_zero_damage(services: Services, make_ctx: MakeCtx) -> None:
    await guard_game(make_ctx)
    await service.damage(make_ctx("alice"), "Страж", 2)
    out = await service.heal(make_ctx("alice"), "Страж", 10)
    assert [(c.before, c.after) for c in out.changes] == [(2, 0)]
    state, _ = await service.undo(make_ctx("alice"))
    assert unit(state, "Страж").value("damage") == 2


async def test_custom_life_stops_at_zero(services: Services, make_ctx: MakeCtx) -> None:
    await service.start(make_ctx("alice"), "custom", [BOB], {"life": 20})
    out = await service.damage(make_ctx("alice"), "bob", 50)
    assert [(c.before, c.after) for c in out.changes] == [(20, 0)]


async def test_a_players_name_reaches_their_counters_past_their_warlord(
    services: Services, make_ctx: MakeCtx
) -> None:
    await service.start(make_ctx("alice"), "conquest", [BOB], {"hale": 5, "bloodied": 3})
    out = await service.add(make_ctx("alice"), "alice", "ресурсы", 4)
    assert [(c.holder, c.key, c.after) for c in out.changes] == [("alice", "resources", 4)]
    out = await service.add(make_ctx("alice"), "alice", "damage", 1)  # the warlord's damage
    assert [(c.key, c.after) for c in out.changes] == [("damage", 1)]


async def test_unknown_stat_lists_the_stats_by_their_names(
    services: Services, make_ctx: MakeCtx
) -> None:
    await service.start(make_ctx("alice"), "keyforge", [BOB], {})
    with pytest.raises(UserError) as err:
        await service.add(make_ctx("alice", lang="en"), "alice", "foo", 1)
    assert "Æmber, keys, chains, key cost" in err.value.reply(make_ctx("alice", lang="en")).body


def test_life_left_counts_the_damage_tokens_and_stops_at_zero() -> None:
    """The board, the change lines and Conquest's shield note read life left one way: the whole
    less the damage counter and what Tainted counts as (3 each, seed 000)."""
    mw = template("mage-wars")
    assert mw.life_left({"life": 10, "damage": 2, "tainted": 1}) == (5, 10)
    assert mw.life_left({"life": 10, "damage": 9, "tainted": 1}) == (0, 10)
    assert mw.life_left({"damage": 4}) == (0, 0)  # no toughness: no whole to measure against
