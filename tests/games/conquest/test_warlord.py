"""Conquest: a Warlord is bloodied at its HP, then defeated; damage stops at the current side."""

from __future__ import annotations

from bot.console import Console
from bot.context import Services
from bot.handlers import tracker_ops as service
from bot.handlers.tracker import outcome_reply
from bot.handlers.tracker_layout import render_live
from bot.tracker.templates import template
from tests.helpers.tracker import BOB, MakeCtx, state_of, unit


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


async def test_a_warlord_takes_damage_up_to_its_current_side(
    services: Services, make_ctx: MakeCtx
) -> None:
    await service.start(make_ctx("alice"), "conquest", [BOB], {"hale": 5, "bloodied": 3})
    out = await service.damage(make_ctx("alice"), "bob", 40)
    assert [n.key for n in out.notes] == ["tracker.note.bloodied"]  # not defeated at once
    assert unit(out.state, "bob").value("damage") == 0
    out = await service.damage(make_ctx("alice"), "bob", 40)
    assert unit(out.state, "bob").value("damage") == 3
    assert out.state.winner is not None and out.state.winner.name == "alice"


async def test_conquest_says_bloodied_as_the_rules_do(
    services: Services, make_ctx: MakeCtx
) -> None:
    alice = make_ctx("alice")
    tpl = template("conquest")
    assert tpl.label("bloodied", "ru") == "окровавлен"
    assert tpl.label("bloodied_hp", "ru") == "окровавленный"  # playtest 10 C3
    assert tpl.resolve_stat("здоровье окровавленной стороны") == "bloodied_hp"  # the old name
    assert tpl.resolve_stat("ранен") == "bloodied"  # the old word still finds it
    await service.start(alice, "conquest", [BOB], {"hale": 6, "bloodied": 3})
    out = await service.damage(alice, "bob", 6)
    text = outcome_reply(alice, out).body
    # the flip is told by the note, under the Warlord's word: «окровавлен» never agrees with «bob»
    assert "Военачальник игрока bob окровавлен:" in text and "ранен" not in text
    assert "на окровавленную сторону (❤ 3/3)" in text and "bob · окровавлен" not in text
    board = "\n".join(f.value for f in render_live(out.state, "ru").fields)
    assert "окровавлен" in board and "ранен" not in board


async def test_conquest_refusals_name_the_warlord_and_the_seats(console: Console) -> None:
    """Playtest 4, slips 31 and 32: the start asks for both sides of the warlord's card, and a
    third seat names who sits and the fix (играю:нет), in the asker's language."""
    console.lang = "ru"
    out = await console.execute("/игра начать игра:conquest игрок1:Аня игрок2:Борис")
    assert (
        "очки здоровья военачальника на обеих сторонах карты — здоровой и окровавленной: "
        "здоровье:7 окровавленный:4" in out
    )
    out = await console.execute(
        "/игра начать игра:conquest игрок1:Аня игрок2:Борис здоровье:7 окровавленный:4 играю:да"
    )
    assert "за столом оказались бы" in out and "Аня, Борис" in out and "играю:нет" in out
    out = await console.execute(
        "/игра начать игра:conquest игрок1:Аня здоровье:7 окровавленный:4 играю:нет"
    )
    assert "✔" in out
    out = await console.execute("/игра войти")
    assert "✔" in out
    console.user = "Вася"
    out = await console.execute("/игра войти")
    assert "за столом уже сидят" in out and "Ничего не изменено" in out
