"""Berserk: /game next opens the new player's creatures."""

from __future__ import annotations

from bot.console import Console
from bot.context import Services
from bot.handlers import tracker_ops as service
from tests.helpers.tracker import BOB, MakeCtx, unit


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
    # the turn came back to the first seat: ход 3, since every hand-over counts a turn (B10)
    assert out.state.round == 3 and out.state.active_player is not None
    assert out.state.active_player.name == "alice"


async def test_berserk_counts_every_players_turn_and_logs_turns_not_rounds(
    console: Console, make_ctx: MakeCtx
) -> None:
    # seed 001:157 «До начала своего хода»: each player has their own turn, so each one counts.
    await service.start(make_ctx("alice"), "berserk", [BOB], {})
    assert "Берсерк ККИ · ход 1\n" in await console.execute("/game show")
    out = await console.execute("/game next")
    assert "ход 2 · ходит bob" in out and "Ход 2." not in out  # the header says it (G1)
    out = await console.execute("/game next")
    assert "ход 3 · ходит alice" in out and "Ход 3." not in out
    log = await console.execute("/game log")
    assert "следующий ход — ходит bob" in log and "раунд" not in log
