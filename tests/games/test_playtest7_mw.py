"""Playtest 7 (issue 17): the Mage Wars slips M1–M10 and the general slips G1–G4, each asserted
where the reply is made, in Russian and, where the wording changed, in English."""

from __future__ import annotations

from bot.console import Console
from bot.context import Services
from tests.games.seeds import seed_line


async def _start(console: Console) -> None:
    await console.execute("/game start game:mage-wars player1:bob life:36")


async def test_m3_a_destroyed_pick_hands_the_buttons_to_the_next_living(console: Console) -> None:
    await _start(console)
    await console.execute("/unit add Тролль life:12")
    await console.execute("/unit add Тролль 2 life:12")
    await console.execute("/game show")
    await console.execute("!press 2")  # the select: Тролль
    await console.execute("/dmg target:Тролль amount:12")
    board = await console.execute("/game show")
    assert "меняют —" not in board
    assert "Кнопки ± меняют урон, выбрано: **Тролль 2**" in board
    assert "▸ **Тролль 2**" in board and "▸ **Тролль**" not in board


async def test_m3_in_english(services: Services) -> None:
    en = Console(services, user="alice", channel="table", lang="en")
    await en.execute("/game start game:mage-wars player1:bob life:36")
    await en.execute("/unit add Troll life:12")
    await en.execute("/game show")
    await en.execute("!press 2")
    await en.execute("/dmg target:Troll amount:12")
    board = await en.execute("/game show")
    assert "change —" not in board and "of: **bob**" in board


async def test_m2_escape_points_at_a_command_that_records_it(console: Console) -> None:
    seed_line("000", 271, "на 7 и выше, уберите жетон Stuck")
    seen: set[str] = set()
    for _ in range(40):
        out = await console.execute("/mw escape")
        assert "цель не указана" not in out
        if "удалось (" in out and "не удалось" not in out:
            assert "Чтобы записать это в партию: /жетон убрать цель:… жетон:…" in out
            seen.add("ok")
        else:
            assert "«застрявший» или «паралич» остаётся." in out
            seen.add("fail")
    assert seen == {"ok", "fail"}


async def test_m5_history_names_the_barrier_roll_in_words(
    console: Console, services: Services
) -> None:
    await _start(console)
    await console.execute("/unit add Голем owner:bob life:12 traits:Защитное поле 2")
    out = await console.execute("/mw attack dice:3 target:Голем attacker:alice melee:true")
    assert "Защитное поле («Голем»)" in out
    await console.execute("!press 1")
    out = await console.execute("/history rolls")
    assert "`/мв атака → защитное поле`" in out and "barrier" not in out
    en = Console(services, user="alice", channel="table", lang="en")
    out = await en.execute("/history rolls")
    assert "`/mw attack → Damage Barrier`" in out
