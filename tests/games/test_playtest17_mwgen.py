"""Playtest 16 (ru) and en-9 (issue 17), the Mage Wars and general share: each test pins the
reworded reply or the rule now applied, in both languages where the reply has both."""

from __future__ import annotations

from bot.console import Console
from tests.games.seeds import seed_line


async def _mw(console: Console) -> None:
    """Аня against Борис, with Борис's Страж on the board."""
    console.user = "Аня"
    await console.execute("/game start game:mage-wars player1:Борис life:36")
    await console.execute("/unit add name:Страж owner:Борис hp:10")


# ── M1: the sweep refusal counts the targets in words, never «а названо: 1» ─────────────────


async def test_m1_sweep_counts_targets_naturally(console: Console) -> None:
    assert seed_line("000", 279, "Вторую атаку нельзя провести против той же цели")
    await _mw(console)
    out = await console.execute("/mw sweep dice:3 targets:Страж")
    assert "а вы указали 1 цель." in out and "названо" not in out
    out = await console.execute("/mw sweep dice:3 targets:Страж, Аня, Борис")
    assert "а вы указали 3 цели." in out
    console.lang = "en"
    out = await console.execute("/mw sweep dice:3 targets:Страж")
    assert "but you named 1 target." in out


# ── G1: the undo refusal names the step's author in the nominative, with no gender shown ────


async def test_g1_undo_refusal_keeps_the_name_in_the_nominative(console: Console) -> None:
    await _mw(console)
    await console.execute("/dmg target:Борис amount:2")
    console.user = "Борис"
    out = await console.execute("/game undo")
    assert "Автор шага #" in out and "— Аня." in out and "игрока Аня" not in out
    console.lang = "en"
    out = await console.execute("/game undo")
    assert "was taken by Аня." in out
