"""KeyForge: chains lower the draw, one is shed after drawing, undo puts it back."""

from __future__ import annotations

from bot.console import Console
from bot.context import Services
from bot.games.keyforge.rules import chain_penalty as keyforge_chain_penalty
from bot.handlers import tracker_ops as service
from bot.handlers.tracker import outcome_reply
from tests.helpers.tracker import BOB, MakeCtx, state_of


async def test_keyforge_chains_and_creatures(services: Services, make_ctx: MakeCtx) -> None:
    assert [keyforge_chain_penalty(n) for n in (0, 1, 6, 7, 12, 13, 18, 19, 24)] == [
        0,
        1,
        1,
        2,
        2,
        3,
        3,
        4,
        4,
    ]
    alice = make_ctx("alice")
    await service.start(alice, "keyforge", [BOB], {"keycost": 8})
    await service.set_value(alice, "alice", "цепи", 8)
    out = await service.next_round(alice)
    assert out.notes[0].params == {
        "name": "alice",
        "cards": 4,
        "penalty": 2,
        "before": 8,
        "after": 7,
    }
    await service.add_unit(alice, "Troll", None, {"power": 8})
    await service.token(alice, "Troll", "жетон силы", 2)
    await service.token(alice, "Troll", "оберег", 1)
    await service.token(alice, "Troll", "захваченный янтарь", 3)
    out = await service.damage(alice, "Troll", 9)
    assert [n.key for n in out.notes] == ["tracker.note.kf_ward"]  # ward cancels the damage
    out = await service.damage(alice, "Troll", 9)
    assert out.notes == []  # 9 < 8 + 2 power tokens
    out = await service.damage(alice, "Troll", 1)
    assert out.notes[0].key == "tracker.note.destroyed"
    # seed 004 line 75: the captured Æmber goes to the opponent's pool
    assert out.notes[1].key == "tracker.note.kf_captured_back"
    bob = next(p for p in out.state.participants if p.name == "bob")
    assert bob.value("aember") == 3


async def test_keyforge_sheds_one_chain_after_drawing_and_undo_puts_it_back(
    services: Services, make_ctx: MakeCtx, console: Console
) -> None:
    alice = make_ctx("alice")
    await service.start(alice, "keyforge", [BOB], {})
    await service.set_value(alice, "alice", "цепи", 8)
    out = await service.next_round(alice)
    # Playtest 8 slip K3: one line for the draw and the shed chain; the change is not repeated.
    assert out.notes[0].key == "tracker.note.kf_hand_chains"
    assert out.notes[0].params == {
        "name": "alice",
        "cards": 4,
        "penalty": 2,
        "before": 8,
        "after": 7,
    }
    assert [(c.holder, c.key, c.before, c.after) for c in out.changes] == [
        ("alice", "chains", 8, 7)
    ]
    assert out.state.participants[0].value("chains") == 7
    body = outcome_reply(alice, out).body
    assert "⛓ alice добирает до 4 карт (цепи −2) и сбрасывает одну цепь: 8 → 7." in body
    assert "цепей" not in body and "alice · цепи" not in body
    # bob has no chains: his turn sheds nothing.
    out = await service.next_round(make_ctx("bob"))
    assert out.changes == [] and out.notes[0].key == "tracker.note.hand"
    assert "bob добирает до 6 карт." in outcome_reply(make_ctx("bob"), out).body
    await service.undo(alice, 2)
    state = await state_of(services)
    assert state.participants[0].value("chains") == 8 and state.active_player is not None
    assert state.active_player.name == "alice"
