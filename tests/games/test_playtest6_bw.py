"""Playtest 6 (issue 17), the Berserk and WFB slips: B1–B5 and W1–W4."""

from __future__ import annotations

from bot.console import Console
from bot.context import Services
from tests.games.seeds import seed_line
from tests.helpers.tracker import state_of, unit

# ── B3: a closed card does not fight, even when fight mode is asked for ─────────────────────────


async def test_fight_mode_at_a_closed_card_is_worked_out_as_closed(
    console: Console, services: Services
) -> None:
    # seed 001:229 «Если атака наносится как по закрытой карте, то цель атаки не сражается»
    seed_line("001", 229, "Как по закрытой карте", "цель атаки не сражается")
    await console.execute("/game start game:berserk player1:bob")
    await console.execute("/unit add Циклоп life:9")
    await console.execute("/set target:Циклоп stat:закрыт value:1")
    for _ in range(12):  # whatever the dice: no defender roll, no answer
        out = await console.execute(
            "/berserk strike values:2-3-4 mode:fight target:Циклоп defender_values:1-2-3"
        )
        assert "закрытая карта не сражается, поэтому режим сражения неприменим" in out
        assert "Режим: закрытый" in out and "Режим: сражение" not in out
        assert "Ответ атакованной карты" not in out and "Броски:" not in out
        assert "Выбор: бьют оба" not in out
        if unit(await state_of(services), "Циклоп").destroyed:
            break
    console.lang = "en"
    await console.execute("/unit add Ogre life:50")
    await console.execute("/set target:Ogre stat:закрыт value:1")
    out = await console.execute("/berserk strike values:1 mode:fight target:Ogre")
    assert "a closed card does not fight, so fight mode does not apply" in out
    assert "The defender strikes back" not in out


async def test_fight_mode_at_an_open_card_still_fights(console: Console) -> None:
    await console.execute("/game start game:berserk player1:bob")
    await console.execute("/unit add Гном life:30")
    out = await console.execute("/berserk strike values:1 mode:fight target:Гном")
    assert "Режим: сражение" in out and "(карта открыта)" in out
