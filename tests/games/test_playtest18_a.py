"""Playtest ru-17 (issue 17), slips K1, B1, K3, W1: each test pins the reworded reply in both
languages."""

from __future__ import annotations

from bot.console import Console


async def _kf(console: Console) -> None:
    """Борис's Трокк against Вика's feminine-named Ведьма, Борис's turn."""
    console.user = "Борис"
    await console.execute("/game start game:keyforge player1:Вика")
    await console.execute("/unit add name:Трокк owner:Борис traits:power 8")
    await console.execute("/unit add name:Ведьма owner:Вика traits:power 3, elusive")


# ── K1: the Elusive note has no pronoun, so no gender to guess ───────────────────────────────


async def test_k1_elusive_note_has_no_gendered_pronoun(console: Console) -> None:
    await _kf(console)
    out = await console.execute("/кф бой атакующий:Трокк цель:Ведьма")
    assert (
        "💨 Существо «Ведьма»: неуловимость — это первый бой с этим существом за ход, "
        "урона нет ни с одной стороны."
    ) in out
    assert "с ним" not in out and "Неуловимость" not in out


async def test_k1_elusive_note_in_english(console: Console) -> None:
    console.lang = "en"
    await _kf(console)
    out = await console.execute("/kf fight attacker:Трокк target:Ведьма")
    assert "💨 Ведьма: Elusive — the first fight against this creature this turn" in out
