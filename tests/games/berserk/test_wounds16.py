"""Issue 16: Броня Х stops only non-magical attacks; `/berserk wound` and `/berserk strike
attacker:` write the wounds (seed 001)."""

from __future__ import annotations

import pytest

from bot.console import Console
from bot.context import Services
from bot.games.berserk.rules import WOUND_SOURCES, armor_applies, strike_source
from tests.games.seeds import seed_line
from tests.helpers.tracker import state_of, unit


def test_armor_stands_only_against_a_non_magical_attack() -> None:
    # seed 001:37 «Предотвратить первые X ран от немагических атак»
    # seed 001:161 «Заклинание. Магическая способность. Заклинание не является атакой»
    # seed 001:73 «Воздействие. Немагическая способность. Воздействие не является атакой»
    # seed 001:275 «Магическая способность. Заклинание, магический удар или разряд»
    seed_line("001", 37, "от немагических атак")
    seed_line("001", 161, "Заклинание не является атакой")
    seed_line("001", 73, "Воздействие не является атакой")
    seed_line("001", 275, "магический удар или разряд")
    assert [s for s in WOUND_SOURCES if armor_applies(s)] == ["attack"]
    assert strike_source("simple") == strike_source("shot") == "attack"
    assert strike_source("magic") == strike_source("discharge") == "magic"


async def _table(console: Console) -> None:
    await console.execute("/game start game:berserk player1:bob")
    await console.execute("/unit add Гном life:9 traits:броня 1")


@pytest.mark.parametrize("source", ["spell", "magic", "effect", "poison"])
async def test_armor_leaves_a_magic_wound_whole(
    console: Console, services: Services, source: str
) -> None:
    # seed 001:37 (Test 5 of issue 16): a spell's 2 wounds stay 2, and Броня is not spent
    await _table(console)
    out = await console.execute(f"/berserk wound target:Гном amount:2 source:{source}")
    # playtest 3 slip 18: the card's number, not the letter, and the wounds counted
    assert "Гном: Броня 1 не " in out and "нанесены 2 раны." in out
    gnome = unit(await state_of(services), "Гном")
    assert (gnome.value("wounds"), gnome.value("armor_used")) == (2, 0)
    out = await console.execute("/berserk wound target:Гном amount:2")  # Броня still stands
    gnome = unit(await state_of(services), "Гном")
    assert (gnome.value("wounds"), gnome.value("armor_used")) == (3, 1)
    # playtest 3 slip 16: the note says the armor is used up; no «предотвращено бронёй: 0 → 1»
    assert "предотвращено бронёй" not in out and "Броня 1 предотвратила 1 рану" in out
    out = await console.execute("/game next")
    assert "Броня снова действует: Гном (Броня 1)." in out and "предотвращено бронёй" not in out


async def test_strike_with_attacker_writes_wounds_both_ways(
    console: Console, services: Services
) -> None:
    await console.execute("/game start game:berserk player1:bob")
    await console.execute("/unit add Гном life:20 traits:броня 1")
    console.user = "bob"
    await console.execute("/unit add Тролль life:20")
    for _ in range(8):  # seeded: some fights are struck back, some are not
        # playtest 13, B5: an attacker closes (seed 001:163); open it for the next fight
        await console.execute("/set target:Тролль stat:closed value:0")
        out = await console.execute(
            "/berserk strike values:2-3-4 target:Гном attacker:Тролль defender_values:3-4-5"
        )
        assert "Записано в партию" in out or "Ран нет — в партию ничего не записано." in out
    state = await state_of(services)
    gnome, troll = unit(state, "Гном"), unit(state, "Тролль")
    rolls = await services.storage.rolls.recent(state.game.channel_id, 0, 8)
    dealt = sum(r.result["attacker"]["wounds"] for r in rolls)
    back = sum((r.result["defender"] or {}).get("wounds") or 0 for r in rolls)
    assert back > 0 and dealt > 0
    assert gnome.value("armor_used") == 1  # Броня 1: the first wound of the turn
    assert gnome.value("wounds") == dealt - 1
    assert troll.value("wounds") == back


async def test_attacker_needs_a_target(console: Console) -> None:
    await _table(console)
    out = await console.execute("/berserk strike values:2-3-4 attacker:Гном")
    assert "укажите и цель" in out
