"""Playtest 5 (issue 17): the Conquest and KeyForge slips C1–C6 and K1–K6, and the «не черта
этой игры» family (M1, B1–B3, W3, C5, K2): a trait the book has but the bot does not track is
refused as such, with what to do instead."""

from __future__ import annotations

from bot.console import Console
from bot.context import Services
from tests.helpers.tracker import state_of


async def test_k3_no_key_is_forged_on_the_opponents_turn(
    console: Console, services: Services
) -> None:
    """Published rules (the bot's own «Ключи» entry): a key is forged at the «Ковка ключа» step
    that opens one's own turn, so the non-active player's `/kf forge` is refused."""
    console.user = "Аня"
    await console.execute("/game start game:keyforge player1:Борис")
    await console.execute("/set target:Аня stat:янтарь value:15")
    out = await console.execute("/game next")
    # K6: Check! says when the key comes, not «может выковать» now.
    assert "🔑 Шах! Янтаря хватает на ключ: Аня выкует его в начале своего следующего хода." in out
    before = await state_of(services)
    out = await console.execute("/kf forge")
    assert "Сейчас ход Бориса: Аня выкует ключ в начале своего хода" in out
    assert "Ничего не изменено." in out and "Победитель" not in out
    assert await state_of(services) == before
    out = await console.execute("/kf forge player:Борис")  # the active player may: too poor
    assert "Борис не может выковать ключ" in out
    console.user = "Борис"
    await console.execute("/game next")
    assert "Ключей: 1" in await console.execute("/kf forge player:Аня")  # her own turn now
