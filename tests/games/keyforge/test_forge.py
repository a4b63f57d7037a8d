"""KeyForge: forging keys with Æmber, the key cost, the third key wins."""

from __future__ import annotations

import pytest

from bot.console import Console
from bot.context import Services
from bot.games.keyforge.ui.commands import forge
from bot.handlers import tracker_ops as service
from bot.registry import UserError
from tests.helpers.tracker import BOB, CHANNEL, MakeCtx, refused


async def test_keyforge_check_forge_and_third_key(services: Services, make_ctx: MakeCtx) -> None:
    alice, bob = make_ctx("alice"), make_ctx("bob")
    await service.start(alice, "keyforge", [BOB], {})
    await service.add(alice, "bob", "янтарь", 6)
    out = await service.next_round(alice)
    # alice cannot pay a key at the end of her turn: no Check!; bob has the Æmber, so his key is
    # forged as his turn begins: forging is not optional (playtest 6 slip K3).
    assert [n.key for n in out.notes] == [
        "tracker.note.hand",
        "tracker.note.round_turn",  # bob's turn is turn 2: each player's turn counts
        "tracker.note.turn",
        "tracker.note.kf_forged_at_start",
    ]
    assert out.notes[1].params == {"round": 2}
    assert out.notes[3].params == {"name": "bob", "cost": 6, "keys": 1}
    assert {(c.key, c.after) for c in out.changes} >= {("aember", 0), ("keys", 1)}
    try:
        await forge(bob)
    except UserError as err:
        assert err.key == "tracker.error.cannot_forge"
    await service.set_value(alice, "bob", "keys", 2)
    await service.set_value(alice, "bob", "aember", 7)
    await service.set_value(alice, "bob", "keycost", 7)
    # the turn's key comes at his next «Ковка ключа» step, where the third key wins
    await service.next_round(bob)
    out = await service.next_round(alice)
    assert out.notes[-1].key == "tracker.note.winner" and out.notes[-1].params == {"name": "bob"}
    assert out.state.status == "ended"


async def test_key_cost_is_at_least_one(
    services: Services, make_ctx: MakeCtx, console: Console
) -> None:
    with pytest.raises(UserError) as err:
        await service.start(make_ctx("alice"), "keyforge", [], {"keycost": 0})
    assert err.value.key == "error.out_of_range" and err.value.params["min"] == 1
    assert await service.load_state(services.storage, CHANNEL) is None
    out = await console.execute("/game start game:keyforge keycost:0")
    assert out.startswith("✖") and await service.load_state(services.storage, CHANNEL) is None
    await service.start(make_ctx("alice"), "keyforge", [BOB], {"keycost": 7})
    text = await refused(
        services,
        lambda: service.set_value(make_ctx("alice"), "bob", "keycost", 0),
        "tracker.error.bounds",
    )
    assert "вне пределов (1…50)" in text
