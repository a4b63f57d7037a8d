"""The tracker as handlers call it: refusals change nothing, access is checked, undo works."""

from __future__ import annotations

import json
from collections.abc import Awaitable, Callable

import pytest

from bot.console import Console
from bot.context import Ctx, Services, UserRef
from bot.games.keyforge.ui.commands import forge
from bot.games.whfb.ui.commands import set_pools
from bot.handlers import tracker_ops as service
from bot.handlers.tracker import ac_stat, ac_target, ac_token, game_log
from bot.registry import UserError, load_handlers, run_action
from bot.reply import Button, Kind
from tests.helpers.tracker import BOB, CHANNEL, MakeCtx, state_of, unchanged

E = "tracker.error."


async def mage_wars(make_ctx: MakeCtx) -> None:
    await service.start(make_ctx("alice"), "mage-wars", [BOB], {"life": 30})
    await service.add_unit(make_ctx("alice"), "Дракон", None, {"life": 10, "armor": 2})


@pytest.mark.parametrize(
    ("call", "key"),
    [
        (lambda c: service.add(c, "Гоблин", "damage", 1), "tracker.error.no_target"),
        (lambda c: service.add(c, "Дракон", "удача", 1), "tracker.error.no_stat_kind.creature"),
        (lambda c: service.token(c, "Дракон", "чума", 1), "tracker.error.no_token_mage-wars"),
        (lambda c: service.token(c, "Дракон", "burn", -1), E + "no_such_tokens"),  # ru-19 G4
        (lambda c: service.add(c, "Дракон", "damage", -1), "tracker.error.below_zero"),
        (lambda c: service.set_value(c, "Дракон", "defense", 13), "tracker.error.bounds"),
        (lambda c: service.set_value(c, "alice", "life", 0), "tracker.error.bounds_below"),
        (lambda c: forge(c), "tracker.error.wrong_game_owned"),  # playtest 12, M6
        (lambda c: set_pools(c, None, 3, 2), "tracker.error.wrong_game_owned"),
        (lambda c: service.add_item(c, "planets", "Elouith"), "tracker.error.wrong_game_owned"),
        (lambda c: service.undo(c, 1), "tracker.error.nothing_to_undo"),
        (lambda c: service.redo(c), "tracker.error.nothing_to_redo"),
        (lambda c: service.clear_tokens(c, "Дракон"), "tracker.error.no_tokens_mage-wars"),
        (lambda c: service.remove_unit(c, "alice"), "tracker.error.leader_unit"),
        (lambda c: service.rename_unit(c, "Дракон", "bob"), "tracker.error.name_taken"),
        (lambda c: service.join(c), "tracker.error.already_joined"),
    ],
)
async def test_bad_input_changes_nothing(
    services: Services,
    make_ctx: MakeCtx,
    call: Callable[[Ctx], Awaitable[object]],
    key: str,
) -> None:
    await service.start(make_ctx("alice"), "mage-wars", [BOB], {"life": 30})
    ctx = make_ctx("alice")
    # a fresh game has nothing to undo; add the creature without leaving an undoable step only
    # for the undo case, otherwise with one
    if key != "tracker.error.nothing_to_undo":
        await service.add_unit(ctx, "Дракон", None, {"life": 10, "armor": 2})
    else:
        await unchanged(services, lambda: call(ctx), key)
        return
    await unchanged(services, lambda: call(ctx), key)


async def test_bad_input_is_a_clear_ephemeral_message(
    services: Services, make_ctx: MakeCtx
) -> None:
    await mage_wars(make_ctx)
    reply = UserError("tracker.error.no_target", name="x", known="y").reply(make_ctx("alice"))
    assert reply.ephemeral
    err = await unchanged(
        services,
        lambda: service.add(make_ctx("alice"), "Гоблин", "урон", 1),
        "tracker.error.no_target",
    )
    text = err.reply(make_ctx("alice")).body
    assert "Гоблин" in text and "Дракон" in text
    en = err.reply(make_ctx("alice", lang="en")).body
    assert "No creature or player" in en


async def test_outsiders_are_refused_but_may_look(services: Services, make_ctx: MakeCtx) -> None:
    await mage_wars(make_ctx)
    mallory = make_ctx("mallory")
    for call in (
        lambda: service.damage(mallory, "Дракон", 1),
        lambda: service.next_round(mallory),
        lambda: service.token(mallory, "Дракон", "burn", 1),
        lambda: service.undo(mallory, 1),
        lambda: service.end(mallory),
        lambda: service.add_unit(mallory, "Крыса", BOB, {}),
    ):
        await unchanged(services, call, "tracker.error.not_player")
    reply = UserError("tracker.error.not_player").reply(mallory)
    assert reply.ephemeral and "/игра войти" in reply.body
    # looking is fine
    assert (await state_of(services)).units
    # a moderator (Manage Messages) may change it without joining
    out = await service.damage(make_ctx("mallory", manage=True), "Дракон", 2)
    assert out.changes[0].after == 2


async def test_damage_destroys_and_undo_restores(services: Services, make_ctx: MakeCtx) -> None:
    await mage_wars(make_ctx)
    alice = make_ctx("alice")
    out = await service.damage(alice, "дракон", 10)
    assert [n.key for n in out.notes] == ["tracker.note.destroyed"]
    assert next(u for u in out.state.units if u.name == "Дракон").destroyed
    state, undone = await service.undo(alice)
    assert len(undone) == 1
    dragon = next(u for u in state.units if u.name == "Дракон")
    assert not dragon.destroyed and dragon.value("damage") == 0
    state, _ = await service.redo(alice)
    assert next(u for u in state.units if u.name == "Дракон").destroyed


async def test_heal_never_goes_below_zero(services: Services, make_ctx: MakeCtx) -> None:
    await mage_wars(make_ctx)
    alice = make_ctx("alice")
    await service.damage(alice, "Дракон", 3)
    out = await service.heal(alice, "Дракон", 5)
    assert out.changes[0].before == 3 and out.changes[0].after == 0


async def test_mage_death_names_the_winner(services: Services, make_ctx: MakeCtx) -> None:
    await mage_wars(make_ctx)
    out = await service.damage(make_ctx("alice"), "bob", 30)
    assert [n.key for n in out.notes] == ["tracker.note.destroyed", "tracker.note.winner"]
    assert out.notes[1].params == {"name": "alice"}
    assert out.state.status == "ended" and out.state.winner is not None
    assert await service.load_state(services.storage, CHANNEL) is None
    # the win can be undone (by its player or the starter, issue 18): the game is active again
    state, _ = await service.undo(make_ctx("alice"))
    assert state.status == "active" and state.winner is None


async def test_redo_stack_is_dropped_by_a_new_change(services: Services, make_ctx: MakeCtx) -> None:
    await mage_wars(make_ctx)
    alice = make_ctx("alice")
    await service.damage(alice, "Дракон", 1)
    await service.undo(alice)
    await service.damage(alice, "Дракон", 2)
    with pytest.raises(UserError) as err:
        await service.redo(alice)
    assert err.value.key == "tracker.error.nothing_to_redo"
    history = await services.storage.tracker.history((await state_of(services)).game.id)
    assert [s.status for s in history[:2]] == ["done", "dropped"]


async def test_targets_match_by_player_name_and_fall_back_to_the_mage(
    services: Services, make_ctx: MakeCtx
) -> None:
    await mage_wars(make_ctx)
    out = await service.add(make_ctx("bob"), "ALICE", "МАНА", -3)
    assert out.changes[0].holder == "alice" and out.changes[0].after == 7
    out = await service.mana(make_ctx("bob"), 2)
    assert out.changes[0].holder == "bob" and out.changes[0].after == 12
    with pytest.raises(UserError) as err:
        await service.add(make_ctx("bob"), "", "life", 1)
    assert err.value.key == "tracker.error.no_target"


async def test_units_names_are_unique_and_renamable(services: Services, make_ctx: MakeCtx) -> None:
    await mage_wars(make_ctx)
    alice = make_ctx("alice")
    out = await service.add_unit(alice, "дракон", BOB, {"life": 5})
    assert out.notes[0].params == {"unit": "дракон 2", "owner": "bob", "stats": (("life", 5),)}
    await service.rename_unit(alice, "дракон 2", "Виверна")
    await service.remove_unit(alice, "Виверна")
    names = [u.name for u in (await state_of(services)).units]
    assert names == ["alice", "bob", "Дракон"]
    await service.undo(alice, 2)
    names = [u.name for u in (await state_of(services)).units]
    assert names == ["alice", "bob", "Дракон", "дракон 2"]


async def test_tokens_add_remove_clear(services: Services, make_ctx: MakeCtx) -> None:
    await mage_wars(make_ctx)
    alice = make_ctx("alice")
    await service.token(alice, "Дракон", "Горение", 2)
    await service.token(alice, "Дракон", "кровотечение", 1)
    await service.token(alice, "Дракон", "burn", -1)
    dragon = next(u for u in (await state_of(services)).units if u.name == "Дракон")
    assert {t.key: t.value for t in dragon.tokens} == {"burn": 1, "bleed": 1}
    await service.clear_tokens(alice, "Дракон")
    dragon = next(u for u in (await state_of(services)).units if u.name == "Дракон")
    assert dragon.tokens == ()


async def test_unit_stats_for_attacks_and_burn_update(
    services: Services, make_ctx: MakeCtx
) -> None:
    await mage_wars(make_ctx)
    alice = make_ctx("alice")
    await service.token(alice, "Дракон", "коррозия", 1)
    await service.token(alice, "Дракон", "горение", 3)
    stats = service.unit_stats(await state_of(services), "Дракон")
    assert stats["armor"] == 2 and stats["corrode"] == 1 and stats["burn"] == 3
    out = await service.update_burn(alice, "Дракон", 4, 1)
    assert {(c.key, c.after) for c in out.changes} == {("damage", 4), ("burn", 1)}
    await service.undo(alice)
    stats = service.unit_stats(await state_of(services), "Дракон")
    assert stats["damage"] == 0 and stats["burn"] == 3


async def test_start_refuses_a_second_game_and_offers_to_end(
    services: Services, make_ctx: MakeCtx
) -> None:
    await mage_wars(make_ctx)
    cmd = load_handlers().commands[("game", "start")]
    reply = await cmd.handler(make_ctx("bob"), game="keyforge")
    assert reply.ephemeral and len(reply.actions) == 2
    end_only = reply.actions[1]
    ended = await run_action(make_ctx("bob"), end_only.action, end_only.payload)
    assert "окончена" in ended.body and ended.edit_origin  # the question's buttons go
    assert await service.load_state(services.storage, CHANNEL) is None
    # the old game is kept, ended
    game_id = await services.storage.tracker.latest_game_id(CHANNEL)
    assert game_id is not None
    old = await services.storage.tracker.load(game_id)
    assert old is not None and old.status == "ended"
    await service.start(make_ctx("bob"), "keyforge", [], {})
    assert (await state_of(services)).slug == "keyforge"


async def test_end_and_start_starts_the_game_asked_for_with_its_options(
    services: Services, make_ctx: MakeCtx
) -> None:
    """QA: «Закончить её?» from a new `/game start` ended the old game and dropped the new one."""
    await mage_wars(make_ctx)
    old_id = (await state_of(services)).game.id
    cmd = load_handlers().commands[("game", "start")]
    carol = UserRef.from_name("carol")
    reply = await cmd.handler(make_ctx("bob"), game="keyforge", player1=carol, keycost=7)
    both = reply.actions[0]
    assert isinstance(both, Button) and both.label == "Закончить и начать новую"
    started = await run_action(make_ctx("bob"), both.action, both.payload)
    assert started.edit_origin and not started.actions
    assert "За столом: bob, carol." in started.body
    state = await state_of(services)
    assert state.slug == "keyforge" and state.game.id != old_id
    bob = next(p for p in state.participants if p.name == "bob")
    assert bob.value("keycost") == 7
    old = await services.storage.tracker.load(old_id)
    assert old is not None and old.status == "ended"
    # pressed again (a stale copy), it starts nothing more
    again = await run_action(make_ctx("bob"), both.action, both.payload)
    assert again.kind is Kind.ERROR and (await state_of(services)).game.id == state.game.id


async def test_start_can_seat_only_the_players_named(services: Services, make_ctx: MakeCtx) -> None:
    cmd = load_handlers().commands[("game", "start")]
    bob, carol = UserRef.from_name("bob"), UserRef.from_name("carol")
    reply = await cmd.handler(
        make_ctx("alice"), game="mage-wars", player1=bob, player2=carol, life=20, play=True
    )
    assert "За столом: alice, bob, carol." in reply.body
    await service.end(make_ctx("alice"))
    reply = await cmd.handler(
        make_ctx("alice"), game="keyforge", player1=bob, player2=carol, play=False
    )
    assert "За столом: bob, carol." in reply.body and "не играете" in reply.body
    assert {p.name for p in (await state_of(services)).participants} == {"bob", "carol"}
    await service.end(make_ctx("bob"))
    with pytest.raises(UserError) as err:
        await cmd.handler(make_ctx("alice"), game="keyforge", play=False)
    assert err.value.key == "tracker.error.nobody_seated"


async def test_start_checks_its_options(services: Services, make_ctx: MakeCtx) -> None:
    alice = make_ctx("alice")
    for slug, options, key in (
        ("mage-wars", {}, "tracker.error.start_needs"),
        ("keyforge", {"life": 20}, "tracker.error.start_option"),
        ("chess", {}, "tracker.error.no_such_game"),
        ("conquest", {"hale": 7}, "tracker.error.start_needs_conquest"),
    ):
        with pytest.raises(UserError) as err:
            await service.start(alice, slug, [], options)
        assert err.value.key == key
    assert await service.load_state(services.storage, CHANNEL) is None


async def test_end_asks_first_then_ends(services: Services, make_ctx: MakeCtx) -> None:
    await mage_wars(make_ctx)
    cmd = load_handlers().commands[("game", "end")]
    reply = await cmd.handler(make_ctx("alice"))
    assert await service.load_state(services.storage, CHANNEL) is not None
    button = reply.actions[0]
    final = await run_action(make_ctx("alice"), button.action, button.payload)
    assert any(f.name.endswith("alice") for f in final.fields)
    stale = await run_action(make_ctx("alice"), button.action, button.payload)
    assert stale.kind == "error"


async def test_join_and_leave(services: Services, make_ctx: MakeCtx) -> None:
    await mage_wars(make_ctx)
    out = await service.join(make_ctx("carol"))
    assert [p.name for p in out.state.participants] == ["alice", "bob", "carol"]
    carol_mage = next(u for u in out.state.units if u.name == "carol")
    assert carol_mage.value("life") == 30 and carol_mage.value("channeling") == 9
    out = await service.leave(make_ctx("carol"))
    assert [p.name for p in out.state.participants] == ["alice", "bob"]
    out = await service.join(make_ctx("carol"))
    assert len([u for u in out.state.units if u.name == "carol"]) == 1


async def test_log_and_export(services: Services, make_ctx: MakeCtx) -> None:
    await mage_wars(make_ctx)
    alice = make_ctx("alice")
    await service.damage(alice, "Дракон", 2)
    await service.undo(alice)
    log = await load_handlers().commands[("game", "log")].handler(alice, n=5)
    assert "Дракон · повреждения 0 → 2 (отменено)" in log.body
    export = await load_handlers().commands[("game", "export")].handler(alice)
    data = json.loads(export.attachments[0].data)
    assert data["game"]["slug"] == "mage-wars"
    assert {p["name"] for p in data["participants"]} == {"alice", "bob"}
    dmg = [e for e in data["events"] if e["counter"] == "damage" and e["field"] == "value"]
    assert dmg == [dmg[0]] and dmg[0]["before"] == 0 and dmg[0]["after"] == 2
    assert any(s["status"] == "undone" for s in data["steps"])


async def test_autocomplete_offers_only_this_games_names(
    services: Services, make_ctx: MakeCtx
) -> None:
    await mage_wars(make_ctx)
    alice = make_ctx("alice")
    targets = await ac_target(alice, "др", {})
    assert [c.value for c in targets] == ["Дракон"]
    stats = await ac_stat(alice, "", {"target": "Дракон"})
    assert {c.value for c in stats} >= {"life", "damage", "armor", "defense"}
    tokens = await ac_token(alice, "гор", {})
    assert [c.value for c in tokens] == ["burn"]
    other = make_ctx("alice")
    other.channel_id = 42
    assert await ac_target(other, "", {}) == []


async def test_every_change_notifies(
    services: Services, make_ctx: MakeCtx, notified: list[int]
) -> None:
    await mage_wars(make_ctx)
    alice = make_ctx("alice")
    notified.clear()
    await service.damage(alice, "Дракон", 1)
    await service.token(alice, "Дракон", "burn", 1)
    await service.next_round(alice)
    await service.undo(alice)
    await service.redo(alice)
    await service.rename_unit(alice, "Дракон", "Змей")
    assert notified == [CHANNEL] * 6
    with pytest.raises(UserError):
        await service.damage(alice, "Нет", 1)
    assert len(notified) == 6


async def test_a_player_who_leaves_takes_their_units_out_of_play(
    services: Services, make_ctx: MakeCtx
) -> None:
    await service.start(make_ctx("alice"), "mage-wars", [BOB], {"life": 30})
    await service.join(make_ctx("carol"))
    await service.add_unit(make_ctx("carol"), "Крыса", None, {"life": 2})
    await service.leave(make_ctx("carol"))
    state = await state_of(services)
    assert {u.name for u in state.units} == {"alice", "bob"}  # carol's mage and rat are gone
    with pytest.raises(UserError) as err:
        await service.damage(make_ctx("alice"), "Крыса", 1)
    assert err.value.key == "tracker.error.no_target"
    out = await service.next_round(make_ctx("alice"))
    assert {c.holder for c in out.changes} == {"alice", "bob"}  # no channeling for carol
    await service.undo(make_ctx("alice"), 2)  # the round, then carol's leaving
    assert {u.name for u in (await state_of(services)).units} == {"alice", "bob", "carol", "Крыса"}


async def test_the_log_names_units_added_removed_and_renamed(
    services: Services, make_ctx: MakeCtx
) -> None:
    await mage_wars(make_ctx)
    await service.rename_unit(make_ctx("alice"), "Дракон", "Змей")
    await service.remove_unit(make_ctx("alice"), "Змей")
    reply = await game_log(make_ctx("alice"))
    assert "новое существо — Дракон" in reply.body
    assert "Дракон → Змей" in reply.body
    assert "— Змей" in reply.body.splitlines()[-1]


async def test_stat_autocomplete_offers_a_warlords_player_stats_too(
    services: Services, make_ctx: MakeCtx
) -> None:
    await service.start(make_ctx("alice"), "conquest", [BOB], {"hale": 5, "bloodied": 3})
    choices = await ac_stat(make_ctx("alice"), "", {"target": "alice"})
    assert {"resources", "damage", "hp"} <= {c.value for c in choices}


async def test_a_unit_added_echoes_what_was_typed(console: Console) -> None:
    """Playtest 2 (M11): the stats and traits just typed come back, so a typo shows at once."""
    await console.execute("/game start game:mage-wars player1:bob life:36")
    out = await console.execute(
        "/unit add name:Рыцарь owner:bob life:12 armor:3 traits:Бесплотный, Эгида 1"
    )
    assert "Новое существо: Рыцарь (bob) · ❤ 12 · броня 3 · бесплотный · эгида 1" in out
    console.lang = "en"
    out = await console.execute("/unit add name:Wolf owner:bob life:9")
    assert "New creature: Wolf (bob) · ❤ 9" in out


async def test_add_to_the_whole_life_says_maximum_and_shows_life_left(console: Console) -> None:
    """Playtest 2 (M10): `/add stat:life` lowers the maximum; the reply says so, with life left."""
    await console.execute("/game start game:mage-wars player1:bob life:36")
    await console.execute("/dmg target:alice amount:13")
    out = await console.execute("/add target:alice stat:life amount:-4")
    assert "alice · максимум жизни: 36 → 32 · ❤ 19/32" in out
    console.lang = "en"
    out = await console.execute("/add target:alice stat:life amount:1")
    assert "alice · max life: 32 → 33 · ❤ 20/33" in out
