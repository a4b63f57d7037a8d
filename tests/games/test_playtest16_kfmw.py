"""Playtest en-8 and en-7 (issue 17), the KeyForge and Mage Wars wording share: each test pins
the reworded reply in both languages."""

from __future__ import annotations

from bot.console import Console
from tests.games.seeds import seed_line


async def _kf(console: Console) -> None:
    """Bob's Troll against Vicky's creatures, Bob's turn."""
    console.user = "Bob"
    await console.execute("/game start game:keyforge player1:Vicky")
    await console.execute("/unit add name:Troll owner:Bob traits:power 8, armor 1")
    await console.execute("/unit add name:Urchin owner:Vicky traits:power 1, elusive")
    await console.execute("/unit add name:Snufflegator owner:Vicky traits:power 4, armor 1")


# ── KF-1: the log says what Elusive did, not «elusive used marked» ───────────────────────────


async def test_kf1_log_says_elusive_is_used_up(console: Console) -> None:
    console.lang = "en"
    await _kf(console)
    await console.execute("/kf fight attacker:Troll target:Urchin")
    log = await console.execute("/game log")
    assert "Urchin: Elusive is used up this turn" in log
    assert "marked" not in log
    console.lang = "ru"
    log = await console.execute("/игра журнал")
    assert "Urchin: неуловимость в этот ход уже сработала" in log
    assert "отмечено" not in log


# ── KF-2: armor *prevents* damage, in both languages ─────────────────────────────────────────


async def test_kf2_armor_prevents_damage(console: Console) -> None:
    # seed 004:39
    assert seed_line("004", 39, "Броня предотвращает объём урона")
    console.lang = "en"
    await _kf(console)
    out = await console.execute("/kf fight attacker:Troll target:Snufflegator")
    assert "deals 8 damage, armor 1 prevented 1 damage" in out
    assert "absorbed" not in out
    log = await console.execute("/game log")
    assert "Snufflegator's armor prevented 1 damage" in log
    await console.execute("/game undo")
    console.lang = "ru"
    out = await console.execute("/kf fight attacker:Troll target:Snufflegator")
    assert "8 урона, броня 1 предотвратила 1 урон" in out
    assert "поглотила" not in out
