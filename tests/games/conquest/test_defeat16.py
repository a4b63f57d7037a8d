"""Issue 16: a hale Warlord at its HP is defeated (to its HQ, bloodied, exhausted); one shield
card per unit per damage (seed 003)."""

from __future__ import annotations

from bot.console import Console
from bot.context import Services
from tests.games.seeds import seed_line
from tests.helpers.tracker import state_of, unit


async def test_hale_warlord_at_its_hp_goes_to_hq_bloodied_and_exhausted(
    console: Console, services: Services
) -> None:
    # seed 003:116 «он терпит поражение и переносится в штаб своего владельца на окровавленной
    # стороне обессиленным»
    seed_line("003", 116, "переносится в штаб", "на окровавленной стороне обессиленным")
    await console.execute("/game start game:conquest player1:bob hale:7 bloodied:4")
    out = await console.execute("/dmg alice amount:9")
    # The life at the moment of defeat (0/7), then the bloodied side's whole (4/4); the flip,
    # the HQ and the exhaustion are told once, by the note, and never agree with «alice».
    assert "alice · урон: 0 → 7 · ❤ 0/7\n" in out
    assert "на окровавленную сторону (❤ 4/4), военачальник уходит в штаб обессиленным" in out
    assert "alice · окровавлен" not in out and ";" not in out
    warlord = unit(await state_of(services), "alice")
    assert [warlord.value(k) for k in ("bloodied", "hq", "exhausted", "damage")] == [1, 1, 1, 0]
    assert not warlord.destroyed
    board = await console.execute("/game show")
    assert "военачальник: окровавлен, в штабе, обессилен" in board
    out = await console.execute("/game next")  # the headquarters phase readies it; it stays in HQ
    # playtest 3 slip 6: the Warlord's mark in words, not «alice · обессилен: да → нет»
    assert "Военачальник игрока alice снова готов." in out and "обессилен:" not in out
    warlord = unit(await state_of(services), "alice")
    assert (warlord.value("exhausted"), warlord.value("hq")) == (0, 1)


async def test_one_shield_card_per_unit_per_damage(console: Console, services: Services) -> None:
    # seed 003:137 «За каждый отряд, которому наносится урон, его владелец может сбросить из руки
    # 1 карту щита»
    seed_line("003", 137, "За каждый отряд", "1 карту щита")
    await console.execute("/game start game:conquest player1:bob hale:7 bloodied:4")
    await console.execute("/unit add Отряд life:5")
    out = await console.execute("/token add Отряд token:щит count:1")  # EN-8 CQ-2: no pre-set
    assert "щит:M" in out and "Ничего не изменено." in out
    out = await console.execute("/dmg Отряд amount:3 shield:1")  # the card goes with the damage
    assert "карта щита предотвращает 1 урон и сбрасывается" in out
    squad = unit(await state_of(services), "Отряд")
    assert squad.value("damage") == 2  # one 1-icon card: 1 off
    await console.execute("/dmg Отряд amount:1")  # nothing carries over to the next damage
    assert unit(await state_of(services), "Отряд").value("damage") == 3


async def test_warlord_lines_name_its_player_in_the_genitive(console: Console) -> None:
    """Playtest 3 slips 5–6: «Военачальник Ани окровавлен», «Военачальник Ани снова готов»."""
    console.user = "Аня"
    await console.execute("/game start game:conquest player1:Борис hale:7 bloodied:4")
    out = await console.execute("/dmg Аня amount:7")
    assert "🩸 Военачальник Ани окровавлен: карта переворачивается" in out
    assert "терпит поражение" not in out
    out = await console.execute("/game next")
    assert "Военачальник Ани снова готов." in out
