"""Playtest 8 (issue 17, `docs/playtest-ru-8.md`): M5 (a taken name is said to be taken) and
M6 (a step that changed nothing carries no success mark)."""

from __future__ import annotations

from bot.console import Console

START = "/game start game:mage-wars player1:Борис player2:Вика life:36 play:yes"


async def test_m5_a_taken_name_is_numbered_and_said(console: Console) -> None:
    console.user = "Аня"
    await console.execute(START)
    first = await console.execute("/unit add name:Медведь owner:Борис life:8")
    assert "занято" not in first
    out = await console.execute("/unit add name:Медведь owner:Вика life:8")
    assert "Медведь 2 (Вика)" in out
    assert "Имя «Медведь» уже занято: новое имя — «Медведь 2»." in out


async def test_m5_in_english(console: Console) -> None:
    console.lang, console.user = "en", "Аня"
    await console.execute(START)
    await console.execute("/unit add name:Bear owner:Борис life:8")
    out = await console.execute("/unit add name:Bear owner:Вика life:8")
    assert "The name “Bear” is taken: the new name is “Bear 2”." in out


async def test_m6_a_heal_that_does_nothing_has_no_success_mark(console: Console) -> None:
    """Nonliving means Finite Life: healing does nothing (seed 000:190, 000:107), so no ✔."""
    console.user = "Аня"
    await console.execute(START)
    await console.execute("/unit add name:Скелет owner:Вика life:5 traits:неживое")
    hurt = await console.execute("/dmg target:Скелет amount:3")
    assert hurt.lstrip().startswith("✔")
    out = await console.execute("/heal target:Скелет amount:2")
    assert "нельзя лечиться" in out and "✔" not in out
