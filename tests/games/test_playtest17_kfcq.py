"""Playtest 16 (ru) and English walk 9 (issue 17), the KeyForge, Conquest and game-start share:
each test pins the reworded reply in both languages."""

from __future__ import annotations

from bot.console import Console


async def _cq(console: Console, lang: str) -> None:
    """Bob and Vicky seated by Anna, who does not play; Bob acts."""
    console.lang = lang
    console.user = "Anna"
    if lang == "en":
        await console.execute(
            "/game start game:conquest player1:Bob player2:Vicky play:no hale:7 bloodied:4"
        )
    else:
        await console.execute(
            "/игра начать игра:conquest игрок1:Борис игрок2:Вика играю:нет здоровье:7 окровавленный:4"
        )
    console.user = "Bob" if lang == "en" else "Борис"


# ── CQ-1: «Bob's Warlord», not «The warlord Bob» ─────────────────────────────────────────────


async def test_cq1_warlord_named_as_its_players(console: Console) -> None:
    await _cq(console, "en")
    out = await console.execute("/add target:Bob stat:cards amount:1")
    assert "Bob's Warlord has no stat “cards”" in out
    assert "The warlord" not in out


async def test_cq1_warlord_named_as_its_players_ru(console: Console) -> None:
    await _cq(console, "ru")
    out = await console.execute("/прибавить цель:Борис показатель:карты сколько:1")
    assert "У военачальника Бориса нет показателя «карты»" in out
