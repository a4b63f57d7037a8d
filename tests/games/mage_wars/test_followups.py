"""Counterstrike, Damage Barrier, zone attacks and Sweeping on tracked targets (seed 000)."""

from __future__ import annotations

import pytest

from bot.console import Console
from bot.context import Services
from bot.games.mage_wars.followups import FollowupError, distinct, offers, split_targets
from tests.games.seeds import seed_line
from tests.helpers.tracker import CHANNEL, state_of, unit


def test_offers() -> None:
    seed_line("000", 53, "атаковано в ближнем бою", "быструю атаку против атакующего")
    seed_line("000", 62, "автоматическую атаку против каждого врага")
    seed_line("000", 135, "Не проводит counterstrike", "Damage barrier остается и работает")
    seed_line("000", 235, "не дают сработать Damage barrier и Counterstrike")
    both = {"counterstrike": 3, "barrier": 2}
    melee = offers(both, melee=True, target_destroyed=False)
    assert (melee.counterstrike, melee.barrier) == (3, 2)
    ranged = offers(both, melee=False, target_destroyed=False)
    assert (ranged.counterstrike, ranged.barrier) == (0, 0)
    stunned = offers({**both, "stun": 1}, melee=True, target_destroyed=False)
    assert (stunned.counterstrike, stunned.barrier) == (0, 2)
    dead = offers(both, melee=True, target_destroyed=True)
    assert (dead.counterstrike, dead.barrier) == (0, 2)


def test_targets() -> None:
    seed_line("000", 279, "Вторую атаку нельзя провести против той же цели")
    seed_line("000", 323, "Unavoidable и проводят отдельные атаки против каждого объекта")
    assert split_targets("A, B; C", sweeping=False) == ["A", "B", "C"]
    with pytest.raises(FollowupError):
        split_targets("A, B, C", sweeping=True)
    with pytest.raises(FollowupError):
        distinct([1, 1], sweeping=True)
    distinct([1, 2], sweeping=True)


async def _table(console: Console) -> None:
    await console.execute("/game start game:mage-wars player1:bob life:20")
    await console.execute("/unit add Страж life:8 armor:1 defense:7")
    await console.execute("/set target:Страж stat:ответный удар value:3")
    await console.execute("/set target:Страж stat:защитное поле value:2")
    console.user = "bob"
    await console.execute("/unit add Волк life:12")


async def test_counterstrike_and_barrier_undo_with_the_attack(
    console: Console, services: Services
) -> None:
    await _table(console)
    out = await console.execute(
        "/mw attack dice:3 target:Страж attacker:Волк melee:true defense:0 armor:0"
    )
    assert "Ответный удар («Страж»): 3 кубика" in out and "Защитное поле («Страж»): 2 кубика" in out
    before = unit(await state_of(services), "Страж").value("damage")
    out = await console.execute("!press 1")
    assert "Ответный удар («Страж»):" in out and "Цель: **Волк**" in out
    out = await console.execute("!press 1")
    assert "уже записан" in out
    out = await console.execute("!press 2")
    assert "Защитное поле («Страж»):" in out
    wolf = unit(await state_of(services), "Волк")
    assert wolf.value("damage") > 0
    out = await console.execute("/game undo")  # one undo: the attack and both answers
    state = await state_of(services)
    assert unit(state, "Волк").value("damage") == 0
    assert unit(state, "Страж").value("damage") == 0 and before > 0
    await console.execute("/game redo")
    state = await state_of(services)
    assert unit(state, "Волк").value("damage") == wolf.value("damage")


async def test_followups_only_for_melee_and_only_right_after(console: Console) -> None:
    await _table(console)
    out = await console.execute("/mw attack dice:4 target:Страж attacker:Волк")
    assert "Ответный удар" not in out  # a ranged attack triggers neither
    out = await console.execute("/mw attack dice:4 target:Страж melee:true")
    assert "укажите атакующий:" in out
    await console.execute("/mw attack dice:4 target:Страж attacker:Волк melee:true")
    await console.execute("/dmg alice amount:1")
    out = await console.execute("!press 1")
    assert "партия уже менялась" in out


async def test_zone_rolls_daze_once_and_is_unavoidable(
    console: Console, services: Services
) -> None:
    seed_line("000", 68, "Если атака проводится на зону – проверяйте один раз")
    await _table(console)
    out = await console.execute("/mw zone dice:3 targets:Страж, Волк, alice daze:true")
    assert out.count("Оцепенение проверяется один раз") == 1
    assert "Атака неизбежна" in out  # Страж has defense 7, not rolled
    rolls = await services.storage.rolls.recent(CHANNEL, 0, 1)
    attacks = rolls[0].result["attacks"]
    assert len(attacks) == 3
    assert len({a["daze"]["roll"] for a in attacks}) == 1
    assert all(a["strikes"][0]["defense"] is None for a in attacks)
    out = await console.execute("/game undo")
    assert "Отменён 1 шаг" in out


async def test_sweeping_two_different_targets(console: Console) -> None:
    await _table(console)
    out = await console.execute("/mw sweep dice:3 targets:Страж, Страж")
    assert "той же цели" in out
    out = await console.execute("/mw sweep dice:3 targets:Страж")
    assert "ровно две" in out and "вы указали 1 цель" in out
    out = await console.execute("/mw sweep dice:3 targets:Страж, alice")
    assert "Зачистка:" in out and "Защита" in out


async def test_followups_of_an_attack_that_changed_nothing(
    console: Console, services: Services
) -> None:
    await _table(console)
    # a 12+ defense roll is needed to hit through: with defense 1 every strike is avoided
    out = await console.execute("/mw attack dice:2 target:Страж attacker:Волк melee:true defense:1")
    # the heading says nothing was recorded, never «Записано в партию» over «nothing changed»
    assert "В партию ничего не записано" in out and "Ответный удар («Страж»" in out
    assert "Записано в партию" not in out and "критическое повреждение" not in out
    out = await console.execute("!press 1")
    assert "Ответный удар («Страж»):" in out
    assert "уже записан" in await console.execute("!press 1")
    await console.execute("!press 2")
    await console.execute("/game undo")  # both answers, one user step
    state = await state_of(services)
    assert unit(state, "Волк").value("damage") == 0
    assert unit(state, "Страж").value("counterstrike") == 3


async def test_followups_refused_once_their_attack_is_undone(
    console: Console, services: Services
) -> None:
    """QA: undoing the attack and then pressing its Counterstrike hit the attacker anyway."""
    await _table(console)
    await console.execute("/mw attack dice:3 target:Страж attacker:Волк melee:true defense:0")
    await console.execute("/game undo")
    out = await console.execute("!press 1")
    assert "партия уже менялась" in out
    assert unit(await state_of(services), "Волк").value("damage") == 0
    await console.execute("/game redo")  # the attack is back: its answers are offered again
    out = await console.execute("!press 1")
    assert "Ответный удар («Страж»):" in out


async def test_redo_lists_the_followups_it_brings_back(console: Console) -> None:
    """QA: /game redo brought the attack and both answers back but named only the attack."""
    await _table(console)
    await console.execute("/mw attack dice:3 target:Страж attacker:Волк melee:true defense:0")
    await console.execute("!press 1")
    await console.execute("!press 2")
    await console.execute("/game undo")
    out = await console.execute("/game redo")
    assert "атака — Страж" in out
    assert "Ответный удар — Волк" in out and "Защитное поле — Волк" in out
