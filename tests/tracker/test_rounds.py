"""Each template's `/game next` with seeded dice."""

from __future__ import annotations

import random

from bot.context import Services, UserRef
from bot.games.mage_wars.dice import roll_burn
from bot.registry import UserError
from bot.tracker import service
from bot.tracker.model import keyforge_chain_penalty
from tests.tracker.conftest import BOB, MakeCtx, state_of, unit


async def test_mage_wars_channeling_then_upkeep(services: Services, make_ctx: MakeCtx) -> None:
    alice = make_ctx("alice")
    await service.start(alice, "mage-wars", [BOB], {"life": 30, "channeling": 8})
    await service.add_unit(alice, "Тролль", None, {"life": 12, "regenerate": 2})
    await service.add_unit(alice, "Волк", BOB, {"life": 6})
    await service.damage(alice, "Тролль", 3)
    for token, n in (("burn", 3), ("bleed", 1), ("rot", 1)):
        await service.token(alice, "Тролль", token, n)
    await service.token(alice, "Волк", "rot", 2)
    await service.mana(alice, -4)

    expected = roll_burn(3, random.Random(7))
    out = await service.next_round(alice, random.Random(7))
    state = out.state
    assert state.round == 2 and state.active_player is not None
    assert state.active_player.name == "bob"  # initiative passes
    # Channeling: alice 6 + 8, bob 10 + 8
    assert unit(state, "alice").value("mana") == 14 and unit(state, "bob").value("mana") == 18
    # Upkeep for the troll: Burn dice, Bleed 1, Rot 1, then Regenerate 2: one point removes the
    # Bleed token instead of a damage (seed 000 line 19), the other heals one damage.
    troll = unit(state, "Тролль")
    dealt = expected.damage + 2
    assert troll.value("damage") == 3 + dealt - 1
    assert troll.value("bleed") == 0
    assert troll.value("burn") == expected.tokens_left
    burn = next(n for n in out.notes if n.key == "tracker.note.burn")
    assert burn.params["rolls"] == " ".join(f.label() for f in expected.rolls)
    assert burn.params["damage"] == expected.damage
    assert unit(state, "Волк").value("damage") == 2
    keys = [n.key for n in out.notes]
    assert keys.index("tracker.note.burn") < keys.index("tracker.note.bleed")
    assert keys.index("tracker.note.rot") < keys.index("tracker.note.regenerate")
    # the whole round is one undoable step
    before, _ = await service.undo(alice)
    assert before.round == 1
    assert unit(before, "Тролль").value("damage") == 3
    assert unit(before, "Тролль").value("burn") == 3
    assert unit(before, "alice").value("mana") == 6


async def test_mage_wars_upkeep_can_destroy_and_end(services: Services, make_ctx: MakeCtx) -> None:
    alice = make_ctx("alice")
    await service.start(alice, "mage-wars", [BOB], {"life": 20})
    await service.damage(alice, "bob", 19)
    await service.token(alice, "bob", "rot", 1)
    await service.add_unit(alice, "Гидра", None, {"life": 3, "regenerate": 5})
    await service.damage(alice, "Гидра", 2)
    await service.token(alice, "Гидра", "bleed", 1)
    out = await service.next_round(alice, random.Random(1))
    keys = [n.key for n in out.notes]
    assert keys.count("tracker.note.destroyed") == 1
    assert out.notes[-1].key == "tracker.note.winner" and out.notes[-1].params == {"name": "alice"}
    # Bleed would kill the hydra (2 + 1 = 3), so Regenerate goes first, and says so: it removes
    # the Bleed token (which then deals nothing) and heals the 2 damage.
    hydra = unit(out.state, "Гидра")
    assert not hydra.destroyed and hydra.value("damage") == 0 and hydra.value("bleed") == 0
    assert "tracker.note.mw_regenerate_first" in keys
    assert out.state.status == "ended"


async def test_keyforge_check_forge_and_third_key(services: Services, make_ctx: MakeCtx) -> None:
    alice, bob = make_ctx("alice"), make_ctx("bob")
    await service.start(alice, "keyforge", [BOB], {})
    await service.add(alice, "bob", "янтарь", 6)
    out = await service.next_round(alice)
    # alice cannot pay a key at the end of her turn: no Check!; bob is reminded to forge first.
    assert [n.key for n in out.notes] == [
        "tracker.note.hand",
        "tracker.note.turn",
        "tracker.note.kf_forge_now",
    ]
    assert out.notes[2].params == {"name": "bob", "cost": 6}
    out = await service.forge(bob)
    assert {(c.key, c.after) for c in out.changes} == {("aember", 0), ("keys", 1)}
    try:
        await service.forge(bob)
    except UserError as err:
        assert err.key == "tracker.error.cannot_forge"
    await service.set_value(alice, "bob", "keys", 2)
    await service.set_value(alice, "bob", "aember", 7)
    await service.set_value(alice, "bob", "keycost", 7)
    out = await service.forge(bob)
    assert out.notes[-1].key == "tracker.note.winner" and out.notes[-1].params == {"name": "bob"}
    assert out.state.status == "ended"


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
    assert out.notes[0].params == {"name": "alice", "cards": 4, "chains": 8}
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


async def test_conquest_warlord_bloodied_then_defeated(
    services: Services, make_ctx: MakeCtx
) -> None:
    alice = make_ctx("alice")
    await service.start(alice, "conquest", [BOB], {"hale": 6, "bloodied": 3})
    out = await service.damage(alice, "bob", 7)
    assert [n.key for n in out.notes] == ["tracker.note.bloodied"]
    bob = unit(out.state, "bob")
    assert bob.value("bloodied") == 1 and bob.value("damage") == 0  # excess does not carry
    await service.add_item(alice, "planets", "Elouith")
    await service.add_item(make_ctx("bob"), "planets", "Tarrus")
    state = await state_of(services)
    assert state.participants[0].lists == {"planets": ("Elouith",)}
    out = await service.next_round(alice)
    assert out.state.round == 2 and out.state.active_player is not None
    assert out.state.active_player.name == "bob"
    out = await service.damage(alice, "bob", 3)
    assert [n.key for n in out.notes] == ["tracker.note.defeated", "tracker.note.winner"]
    assert out.notes[1].params == {"name": "alice"}


async def test_berserk_next_opens_the_new_players_creatures(
    services: Services, make_ctx: MakeCtx
) -> None:
    alice = make_ctx("alice")
    await service.start(alice, "berserk", [BOB], {})
    await service.add_unit(alice, "Гном", BOB, {"life": 4})
    await service.add_unit(alice, "Эльф", None, {"life": 3})
    await service.set_value(alice, "Гном", "закрыт", 1)
    await service.set_value(alice, "Эльф", "закрыт", 1)
    await service.token(alice, "Гном", "фишки", 2)
    await service.add(alice, "bob", "золото", 3)
    out = await service.next_round(alice)
    assert unit(out.state, "Гном").value("closed") == 0
    assert unit(out.state, "Эльф").value("closed") == 1
    out = await service.damage(alice, "Эльф", 3)
    assert out.changes[0].key == "wounds" and out.notes[0].key == "tracker.note.destroyed"
    out = await service.next_round(alice)
    assert out.state.round == 2  # the turn came back to the first seat


async def test_whfb_pools(services: Services, make_ctx: MakeCtx) -> None:
    alice = make_ctx("alice")
    await service.start(alice, "whfb", [BOB], {})
    await service.set_value(alice, "alice", "волшебники", 2)
    await service.set_pools(alice, None, power=7, dispel=None)
    await service.set_pools(alice, BOB, power=None, dispel=5)
    await service.spend_pool(alice, "power", 3)
    try:
        await service.spend_pool(alice, "power", 5)
    except UserError as err:
        assert err.key == "tracker.error.short_power"
    state = await state_of(services)
    assert state.participants[0].value("power") == 4
    assert state.participants[1].value("dispel") == 5
    out = await service.next_round(alice)
    assert all(p.value("power") == 0 and p.value("dispel") == 0 for p in out.state.participants)
    assert out.state.participants[0].value("wizards") == 2


async def test_custom_counters_on_the_fly(services: Services, make_ctx: MakeCtx) -> None:
    alice = make_ctx("alice")
    await service.start(alice, "custom", [BOB, UserRef.from_name("carol")], {"life": 20})
    await service.add(alice, "bob", "Poison", 3)
    await service.set_value(alice, "carol", "victory points", 5)
    out = await service.damage(alice, "bob", 4)
    assert out.changes[0].key == "life" and out.changes[0].after == 16
    state = await state_of(services)
    assert state.participants[1].value("poison") == 3
    assert state.participants[2].value("victory_points") == 5
    turns = []
    for _ in range(4):
        out = await service.next_round(alice)
        assert out.state.active_player is not None
        turns.append((out.state.round, out.state.active_player.name))
    assert turns == [(1, "bob"), (1, "carol"), (2, "alice"), (2, "bob")]
    await service.undo(alice, 6)  # the 4 turns, the damage and the victory points
    state = await state_of(services)
    assert state.round == 1 and "victory_points" not in [
        c.key for c in state.participants[2].counters
    ]


async def test_initiative_skips_players_whose_mage_fell(
    services: Services, make_ctx: MakeCtx
) -> None:
    alice = make_ctx("alice")
    others = [UserRef.from_name(n) for n in ("bob", "carol")]
    await service.start(alice, "mage-wars", others, {"life": 10})
    await service.damage(alice, "bob", 10)
    out = await service.next_round(alice, random.Random(3))
    assert out.state.active_player is not None and out.state.active_player.name == "carol"
