"""Playtest 8 M1 (issue 17, `docs/playtest-ru-8.md`): Burn is rolled once per upkeep.

Seed 000:25 (Burn): «Каждую фазу Содержание бросьте 1 кубик … за каждый жетон Burn». `/game next`
rolls it for every tracked unit, so once a game has passed a round a targeted `/mw burn` would
roll the same tokens twice in one round (it killed a goblin in the playtest)."""

from __future__ import annotations

from bot.console import Console
from tests.games.seeds import seed_line

START = "/game start game:mage-wars player1:Борис player2:Вика life:36 play:yes"


async def _goblin(console: Console) -> None:
    console.user = "Аня"
    await console.execute(START)
    await console.execute("/unit add name:Гоблин owner:Вика life:5")
    await console.execute("/token add target:Гоблин token:burn count:2")


async def test_a_targeted_burn_after_an_upkeep_is_refused_and_changes_nothing(
    console: Console,
) -> None:
    assert seed_line("000", 25, "Каждую фазу Содержание")
    await _goblin(console)
    await console.execute("/game next")
    before = await console.execute("/game show")
    out = await console.execute("/mw burn tokens:2 target:Гоблин")
    assert out.lstrip().startswith("✖")
    assert "бот бросит сам в фазе содержания (/игра дальше)" in out  # ru-19 M1
    assert "сейчас ничего не брошено" in out
    assert await console.execute("/game show") == before


async def test_a_targeted_burn_in_the_first_round_is_refused_too(console: Console) -> None:
    """Playtest 15, M2: the coming Upkeep (`/game next`) rolls these tokens, so a hand roll mid-
    round would be a second roll; only a card's extra roll (`extra_roll:true`) is written."""
    await _goblin(console)
    before = await console.execute("/game show")
    out = await console.execute("/mw burn target:Гоблин")
    assert out.lstrip().startswith("✖") and "лишний_бросок:да" in out
    assert await console.execute("/game show") == before
    out = await console.execute("/mw burn target:Гоблин extra_roll:true")
    assert "Записано в партию" in out and "Гоблин · повреждения: 0 →" in out


async def test_an_untargeted_burn_roll_is_always_allowed(console: Console) -> None:
    await _goblin(console)
    await console.execute("/game next")
    out = await console.execute("/mw burn tokens:2")
    assert "✖" not in out and "Кубики (2)" in out
