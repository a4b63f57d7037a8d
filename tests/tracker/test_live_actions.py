"""The live message's buttons and select, offline: what each changes and what it answers."""

from __future__ import annotations

from bot.console import Console
from bot.context import Services
from bot.handlers import tracker_ops as service
from bot.handlers.tracker_layout import render_live, step_label
from bot.handlers.tracker_live import SELECTED_KEY, show
from bot.registry import load_handlers, run_action
from bot.reply import Button, Kind, Reply, Select
from bot.tracker.model import GameState
from tests.helpers.live import CHANNEL, ctx_for, mage_wars
from tests.helpers.tracker import BOB, MakeCtx, state_of, unit


async def fresh(services: Services) -> GameState:
    state = await service.load_state(services.storage, CHANNEL)
    assert state is not None
    return state


def button(reply: Reply, action: str, label: str | None = None) -> Button:
    return next(
        a
        for a in reply.actions
        if isinstance(a, Button) and a.action == action and (label is None or a.label == label)
    )


async def press(services: Services, who: str, b: Button, *, can_manage: bool = False) -> Reply:
    load_handlers()
    return await run_action(ctx_for(services, who, can_manage=can_manage), b.action, b.payload)


async def test_step_buttons_change_the_selected_units_main_stat(services: Services) -> None:
    state = await mage_wars(services, players=2)
    live = render_live(state)
    reply = await press(services, "alice", button(live, "live.step", "повреждения +5"))
    assert reply.edit_origin and reply.kind is Kind.INFO  # the clicked message shows the board
    after = await fresh(services)
    mage = after.leader(after.active_player.id)  # type: ignore[union-attr]
    assert mage is not None and mage.value("damage") == 5
    assert "31/36" in reply.fields[0].value
    reply = await press(services, "alice", button(reply, "live.step", "повреждения −1"))
    mage = (await fresh(services)).unit(mage.id)
    assert mage is not None and mage.value("damage") == 4


async def test_a_step_out_of_bounds_is_refused_and_changes_nothing(services: Services) -> None:
    state = await mage_wars(services, players=2)
    events = await services.storage.tracker.event_count(state.game.id)
    reply = await press(
        services, "alice", button(render_live(state), "live.step", "повреждения −5")
    )
    assert reply.kind is Kind.ERROR and reply.ephemeral
    assert await services.storage.tracker.event_count(state.game.id) == events


async def test_pick_points_the_buttons_at_another_unit_and_survives_reload(
    services: Services,
) -> None:
    state = await mage_wars(services, players=2, units=1)
    bear = next(u for u in state.units if u.kind == "creature")
    select = next(a for a in render_live(state).actions if isinstance(a, Select))
    load_handlers()
    reply = await run_action(
        ctx_for(services, "bob"), select.action, f"{select.payload}|u{bear.id}"
    )
    assert reply.edit_origin
    assert await services.storage.meta.get(SELECTED_KEY.format(game_id=state.game.id)) == (
        f"u{bear.id}"
    )
    plus = button(reply, "live.step", "повреждения +1")
    assert plus.payload == f"{state.game.id}:u{bear.id}:1"
    await press(services, "bob", plus)
    assert (await fresh(services)).unit(bear.id).value("damage") == 1  # type: ignore[union-attr]


async def test_non_player_click_is_refused_ephemerally_and_changes_nothing(
    services: Services,
) -> None:
    state = await mage_wars(services, players=2, units=1)
    live = render_live(state)
    events = await services.storage.tracker.event_count(state.game.id)
    for b in (button(live, "live.step", "повреждения +1"), button(live, "live.next")):
        reply = await press(services, "mallory", b)
        assert reply.kind is Kind.ERROR and reply.ephemeral
        assert "участники" in reply.body
    select = next(a for a in live.actions if isinstance(a, Select))
    load_handlers()
    reply = await run_action(
        ctx_for(services, "mallory"), select.action, f"{select.payload}|{select.options[1].value}"
    )
    assert reply.kind is Kind.ERROR and reply.ephemeral
    assert await services.storage.tracker.event_count(state.game.id) == events
    assert await fresh(services) == state
    # A moderator (Manage Messages) may change it.
    reply = await press(
        services, "mallory", button(live, "live.step", "повреждения +1"), can_manage=True
    )
    assert reply.kind is not Kind.ERROR


async def test_undo_next_and_refresh(services: Services) -> None:
    state = await mage_wars(services, players=2)
    live = render_live(state)
    await press(services, "alice", button(live, "live.step", "повреждения +5"))
    # alice undoes her own step (bob, not the starter, may undo only his own: issue 18).
    reply = await press(services, "alice", button(live, "live.undo"))
    assert reply.edit_origin and "36/36" in reply.fields[0].value
    assert await fresh(services) == state
    reply = await press(services, "bob", button(live, "live.next"))
    assert not reply.edit_origin and not reply.ephemeral  # the round report is for everyone
    after = await fresh(services)
    assert after.round == 2
    reply = await press(services, "bob", button(live, "live.refresh"))
    assert reply.edit_origin and reply.title == "Mage Wars · раунд 2"


async def test_buttons_of_an_old_game_are_refused(services: Services) -> None:
    state = await mage_wars(services, players=2)
    old = render_live(state)
    await service.add(ctx_for(services, "alice"), "bob", "damage", 36)  # alice wins
    await service.start(ctx_for(services, "alice"), "keyforge", [], {})
    new = await fresh(services)
    reply = await press(services, "alice", button(old, "live.step", "повреждения +1"))
    assert reply.kind is Kind.ERROR and "другой или завершённой" in reply.body
    assert await fresh(services) == new


async def test_every_change_notifies_the_live_message(services: Services) -> None:
    seen: list[int] = []

    async def hook(channel_id: int) -> None:
        seen.append(channel_id)

    state = await mage_wars(services, players=2)
    services.game_changed_hooks.append(hook)
    live = render_live(state)
    for b in (button(live, "live.step", "повреждения +1"), button(live, "live.undo")):
        await press(services, "alice", b)
    assert seen == [CHANNEL, CHANNEL]


class FakePoster:
    def __init__(self) -> None:
        self.reposted: list[int] = []

    async def repost(self, channel_id: int) -> bool:
        self.reposted.append(channel_id)
        return True


async def test_show_prints_the_live_message_offline_and_reposts_on_discord(
    services: Services,
) -> None:
    state = await mage_wars(services, players=2, units=2)
    ctx = ctx_for(services, "bob")
    offline = await show(ctx)
    assert offline.title == render_live(state).title
    assert offline.fields == render_live(state).fields
    poster = FakePoster()
    services.live = poster
    on_discord = await show(ctx)
    assert poster.reposted == [CHANNEL]
    assert on_discord.ephemeral


async def test_console_game_show_prints_the_live_board(console: Console) -> None:
    await console.execute("/game start game:mage-wars player1:bob life:30")
    out = await console.execute("/game show")
    state = await fresh(console.services)
    live = render_live(state)
    for f in live.fields:
        assert f.value in out
    assert live.title in out


async def test_show_pages_through_a_board_too_big_for_one_message(services: Services) -> None:
    state = await mage_wars(services, players=4, units=0)
    long = "Невероятно длинное имя существа номер "  # with the number: 40, the longest allowed
    stats = {"life": 9, "armor": 2, "defense": 5}
    for name in ("alice", "bob", "carol", "dave"):
        for i in range(25):
            await service.add_unit(ctx_for(services, name), f"{long}{i:02d}", None, stats)
    first = await show(ctx_for(services, "bob"))
    assert first.footer.startswith("Страница 1 из")
    assert "броня" not in "\n".join(f.value for f in first.fields)  # folded: detail is later
    pages = [first]
    while True:
        nxt = [a for a in pages[-1].actions if isinstance(a, Button) and a.action == "live.page"]
        forward = [b for b in nxt if b.label == "Вперёд ▶"]
        if not forward:
            break
        reply = await press(services, "bob", forward[0])
        assert reply.edit_origin
        pages.append(reply)
    detail = "\n".join(f.value for p in pages[1:] for f in p.fields)
    state = await fresh(services)
    for u in state.units:
        if u.kind == "creature":
            assert f"• {u.name} ❤ ▰▰▰▰▰ 9/9 · броня 2 · защита 5" in detail
    assert pages[-1].footer == f"Страница {len(pages)} из {len(pages)}"


async def test_on_discord_a_click_is_acknowledged_silently(services: Services) -> None:
    """With the live message manager present, it makes the one edit; the click shows nothing."""
    state = await mage_wars(services, players=2)
    services.live = FakePoster()
    live = render_live(state)
    reply = await press(services, "alice", button(live, "live.step", "повреждения +1"))
    assert reply.silent and not reply.body and not reply.fields
    assert (await fresh(services)).leader(state.participants[0].id).value("damage") == 1  # type: ignore[union-attr]
    assert (await press(services, "alice", button(live, "live.refresh"))).silent
    # Undo says what it took back, as /game undo does (playtest 14, M3), to the presser alone:
    # the manager redraws the board for everyone (a quiet channel)
    reply = await press(services, "alice", button(live, "live.undo"))
    assert not reply.silent and reply.title == "Отменён 1 шаг" and "повреждения 0 → 1" in reply.body
    assert reply.ephemeral
    reply = await press(services, "alice", button(live, "live.next"))
    # the round report is still posted, under the game line that says the round (G1)
    assert not reply.silent and "раунд 2" in reply.title and "мана: 10 → 19" in reply.body


async def test_buttons_of_an_ended_game_are_refused(services: Services) -> None:
    state = await mage_wars(services, players=2)
    live = render_live(state)
    await service.end(ctx_for(services, "alice"))
    game_id = await services.storage.tracker.latest_game_id(CHANNEL)
    assert game_id is not None
    events = await services.storage.tracker.event_count(game_id)
    for b in (
        button(live, "live.step", "повреждения +1"),
        button(live, "live.undo"),
        button(live, "live.next"),
    ):
        reply = await press(services, "alice", b)
        assert reply.kind is Kind.ERROR and reply.ephemeral
    assert await services.storage.tracker.event_count(game_id) == events


async def test_offline_the_clicked_board_is_in_the_clickers_language(services: Services) -> None:
    state = await mage_wars(services, players=2)
    load_handlers()
    b = button(render_live(state), "live.step", "повреждения +1")
    reply = await run_action(ctx_for(services, "alice", lang="en"), b.action, b.payload)
    assert reply.edit_origin and "mana 10" in reply.fields[0].value


async def test_step_buttons_name_the_stat_they_move(services: Services, make_ctx: MakeCtx) -> None:
    alice = make_ctx("alice")
    await service.start(alice, "keyforge", [BOB], {})
    await service.add_unit(alice, "Krump", None, {"power": 6})
    state = await state_of(services)
    krump = unit(state, "Krump")
    player = [
        b.label
        for b in render_live(state, "ru").actions
        if isinstance(b, Button) and b.action == "live.step"
    ]
    assert player == ["янтарь −5", "янтарь −1", "янтарь +1", "янтарь +5"]
    on_unit = render_live(state, "en", selected=f"u{krump.id}").actions
    labels = [b.label for b in on_unit if isinstance(b, Button) and b.action == "live.step"]
    assert labels == ["damage −5", "damage −1", "damage +1", "damage +5"]
    assert step_label(1, "x" * 200) == "x" * 76 + "… +1"  # the number survives the cut


async def test_a_double_click_on_next_passes_one_turn(services: Services) -> None:
    """The Next button carries the turn it was drawn for; the second click is refused."""
    state = await mage_wars(services, players=2)
    live = render_live(state)
    first = await press(services, "bob", button(live, "live.next"))
    assert first.kind is not Kind.ERROR
    events = await services.storage.tracker.event_count(state.game.id)
    again = await press(services, "bob", button(live, "live.next"))
    assert again.kind is Kind.ERROR and again.ephemeral
    assert "уже менялась" in again.body
    after = await fresh(services)
    assert after.round == 2
    assert await services.storage.tracker.event_count(state.game.id) == events
    # The fresh board's button passes the next turn.
    reply = await press(services, "bob", button(render_live(after), "live.next"))
    assert reply.kind is not Kind.ERROR and (await fresh(services)).round == 3
