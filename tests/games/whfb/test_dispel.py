"""WFB dispel (seed 002): no wizard still dispels; a failed dispel bars the wizard."""

from __future__ import annotations

from bot.console import Console
from bot.games.whfb.rules import dispel_notes
from tests.games.seeds import seed_line


def test_dispel_notes() -> None:
    seed_line("002", 17, "не имеет на поле боя действующих магов", "всё равно может")
    seed_line("002", 13, "больше не может пытаться творить магию")
    assert dispel_notes(True, 0) == ["dice.whf.dispel_no_wizard"]
    assert dispel_notes(False, 0) == ["dice.whf.dispel_no_wizard"]
    assert dispel_notes(False, 2) == ["dice.whf.dispel_fail_note"]
    assert dispel_notes(False, 2, named=True) == ["dice.whf.dispel_fail_named"]
    assert dispel_notes(True, 2) == []
    assert dispel_notes(True, 0, named=True) == ["dice.whf.dispel_level0_named"]


async def test_a_named_wizard_at_level_0_is_not_no_wizard(console: Console) -> None:
    """Playtest 3 slip 23: «маг:Гном» at level 0 is not «Без мага»."""
    out = await console.execute("/whf dispel dice:3 level:0 against:14 wizard:Гном")
    assert "Гном рассеивает без бонуса уровня (уровень 0)" in out and "Без мага" not in out


async def test_dispel_without_wizard_in_a_tracked_game(console: Console) -> None:
    await console.execute("/game start game:whfb player1:bob")
    console.user = "bob"
    await console.execute("/set target:bob stat:dispel value:3")
    out = await console.execute("/whf dispel dice:2 level:0 against:3")
    assert "Без мага (уровень 0)" in out
    assert "уровень 0" in out and "Ничего" not in out
    out = await console.execute("/game show")
    assert "рассеивани" in out.lower()


async def test_failed_dispel_says_the_wizard_is_done(console: Console) -> None:
    for _ in range(20):
        out = await console.execute("/whf dispel dice:1 level:1 against:12")
        assert "больше не рассеивает" in out  # 1d6 + 1 never reaches 12
