"""Table rules from the second QA pass: a destroyed unit is frozen, Tainted counts as damage,
plain words for going below zero, required creature life, and friendlier stale buttons."""

from __future__ import annotations

from collections.abc import Awaitable, Callable

from bot.console import Console
from bot.context import Services
from bot.handlers.tracker import ac_token
from bot.i18n import t
from bot.registry import load_handlers, run_action
from bot.reply import Button, Kind
from bot.tracker import service
from bot.tracker.describe import note_line, plural
from bot.tracker.live import render_live
from bot.tracker.service import Note
from tests.tracker.conftest import BOB, MakeCtx, unchanged, unit


async def bar_of(console: Console, name: str) -> str:
    """The life figure (`5/8`) of unit `name` on the board `/game show` prints."""
    board = await console.execute("/game show")
    line = next(ln for ln in board.splitlines() if ln.startswith(f"• {name} "))
    return next(word for word in line.split() if "/" in word)


async def refused(
    services: Services, action: Callable[[], Awaitable[object]], key: str, lang: str = "ru"
) -> str:
    """Run `action`, expect UserError `key`; state and log unmoved. Returns the text shown."""
    err = await unchanged(services, action, key)
    return t(err.key, lang, **err.params)


# --- 1: a destroyed unit refuses every change but removal and undo -----------------------------


async def test_a_destroyed_unit_refuses_set_token_dmg_and_heal(
    services: Services, make_ctx: MakeCtx, console: Console
) -> None:
    alice = make_ctx("alice")
    await service.start(alice, "mage-wars", [BOB], {"life": 20})
    await console.execute("/unit add name:Волк owner:bob life:3")
    out = await console.execute("/dmg target:Волк amount:3")
    assert "💀" in out
    for action in (
        lambda: service.set_value(alice, "Волк", "урон", 0),
        lambda: service.add(alice, "Волк", "броня", 1),
        lambda: service.token(alice, "Волк", "горение", 1),
        lambda: service.clear_tokens(alice, "Волк"),
        lambda: service.rename_unit(alice, "Волк", "Пёс"),
        lambda: service.damage(alice, "Волк", 1),
        lambda: service.heal(alice, "Волк", 1),
    ):
        text = await refused(services, action, "tracker.error.destroyed")
        assert "Волк уже вне игры" in text
        assert "/отряд убрать" in text and "/игра отменить" in text
    for line in (
        "/set target:Волк stat:урон value:0",
        "/token add target:Волк token:горение count:1",
    ):
        assert (await console.execute(line)).startswith("✖")
    removed = await service.remove_unit(alice, "Волк")
    assert not any(u.name == "Волк" for u in removed.state.units)
    state, _ = await service.undo(alice)
    assert unit(state, "Волк").destroyed


# --- 2: Mage Wars Tainted counts as 3 damage that cannot be healed -----------------------------


async def test_tainted_counts_three_damage_each_for_the_bar_destruction_and_healing(
    services: Services, make_ctx: MakeCtx, console: Console
) -> None:
    alice = make_ctx("alice")
    await service.start(alice, "mage-wars", [BOB], {"life": 20})
    await service.add_unit(alice, "Волк", None, {"life": 8})
    out = await service.token(alice, "Волк", "разложение", 1)
    assert not out.notes and await bar_of(console, "Волк") == "5/8"
    await service.damage(alice, "Волк", 2)
    out = await service.heal(alice, "Волк", 10)  # heals the 2, never the Tainted 3
    assert [(c.before, c.after) for c in out.changes] == [(2, 0)]
    assert await bar_of(console, "Волк") == "5/8"
    out = await service.token(alice, "Волк", "разложение", 1)  # 6 of 8
    out = await service.damage(alice, "Волк", 5)  # only 2 more fit
    assert [(c.before, c.after) for c in out.changes] == [(0, 2)]
    assert [n.key for n in out.notes] == ["tracker.note.destroyed"]
    assert unit(out.state, "Волк").destroyed


async def test_a_tainted_token_alone_can_destroy_and_its_removal_restores_life(
    services: Services, make_ctx: MakeCtx, console: Console
) -> None:
    alice = make_ctx("alice")
    await service.start(alice, "mage-wars", [BOB], {"life": 20})
    await service.add_unit(alice, "Бес", None, {"life": 4})
    await service.token(alice, "Бес", "tainted", 1)
    out = await service.token(alice, "Бес", "tainted", -1)  # removed by a spell: life back
    assert await bar_of(console, "Бес") == "4/4"
    await service.damage(alice, "Бес", 2)
    out = await service.token(alice, "Бес", "tainted", 1)  # 2 + 3 ≥ 4
    assert [n.key for n in out.notes] == ["tracker.note.destroyed"]


# --- 3: going below zero is said in plain words ------------------------------------------------


async def test_spending_more_than_there_is_says_not_enough(
    services: Services, make_ctx: MakeCtx, console: Console
) -> None:
    alice = make_ctx("alice")
    await service.start(alice, "mage-wars", [BOB], {"life": 20})
    text = await refused(services, lambda: service.mana(alice, -1000), "tracker.error.short_mana")
    assert text == "Не хватает маны: у игрока alice — 10, нужно 1000. Ничего не изменено."
    out = await console.execute("/mana amount:-1000")
    assert "Не хватает маны" in out and "вне пределов" not in out
    await service.end(alice)
    await service.start(alice, "conquest", [BOB], {"hale": 7, "bloodied": 4})
    await service.add(alice, "bob", "resources", 5)
    text = await refused(
        services,
        lambda: service.add(alice, "bob", "resources", -6),
        "tracker.error.short_resources",
    )
    assert text == "Не хватает ресурсов: у игрока bob — 5, нужно 6. Ничего не изменено."
    en = await refused(
        services,
        lambda: service.add(alice, "bob", "resources", -6),
        "tracker.error.short_resources",
        "en",
    )
    assert en == "Not enough resources: bob has 5, 6 needed. Nothing changed."
    text = await refused(
        services, lambda: service.add(alice, "bob", "damage", -2), "tracker.error.below_zero"
    )
    assert "снять 2 нельзя" in text and "вне пределов" not in text


async def test_minus_damage_buttons_take_off_what_there_is(
    services: Services, make_ctx: MakeCtx
) -> None:
    load_handlers()
    alice = make_ctx("alice")
    await service.start(alice, "mage-wars", [BOB], {"life": 20})
    state = await service.damage(alice, "alice", 3)
    minus5 = next(
        a
        for a in render_live(state.state).actions
        if isinstance(a, Button) and a.label == "−5 урон"
    )
    await run_action(alice, minus5.action, minus5.payload)
    after = await service.load_state(services.storage, alice.channel_id)
    assert after is not None and unit(after, "alice").value("damage") == 0
    events = await services.storage.tracker.event_count(after.game.id)
    reply = await run_action(alice, minus5.action, minus5.payload)
    assert (
        reply.kind is Kind.ERROR
        and reply.body == "alice · урон: уже 0, снимать нечего. Ничего не изменено."
    )
    assert await services.storage.tracker.event_count(after.game.id) == events


# --- 4: a Mage Wars or Conquest creature needs its life ----------------------------------------


async def test_unit_add_without_life_is_refused_where_the_card_gives_it(
    services: Services, make_ctx: MakeCtx, console: Console
) -> None:
    alice = make_ctx("alice")
    await service.start(alice, "mage-wars", [BOB], {"life": 20})
    text = await refused(
        services, lambda: service.add_unit(alice, "Волк", BOB, {}), "tracker.error.unit_needs_life"
    )
    assert text == (
        "Укажите жизнь для «Волк»: в Mage Wars параметр «жизнь» у /отряд добавить обязателен"
        " (например, жизнь:5). Ничего не изменено."
    )
    assert "«жизнь»" in await console.execute("/unit add name:Волк")
    out = await service.add_unit(alice, "Волк", BOB, {"life": 3})
    assert unit(out.state, "Волк").value("life") == 3
    await service.end(alice)
    await service.start(alice, "conquest", [BOB], {"hale": 7, "bloodied": 4})
    en = await refused(
        services,
        lambda: service.add_unit(alice, "Scout", None, {"armor": 1}),
        "tracker.error.unit_needs_life",
        "en",
    )
    assert "“life” option of /unit add is required" in en
    await service.end(alice)
    await service.start(alice, "keyforge", [BOB], {})
    out = await service.add_unit(alice, "Krump", None, {})  # KeyForge: power defaults to 1
    assert unit(out.state, "Krump").value("power") == 1


# --- 5: a button of a game that just ended points to /game undo --------------------------------


async def test_buttons_of_a_just_ended_game_point_to_undo(
    services: Services, make_ctx: MakeCtx
) -> None:
    load_handlers()
    alice = make_ctx("alice")
    started = await service.start(alice, "mage-wars", [BOB], {"life": 20})
    undo = next(
        a
        for a in render_live(started.state).actions
        if isinstance(a, Button) and a.action == "live.undo"
    )
    out = await service.damage(alice, "bob", 20)
    assert out.state.winner is not None
    reply = await run_action(alice, undo.action, undo.payload)
    assert reply.kind is Kind.ERROR and "/игра отменить" in reply.body
    assert "/игра показать" not in reply.body
    state, _ = await service.undo(alice)
    assert state.game.active
    await service.end(alice)
    await service.start(alice, "keyforge", [BOB], {})  # a newer game: the old button is stale
    reply = await run_action(alice, undo.action, undo.payload)
    assert "/игра показать" in reply.body


# --- 6: counted words agree with their number --------------------------------------------------


def test_plural_forms_in_english_and_russian() -> None:
    key = "tracker.plural.tokens_left"
    assert [plural(key, n, "en") for n in (0, 1, 2)] == [
        "0 tokens left",
        "1 token left",
        "2 tokens left",
    ]
    assert [plural(key, n, "ru") for n in (1, 3, 5, 11, 21, 22, 112)] == [
        "остался 1 жетон",
        "осталось 3 жетона",
        "осталось 5 жетонов",
        "осталось 11 жетонов",
        "остался 21 жетон",
        "осталось 22 жетона",
        "осталось 112 жетонов",
    ]
    burn = Note("tracker.note.burn", {"unit": "Волк", "rolls": "1 2", "damage": 1, "left": 1})
    assert note_line(burn, "en") == "🔥 Волк: Burn, dice [1 2] — 1 damage, 1 token left."
    assert note_line(burn, "ru") == "🔥 Волк: горение, кубики [1 2] — урон 1, остался 1 жетон."


async def test_export_counts_steps_in_words(make_ctx: MakeCtx, console: Console) -> None:
    await service.start(make_ctx("alice"), "mage-wars", [BOB], {"life": 20})
    out = await console.execute("/game export")
    assert "Партия целиком: 1 шаг, " in out


# --- 7: a custom game makes tokens on the fly --------------------------------------------------


async def test_custom_game_tokens_are_made_on_the_fly(
    services: Services, make_ctx: MakeCtx, console: Console
) -> None:
    alice = make_ctx("alice")
    await service.start(alice, "custom", [BOB], {"life": 20})
    out = await service.token(alice, "bob", "яд", 2)
    assert [(c.key, c.before, c.after) for c in out.changes] == [("яд", 0, 2)]
    out = await service.token(alice, "bob", "ЯД", -1)  # any case finds it again
    bob = next(p for p in out.state.participants if p.name == "bob")
    assert bob.value("яд") == 1 and [t.key for t in bob.tokens] == ["яд"]
    assert "яд" in await console.execute("/game show")
    assert [c.value for c in await ac_token(alice, "я", {})] == ["яд"]  # offered once made
    await service.add(alice, "bob", "VP", 1)
    for name in ("жизнь", "vp"):  # a counter is not a token

        async def as_token(n: str = name) -> object:
            return await service.token(alice, "bob", n, 1)

        await refused(services, as_token, "tracker.error.no_token")
    await refused(
        services,
        lambda: service.token(alice, "bob", "я" * 33, 1),
        "tracker.error.name_too_long",
    )
    await service.end(alice)
    await service.start(alice, "keyforge", [BOB], {})  # a game with its own tokens: no new ones
    await refused(services, lambda: service.token(alice, "bob", "яд", 1), "tracker.error.no_token")


# --- 8: Conquest calls its units «отряд» -------------------------------------------------------


async def test_conquest_announces_a_squad_and_mage_wars_a_creature(
    make_ctx: MakeCtx, console: Console
) -> None:
    alice = make_ctx("alice")
    await service.start(alice, "conquest", [BOB], {"hale": 7, "bloodied": 4})
    out = await console.execute("/unit add name:Scouts life:2")
    assert "Новый отряд: Scouts (владелец alice)." in out and "существо" not in out
    await service.end(alice)
    await service.start(alice, "mage-wars", [BOB], {"life": 20})
    out = await console.execute("/unit add name:Волк life:3")
    assert "Новое существо: Волк" in out
