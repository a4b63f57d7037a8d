"""Playtest 8 (issue 17, `docs/playtest-ru-8.md`): M2 (where a given value came from, said
without a gendered participle), M3 (an effect roll says it takes effect) and M4 (no Restrained
modifier for a target that makes no defense roll)."""

from __future__ import annotations

from bot.console import Console
from tests.games.seeds import seed_line

START = "/game start game:mage-wars player1:Борис player2:Вика life:36 play:yes"


async def test_m2_a_given_value_is_said_as_from_the_command(console: Console) -> None:
    console.user = "Аня"
    await console.execute(START)
    await console.execute("/unit add name:Страж owner:Вика life:10 armor:2 defense:8")
    out = await console.execute("/mw attack dice:3 target:Страж armor:1 defense:6")
    # en-9 MW-1: each said on its own value line, not on a second «Броня:» line
    assert "Броня: **1** (из команды, а в партии записано 2)" in out
    assert "Защита цели: 6+ (из команды, а в партии записано 8)" in out
    assert "указано" not in out


async def test_m3_an_effect_roll_that_reaches_its_row_says_it_happens(console: Console) -> None:
    for _ in range(40):  # seeded dice differ per call: try until one reaches 7+
        out = await console.execute("/mw attack dice:2 effect:7+")
        if "— срабатывает («7+»)" in out:
            break
    else:
        raise AssertionError("no effect roll reached 7+ in 40 attacks")
    assert "→ «7+»" not in out


async def test_m4_a_stunned_and_restrained_target_gets_no_defense_modifier_line(
    console: Console,
) -> None:
    """Seed 000:135: an Incapacitated object makes no defense roll, so the −2 of Restrained
    (000:250) modifies nothing and is not said."""
    assert seed_line("000", 135, "")
    console.user = "Аня"
    await console.execute(START)
    await console.execute("/unit add name:Рыцарь owner:Вика life:10 defense:7")
    await console.execute("/token add target:Рыцарь token:stun")
    await console.execute("/token add target:Рыцарь token:stuck")
    out = await console.execute("/mw attack dice:3 target:Рыцарь")
    assert "защита не бросается" in out and "−2 к броску защиты" not in out
    await console.execute("/token remove target:Рыцарь token:stun")
    out = await console.execute("/mw attack dice:3 target:Рыцарь")
    # playtest 13, M1: said once, in the defense line
    assert "Защита цели: 7+ (−2 к броску: Застрявший ⇒ Связанный)" in out
