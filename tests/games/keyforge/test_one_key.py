"""Issue 16: one key a turn (published rules; the bot's own «Ключи» entry)."""

from __future__ import annotations

from bot.console import Console
from bot.context import Services
from bot.games.keyforge.rules import second_key
from tests.helpers.tracker import state_of


def test_second_key_in_the_same_turn() -> None:
    forged = [("alice", (1, 0), 1)]
    assert second_key(forged, "alice", (1, 0), 1)
    assert not second_key(forged, "alice", (1, 1), 1)  # another turn
    assert not second_key(forged, "bob", (1, 0), 1)  # another player
    assert not second_key(forged, "alice", (1, 0), 2)  # the keys were set by hand since


async def test_kf_forge_refuses_a_second_key_in_one_turn(
    console: Console, services: Services
) -> None:
    await console.execute("/game start game:keyforge player1:bob")
    await console.execute("/add target:alice stat:aember amount:20")
    before = await state_of(services)
    out = await console.execute("/kf forge")  # mid-turn: not at «Ковка ключа» (playtest 7 K1)
    assert "ключ куют только на шаге «Ковка ключа»" in out
    assert await state_of(services) == before
    await console.execute("/game next")
    console.user = "bob"
    out = await console.execute("/game next")
    # her next turn opens with the key, forged at once (playtest 6 slip K3), and it is the one
    assert "alice, начало хода: ключ выкован за 6 янтаря" in out and "Ключей: 1" in out
    console.user = "alice"
    before = await state_of(services)
    assert "ключ в этот ход уже выкован" in await console.execute("/kf forge")
    assert await state_of(services) == before
    await console.execute("/set target:alice stat:keys value:2")  # a card's key, set by hand
    assert "ключ куют только на шаге" in await console.execute("/kf forge")
