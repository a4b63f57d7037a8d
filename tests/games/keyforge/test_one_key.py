"""The turn's key and a card's key (published rules; playtest 8 slip K1): `/game next` forges
the turn's key at the «Ковка ключа» step, and `/kf forge` records any further key a card forges
at its current cost, in the same turn as well."""

from __future__ import annotations

from bot.console import Console
from bot.context import Services
from tests.helpers.tracker import state_of


async def test_kf_forge_records_a_cards_key_beside_the_turns_key(
    console: Console, services: Services
) -> None:
    await console.execute("/game start game:keyforge player1:bob")
    await console.execute("/add target:alice stat:aember amount:20")
    await console.execute("/game next")
    console.user = "bob"
    out = await console.execute("/game next")
    # her turn opens with the key, forged at once (playtest 6 slip K3)
    assert "В начале хода alice выковывает ключ за 6 янтаря" in out and "Ключей: 1" in out
    console.user = "alice"
    await console.execute("/set target:alice stat:keycost value:8")  # a card raised the cost
    out = await console.execute("/kf forge")  # a card forges another key at its current cost
    assert "alice выковывает ключ по эффекту карты, заплатив 8 янтаря: янтарь 14 → 6" in out
    assert "ключи 1 → 2" in out
    before = await state_of(services)
    out = await console.execute("/kf forge")
    assert "alice не может выковать ключ: янтаря 6, нужно 8." in out
    assert await state_of(services) == before
