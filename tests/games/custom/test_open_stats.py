"""The custom game: stats and tokens made on the fly, named as typed, matched in any case."""

from __future__ import annotations

from bot.console import Console
from bot.context import Services, UserRef
from bot.handlers import tracker_ops as service
from bot.handlers.tracker import ac_token, outcome_reply
from bot.handlers.tracker_layout import render_live
from tests.helpers.tracker import BOB, MakeCtx, refused, state_of


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


async def test_custom_stat_names_are_cleaned_and_bounded(
    services: Services, make_ctx: MakeCtx
) -> None:
    alice = make_ctx("alice")
    await service.start(alice, "custom", [BOB], {"life": 20})
    text = await refused(
        services, lambda: service.add(alice, "bob", "V" * 33, 1), "tracker.error.name_too_long"
    )
    assert "не более 32 символов" in text
    await refused(
        services, lambda: service.add(alice, "bob", "\x07\x08", 1), "tracker.error.bad_name"
    )
    out = await service.add(alice, "bob", "Яд\x07\nсильный", 2)
    assert out.changes[0].key == "Яд_сильный"
    assert outcome_reply(alice, out).body == "bob · Яд сильный: 0 → 2"


async def test_custom_stats_keep_their_case_and_match_any_case(
    services: Services, make_ctx: MakeCtx, console: Console
) -> None:
    await console.execute("/game start game:custom player1:bob")
    out = await console.execute("/add target:bob stat:VP amount:1")
    assert "bob · VP: 0 → 1" in out
    out = await console.execute("/add target:bob stat:vp amount:2")
    assert "bob · VP: 1 → 3" in out
    state = await state_of(services)
    bob = state.participants[1]
    assert [c.key for c in bob.counters] == ["VP"] and bob.value("vp") == 3
    board = render_live(state, "ru")
    assert "VP 3" in board.fields[1].value
    alice = make_ctx("alice")
    changed = await service.set_value(alice, "bob", "vP", 5)
    assert changed.changes[0].key == "VP" and changed.changes[0].after == 5


async def test_two_spellings_of_a_new_stat_in_a_row_make_one_counter(
    services: Services, make_ctx: MakeCtx
) -> None:
    """The second spelling is matched inside the step, even against a snapshot without it."""
    alice = make_ctx("alice")
    await service.start(alice, "custom", [BOB], {})
    stale = await state_of(services)
    await service.add(alice, "bob", "Очки", 1)
    state = await state_of(services)
    assert stale != state
    await service.add(alice, "bob", "ОЧКИ", 1)
    bob = (await state_of(services)).participants[1]
    assert [(c.key, c.value) for c in bob.counters] == [("Очки", 2)]


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
    # a counter is not a token; a stat of the game's, or one made on the fly (`VP`), is told
    # so, with how to set it (B8; playtest 6, G2: never «можно класть: —»)
    for name, key in (("жизнь", "token_is_stat"), ("vp", "token_is_stat")):

        async def as_token(n: str = name) -> object:
            return await service.token(alice, "bob", n, 1)

        await refused(services, as_token, f"tracker.error.{key}")
    await refused(
        services,
        lambda: service.token(alice, "bob", "я" * 33, 1),
        "tracker.error.name_too_long",
    )
    await service.end(alice)
    await service.start(alice, "keyforge", [BOB], {})  # a game with its own tokens: no new ones
    await refused(
        services, lambda: service.token(alice, "bob", "яд", 1), "tracker.error.no_token_keyforge"
    )
