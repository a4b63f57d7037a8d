"""Mage Wars rules the tracker applies by itself (`bot/games/mage_wars/rules.py`), each with the
seed line it implements (`glossary/sources/000_c24c5dd4a3038de3.txt`)."""

from __future__ import annotations

from bot.games.mage_wars.rules import (
    Healing,
    corrode_split,
    heal,
    restraining,
    upkeep,
)
from tests.games.seeds import seed_line


def test_corrode_beyond_armor_is_direct_damage() -> None:
    # 000:49 «за каждый жетон сверх Armor он получает 1 прямое повреждение ядом вместо жетона»
    seed_line("000", 49, "сверх Armor", "прямое повреждение", "вместо жетона")
    # The Druid example (same line): armor 2, two Corrode: one more is 1 direct damage.
    split = corrode_split(2, 2, 1)
    assert (split.tokens, split.damage) == (0, 1)
    assert corrode_split(3, 1, 4).tokens == 2 and corrode_split(3, 1, 4).damage == 2
    assert corrode_split(0, 0, 2).damage == 2
    assert corrode_split(5, 0, 2).damage == 0
    # «Коррозия не действует на Incorporeal объекты»
    assert corrode_split(0, 0, 3, incorporeal=True).damage == 0


def test_cripple_and_stuck_restrain() -> None:
    seed_line("000", 57, "Restrained")  # Cripple
    seed_line("000", 271, "Restrained")  # Stuck
    seed_line("000", 251, "-2 ко всем броскам на защиту")
    assert restraining({"cripple": 1}) == "cripple"
    assert restraining({"stuck": 2, "daze": 1}) == "stuck"
    assert restraining({"cripple": 0, "daze": 3}) == ""


def test_healing_removes_bleed_rage_and_finite_life_blocks() -> None:
    seed_line("000", 19, "удалить 1 жетон Bleed за каждую единицу лечения", "Finite Life")
    seed_line("000", 231, "При лечении или регенерации удалите один жетон")
    seed_line("000", 107, "не лечится, не регенерирует")
    assert heal(3, damage=5, bleed=2, rage=0, finite_life=False) == Healing(1, 2, 0, False)
    assert heal(3, damage=5, bleed=0, rage=2, finite_life=False) == Healing(3, 0, 1, False)
    assert heal(6, damage=5, bleed=0, rage=2, finite_life=False) == Healing(5, 0, 2, False)
    assert heal(4, damage=5, bleed=2, rage=2, finite_life=True) == Healing(0, 0, 0, True)
    assert heal(0, damage=5, bleed=2, rage=2, finite_life=False) == Healing(0, 0, 0, False)


def test_regenerate_goes_first_only_before_lethal_damage() -> None:
    seed_line("000", 245, "Регенерация")
    # Not lethal: damage first, Regenerate heals what it left.
    plan = upkeep(damage=2, burn=3, bleed=0, rot=0, regenerate=2, life=10)
    assert not plan.regenerate_first and plan.dealt == 3 and plan.healing.damage == 2
    # Lethal (5 + 3 >= 8): Regenerate 2 first, then 3 → 6 damage, alive.
    plan = upkeep(damage=5, burn=3, bleed=0, rot=0, regenerate=2, life=8)
    assert plan.regenerate_first and not plan.lethal and plan.healing.damage == 2
    # Lethal either way: destroyed, and nothing is healed.
    plan = upkeep(damage=5, burn=6, bleed=0, rot=0, regenerate=1, life=8)
    assert plan.lethal
    # Finite Life: no Regenerate at all.
    plan = upkeep(damage=5, burn=0, bleed=0, rot=3, regenerate=2, life=8, finite_life=True)
    assert plan.lethal and plan.healing.blocked
    # Tainted counts 3 (000:281): 2 damage + 3 Tainted + Rot 1 = 6 of 6 → lethal first.
    seed_line("000", 281, "3 повреждения")
    plan = upkeep(damage=2, burn=0, bleed=0, rot=1, regenerate=1, life=6, tainted=3)
    assert plan.regenerate_first and not plan.lethal
