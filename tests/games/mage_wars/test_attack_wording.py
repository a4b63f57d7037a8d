"""A Mage Wars roll at a tracked target, in words a player reads once (playtest 2, issue 17):
life left after each change, a heading that never contradicts its line, a legend only under dice."""

from __future__ import annotations

from bot.console import Console
from bot.context import Services
from tests.dice.test_console import last_roll
from tests.helpers.tracker import state_of, unit

LEGEND = "критическое повреждение"


async def _table(console: Console) -> None:
    await console.execute("/game start game:mage-wars player1:bob life:36")
    await console.execute("/unit add Голем owner:bob life:10 armor:2")


async def test_an_attack_records_life_left_like_dmg(console: Console, services: Services) -> None:
    await _table(console)
    for _ in range(10):  # the seeded dice: take the first attack that hurts
        out = await console.execute("/mw attack dice:6 target:bob")
        total = (await last_roll(services)).result["total"]
        if total:
            break
    assert total, "ten attacks of 6 dice did no damage"
    damage = unit(await state_of(services), "bob").value("damage")
    assert "Записано в партию" in out and "В партию ничего не записано" not in out
    assert f"bob · повреждения: {damage - total} → {damage} · ❤ {36 - damage}/36" in out
    assert "Обычные повреждения " in out and "критические " in out and "Обычное" not in out
    assert LEGEND in out  # dice are shown: their legend with them


async def test_an_avoided_attack_says_nothing_was_recorded(console: Console) -> None:
    await _table(console)
    out = await console.execute("/mw attack dice:3 target:Голем defense:1")  # 1+: always avoided
    assert "цель избегает атаки, повреждений нет" in out
    assert "В партию ничего не записано" in out and "Записано в партию" not in out
    assert "Ничего не изменилось" not in out
    assert LEGEND not in out  # no attack die is shown, so no legend of their faces


async def test_an_attack_lost_to_daze_records_nothing(console: Console, services: Services) -> None:
    await _table(console)
    for _ in range(30):
        out = await console.execute("/mw attack dice:3 target:Голем daze:true")
        if (await last_roll(services)).result["strikes"][0]["missed_daze"]:
            break
    else:
        raise AssertionError("thirty dazed attacks all hit")
    assert "В партию ничего не записано" in out and "Записано в партию" not in out
    assert LEGEND not in out


async def test_a_target_with_nothing_recorded_says_what_it_lacks(console: Console) -> None:
    await _table(console)
    out = await console.execute("/mw attack dice:1 target:bob")
    assert (
        "Цель: **bob** (в партии не записаны ни броня, ни защита: броня 0, защита не бросается)"
        in out
    )
    assert "ничего не записано)" not in out
