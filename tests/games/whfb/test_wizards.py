"""Per-wizard state in a tracked WFB magic phase (seed 002 lines 13 and 79)."""

from __future__ import annotations

from bot.console import Console
from bot.games.whfb.rules import MagicAttempt, wizard_refusal
from tests.games.seeds import seed_line


def test_wizard_refusal() -> None:
    seed_line("002", 79, "один раз в фазу", "более не может использовать магию")
    tried = [
        MagicAttempt(1, "cast", "Теклис", "Огненный шар", True),
        MagicAttempt(1, "cast", "Балтазар", "Щит", False),
        MagicAttempt(2, "dispel", "Шаман", "", False),
    ]
    assert wizard_refusal(tried, 1, "cast", "теклис", "огненный шар") is not None
    assert wizard_refusal(tried, 1, "cast", "Теклис", "Молния") is None
    refusal = wizard_refusal(tried, 1, "cast", "Балтазар", "Молния")
    assert refusal is not None and refusal.key == "dice.whf.wizard_failed_cast"
    assert wizard_refusal(tried, 2, "dispel", "шаман") is not None
    assert wizard_refusal(tried, 2, "dispel", "Другой") is None
    assert wizard_refusal(tried, 3, "cast", "Теклис", "Огненный шар") is None  # another side


async def test_tracked_phase(console: Console) -> None:
    await console.execute("/game start game:whfb player1:bob")
    await console.execute("/set target:alice stat:power value:12")
    out = await console.execute("/whf cast dice:1 level:1 value:20 wizard:Теклис spell:Шар")
    assert "больше не может творить" in out  # 1d6 + 1 never reaches 20
    out = await console.execute("/whf cast dice:1 level:1 value:2 wizard:Теклис spell:Молния")
    assert "уже не смог сотворить заклинание" in out and "Ничего не брошено" in out
    await console.execute("/roll 3d6")  # WF-5: the seeded dice would give 1-1-1, a natural fail
    out = await console.execute("/whf cast dice:3 level:4 value:2 wizard:Балтазар spell:Щит")
    out = await console.execute("/whf cast dice:3 level:4 value:2 wizard:Балтазар spell:щит")
    assert "каждое заклинание — один раз" in out
    # undoing a spend forgets that attempt
    await console.execute("/game undo")
    out = await console.execute("/whf cast dice:3 level:4 value:2 wizard:Балтазар spell:Щит")
    assert "один раз" not in out
    # a new phase: everyone may try again
    await console.execute("/game next")
    await console.execute("/game next")
    out = await console.execute("/set target:alice stat:power value:6")
    out = await console.execute("/whf cast dice:1 level:4 value:2 wizard:Теклис spell:Шар")
    assert "уже провалил" not in out
