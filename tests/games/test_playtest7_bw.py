"""Playtest 7 (issue 17), the Berserk and WFB slips: B1–B6 and W1–W5."""

from __future__ import annotations

from bot.console import Console
from bot.context import Services
from tests.games.seeds import seed_line
from tests.helpers.tracker import state_of, unit

# ── B4: a closed card cannot attack ─────────────────────────────────────────────────────────────


async def test_a_closed_attacker_is_refused_before_rolling(
    console: Console, services: Services
) -> None:
    # seed 001:163 «Закрытая карта не может объявлять и/или выполнять какие-либо действия»
    seed_line("001", 163, "Закрытая карта не может объявлять и/или выполнять")
    await console.execute("/game start game:berserk player1:bob")
    await console.execute("/unit add Кобольд life:4")
    await console.execute("/unit add Огненный дракон life:9")
    await console.execute("/set target:Кобольд stat:закрыт value:1")
    out = await console.execute(
        "/berserk strike values:2-3-4 target:Огненный дракон attacker:Кобольд"
    )
    assert "Карта **Кобольд** закрыта, а закрытая карта не может нападать" in out
    assert "Ничего не брошено" in out and "/задать" in out
    assert unit(await state_of(services), "Огненный дракон").value("wounds") == 0
    console.lang = "en"
    out = await console.execute(
        "/berserk strike values:2-3-4 target:Огненный дракон attacker:Кобольд"
    )
    assert "is closed, and a closed card cannot attack" in out
    await console.execute("/set target:Кобольд stat:закрыт value:0")
    out = await console.execute(
        "/berserk strike values:2-3-4 target:Огненный дракон attacker:Кобольд"
    )
    assert "cannot attack" not in out
