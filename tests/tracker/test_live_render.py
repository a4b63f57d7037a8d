"""The live scoreboard: what it shows, and that it always fits Discord's embed limits."""

from __future__ import annotations

from typing import Any

import discord
import pytest

from bot.context import Services
from bot.discord.render import render_reply
from bot.handlers import tracker_ops as service
from bot.handlers.tracker_board import (
    A_PICK,
    Health,
    PlayerBlock,
    Scoreboard,
    Stat,
    UnitRow,
    scoreboard,
    targets,
)
from bot.handlers.tracker_layout import (
    bar,
    limit_problems,
    payload_hash,
    render_board,
    render_board_pages,
    render_live,
)
from bot.reply import Button, Reply, Select, Style
from tests.helpers.live import CHANNEL, ctx_for, keyforge, mage_wars


def discord_problems(reply: Reply) -> list[str]:
    """Check the embeds discord.py would send for `reply`, with Discord's own numbers."""
    messages = render_reply(reply)
    problems = [] if len(messages) == 1 else [f"{len(messages)} messages"]
    embeds: list[discord.Embed] = messages[0].embeds
    if len(embeds) > 10:
        problems.append(f"{len(embeds)} embeds")
    if sum(len(e) for e in embeds) > 6000:
        problems.append("over 6000 in total")
    for e in embeds:
        if e.description and len(e.description) > 4096:
            problems.append("description over 4096")
        if len(e.fields) > 25:
            problems.append("over 25 fields")
        problems += [f"field {f.name!r} over 1024" for f in e.fields if len(f.value or "") > 1024]
    return problems


def text_of(reply: Reply) -> str:
    return "\n".join([reply.title, reply.body, *(f"{f.name}\n{f.value}" for f in reply.fields)])


def test_bar_scales_and_never_hides_the_last_point() -> None:
    assert bar(36, 36) == "▰" * 10
    assert bar(18, 36) == "▰" * 5 + "▱" * 5
    assert bar(0, 36) == "▱" * 10
    assert bar(1, 100) == "▰" + "▱" * 9
    assert bar(5, 0) == "▱" * 10
    assert len(bar(7, 12, 5)) == 5


async def test_board_shows_round_active_player_life_tokens_and_units(services: Services) -> None:
    await mage_wars(services, players=2, units=2)
    alice = ctx_for(services, "alice")
    await service.add(alice, "alice", "damage", 9)
    await service.token(alice, "Лесной медведь-страж", "горение", 2)
    state = await service.load_state(services.storage, CHANNEL)
    assert state is not None
    reply = render_live(state, "ru")
    assert reply.title == "Mage Wars · раунд 1"
    assert "Инициатива: **alice**" in reply.body  # playtest 11 M3
    names = [f.name for f in reply.fields]
    assert names == ["▶ alice", "bob"]
    alice_block = reply.fields[0].value.splitlines()
    assert alice_block[0] == "❤ ▰▰▰▰▰▰▰▰▱▱ 27/36"
    assert alice_block[1] == "мана 10 · прирост маны 9"
    assert alice_block[2] == "• Лесной медведь-страж ❤ ▰▰▰▰▰ 8/8 · жетоны: горение×2"
    assert alice_block[3].startswith("• Огненный бес из Преисподней ❤")
    # Every unit on one line.
    assert len(reply.fields[1].value.splitlines()) == 2 + 2


async def test_controls_select_steps_undo_next_refresh(services: Services) -> None:
    state = await mage_wars(services, players=2, units=1)
    reply = render_live(state, "ru")
    selects = [a for a in reply.actions if isinstance(a, Select) and a.action == A_PICK]
    buttons = [a for a in reply.actions if isinstance(a, Button)]
    assert len(selects) == 1
    assert [o.label for o in selects[0].options] == [
        "▶ alice",  # the current target of the ± buttons
        "Лесной медведь-страж",
        "bob",
        "Лесной медведь-страж 2",
    ]
    assert [b.label for b in buttons] == [
        "повреждения −5", "повреждения −1", "повреждения +1", "повреждения +5",
        "Конец фазы действий",  # the mage's /mw act
        "Отменить", "Следующий раунд", "Обновить",
    ]  # fmt: skip
    gid = state.game.id
    mage = state.leader(state.active_player.id)  # type: ignore[union-attr]
    assert mage is not None
    # Payloads carry the game and the target, so they mean the same after a restart.
    assert buttons[2].custom_id == f"arb:live.step:{gid}:u{mage.id}:1"
    assert buttons[4].custom_id == f"arb:mw.act:{gid}:u{mage.id}"
    assert buttons[5].custom_id == f"arb:live.undo:{gid}"
    assert all(len(a.custom_id) <= 100 for a in reply.actions)
    # more damage hurts its holder: red; less damage helps: green (issue 17)
    assert [b.style for b in buttons[:4]] == [
        Style.SUCCESS, Style.SUCCESS, Style.DANGER, Style.DANGER,
    ]  # fmt: skip


async def test_a_stat_that_helps_is_green_when_it_grows(services: Services) -> None:
    state = await keyforge(services)
    buttons = [a for a in render_live(state, "ru").actions if isinstance(a, Button)]
    assert [(b.label, b.style) for b in buttons[:4]] == [
        ("янтарь −5", Style.DANGER), ("янтарь −1", Style.DANGER),
        ("янтарь +1", Style.SUCCESS), ("янтарь +5", Style.SUCCESS),
    ]  # fmt: skip


async def test_selected_unit_is_marked_and_gets_the_buttons(services: Services) -> None:
    state = await mage_wars(services, players=2, units=1)
    bear = next(u for u in state.units if u.kind == "creature")
    reply = render_live(state, "ru", selected=f"u{bear.id}")
    assert "Кнопки ± меняют повреждения, выбрано: **Лесной медведь-страж**" in reply.body
    assert f"▸ **{bear.name}**" in reply.fields[0].value
    steps = [a for a in reply.actions if isinstance(a, Button) and a.action == "live.step"]
    assert {b.payload.split(":")[1] for b in steps} == {f"u{bear.id}"}
    # An unknown selection falls back to the active player's mage.
    fallback = render_live(state, "ru", selected="u999999")
    assert "**alice**" in fallback.body.splitlines()[1]


async def test_four_players_with_ten_units_fit_at_full_detail(services: Services) -> None:
    state = await mage_wars(services, players=4, units=10)
    reply = render_live(state, "ru")
    assert limit_problems(reply) == []
    assert discord_problems(reply) == []
    assert reply.footer == ""  # nothing folded away
    for u in state.units:
        assert u.name in text_of(reply)
    # 44 targets need two selects; with the two button rows that is 4 of Discord's 5 rows, and
    # the fifth holds the «📖» rule select.
    assert sum(isinstance(a, Select) and a.action == A_PICK for a in reply.actions) == 2
    assert [a.action for a in reply.actions if isinstance(a, Select)][-1] == "rule.open"


def _crowded(players: int, units: int, name_len: int) -> Scoreboard:
    """A board built by hand: long names and many tokens, beyond what the tracker makes."""
    tokens = tuple((f"токен{i}", i + 1) for i in range(6))
    blocks = []
    for p in range(players):
        rows = tuple(
            UnitRow(
                key=f"u{p * 100 + i}",
                name=(f"Юнит {p}-{i} " + "я" * name_len)[:40],
                health=Health(5, 12),
                stats=(Stat("броня", 2), Stat("защита", 7)),
                tokens=tokens,
                main=Stat("урон", 7),
            )
            for i in range(units)
        )
        blocks.append(
            PlayerBlock(
                key=f"p{p}",
                name=f"Игрок номер {p} с очень длинным именем",
                active=p == 0,
                health=Health(20, 36),
                stats=(Stat("мана", 10), Stat("прирост маны", 9)),
                tokens=tokens,
                main=Stat("урон", 16),
                units=rows,
            )
        )
    return Scoreboard(1, "Mage Wars", 7, "round", "p0", players=tuple(blocks), selected="u5")


def test_worst_case_four_by_ten_still_fits() -> None:
    board = _crowded(4, 10, 40)
    reply = render_board(board, "ru")
    assert limit_problems(reply) == []
    assert discord_problems(reply) == []


def test_beyond_four_by_ten_folds_detail_into_pages() -> None:
    board = _crowded(6, 25, 40)
    reply = render_board(board, "ru")
    assert limit_problems(reply) == [] and discord_problems(reply) == []
    assert reply.footer == "Все подробности: /игра показать"
    pages = render_board_pages(board, "ru")
    assert len(pages) > 2
    assert pages[0].footer.startswith("Страница 1 из")
    everything = "\n".join(text_of(p) for p in pages)
    for block in board.players:
        for unit in block.units:
            assert unit.name in everything
    for p in pages:
        assert limit_problems(p) == [] and discord_problems(p) == []


async def test_keyforge_shows_keys_of_three_and_the_chain_penalty(services: Services) -> None:
    await keyforge(services)
    alice = ctx_for(services, "alice")
    await service.set_value(alice, "alice", "chains", 7)
    await service.set_value(alice, "alice", "aember", 4)
    state = await service.load_state(services.storage, CHANNEL)
    assert state is not None
    reply = render_live(state, "en")
    assert reply.title == "KeyForge · turn 1"
    assert reply.fields[0].value == "Æmber 4 · keys 0/3 · chains 7 (draw −2) · key cost 6"
    steps = [a for a in reply.actions if isinstance(a, Button) and a.action == "live.step"]
    assert steps and steps[0].payload.split(":")[1].startswith("p")  # players move Æmber


async def test_hash_changes_with_the_state_and_only_then(services: Services) -> None:
    state = await mage_wars(services, players=2)
    first = payload_hash(render_live(state, "ru"))
    assert payload_hash(render_live(state, "ru")) == first
    await service.add(ctx_for(services, "alice"), "bob", "damage", 1)
    after = await service.load_state(services.storage, CHANNEL)
    assert after is not None
    assert payload_hash(render_live(after, "ru")) != first


async def test_ended_game_names_the_winner_and_keeps_only_refresh(services: Services) -> None:
    await mage_wars(services, players=2)
    await service.add(ctx_for(services, "alice"), "bob", "damage", 36)
    game_id = await services.storage.tracker.latest_game_id(CHANNEL)
    assert game_id is not None
    state = await services.storage.tracker.load(game_id)
    assert state is not None and not state.game.active
    reply = render_live(state, "ru")
    assert "Победитель: **alice**" in reply.body
    assert [a.action for a in reply.actions] == ["live.refresh"]
    assert "💀" in reply.fields[1].value


async def test_past_75_units_the_selects_page_through_windows(services: Services) -> None:
    """QA: the live select held 75 of 84 units and marked no current target. Now the selects show
    the window holding the current target, with moves to the previous and next windows."""
    state = await mage_wars(services, players=2, units=41)  # 2 mages + 82 creatures = 84
    reply = render_live(state, "ru")
    options = [
        o for a in reply.actions if isinstance(a, Select) and a.action == A_PICK for o in a.options
    ]
    assert len(options) <= 75 and options[-1].label == "Следующие цели ▶"
    assert sum(o.label.startswith("▶ ") for o in options) == 1
    shown = {o.value for o in options[:-1]}
    later = render_live(state, "ru", selected=options[-1].value)
    moved = [
        o for a in later.actions if isinstance(a, Select) and a.action == A_PICK for o in a.options
    ]
    assert moved[0].label == "◀ Предыдущие цели" and moved[0].value in shown
    assert moved[1].label.startswith("▶ ") and moved[1].value == options[-1].value
    keys = {o.value for o in moved[1:]} | shown
    board = scoreboard(state, "ru")
    assert keys == {x.key for x in targets(board)}  # every unit reachable, none lost
    kinds = [b.label for b in later.actions if isinstance(b, Button)]
    assert "Следующий раунд" in kinds


async def test_game_show_builds_the_scoreboard_once(
    services: Services, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The board is most of a render's cost (at 500 creatures): `/game show` reads the game into
    it once, for the page it shows and the pages it counts, whatever target is picked."""
    import bot.handlers.tracker_layout as layout
    from bot.handlers.tracker_live import show_pages

    await mage_wars(services, players=2, units=3)
    built: list[str] = []

    def counted(*args: Any, **kwargs: Any) -> Scoreboard:
        built.append("board")
        return scoreboard(*args, **kwargs)

    monkeypatch.setattr(layout, "scoreboard", counted)
    reply = await show_pages(ctx_for(services, "alice"))
    assert reply.fields and len(built) == 1
