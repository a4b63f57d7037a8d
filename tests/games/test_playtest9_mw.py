"""Playtest 9 and English walk 5 (issue 17): the Mage Wars slips M1–M4 and MW-1, MW-4, MW-5,
MW-6, MW-11, each asserted where the reply is made, in Russian and, where it changed, English."""

from __future__ import annotations

from bot.console import Console
from bot.context import Services
from tests.games.seeds import seed_line


def _en(services: Services) -> Console:
    return Console(services, user="alice", channel="table", lang="en")


async def test_mw1_burn_history_counts_markers_left(services: Services) -> None:
    en = _en(services)
    await en.execute("/game start game:mage-wars player1:bob life:36")
    await en.execute("/mw burn tokens:1")
    out = await en.execute("/history rolls")
    assert "markers left" in out or "marker left" in out
    assert "1 markers" not in out
    for n in range(2, 5):
        await en.execute(f"/mw burn tokens:{n}")
    out = await en.execute("/history rolls")
    assert "1 markers" not in out and "1 tokens" not in out


async def test_mw1_burn_history_in_russian(console: Console) -> None:
    await console.execute("/game start game:mage-wars player1:bob life:36")
    for n in range(1, 5):
        await console.execute(f"/mw burn tokens:{n}")
    out = await console.execute("/history rolls")
    assert "жетонов осталось" not in out
    assert "остался 1 жетон" in out or "осталось" in out


async def test_mw6_regenerate_is_capitalised_like_the_other_traits(services: Services) -> None:
    en = _en(services)
    await en.execute("/game start game:mage-wars player1:bob life:36")
    out = await en.execute("/unit add name:Gorilla life:10 traits:Counterstrike, Regenerate 2")
    assert "Regenerate 2" in out and "regenerate 2" not in out
    out = await en.execute("/game show")
    assert "regenerate 2" not in out


async def test_mw4_a_target_with_nothing_recorded_is_not_called_it(services: Services) -> None:
    en = _en(services)
    await en.execute("/game start game:mage-wars player1:bob life:36")
    out = await en.execute("/mw attack dice:3 target:bob")
    assert "Target: **bob** (no armor or defense recorded: 0 armor, no defense roll)" in out
    assert "for it" not in out


async def test_mw5_restrained_is_not_shown_without_a_defense_roll(services: Services) -> None:
    # seed 000:271 Stuck makes the creature Restrained: −2 to its defense roll, if it has one.
    en = _en(services)
    await en.execute("/game start game:mage-wars player1:bob life:36")
    await en.execute("/unit add name:Wolf life:8 armor:1")
    await en.execute("/token add Wolf token:stuck")
    out = await en.execute("/mw attack dice:3 target:Wolf")
    assert "Restrained" not in out and "(stuck)" not in out
    await en.execute("/unit add name:Fox life:8 defense:6")
    await en.execute("/token add Fox token:stuck")
    out = await en.execute("/mw attack dice:3 target:Fox")
    # playtest 13, M1: said once, in the defense line
    assert "Target's defense: 6+ (−2 to the roll: Stuck ⇒ Restrained)" in out


async def test_mw11_sweep_says_aegis_before_the_dice_it_removes(services: Services) -> None:
    # seed 000:6 Aegis X: the attacker rolls X dice fewer.
    en = _en(services)
    await en.execute("/game start game:mage-wars player1:bob life:36")
    await en.execute("/unit add name:Knight life:10 armor:2 traits:Aegis 1, Tough -2")
    for command in ("/mw sweep dice:3 targets:Knight, bob", "/mw attack dice:3 target:Knight"):
        out = await en.execute(command)
        aegis = out.index("Aegis 1: the attacker rolls 1 fewer attack die")
        assert aegis < out.index("Attack dice: **2** (3 − 1 Aegis)")


async def test_m1_healing_zero_is_out_of_range_not_nothing_to_heal(console: Console) -> None:
    await console.execute("/game start game:mage-wars player1:bob life:36")
    await console.execute("/unit add Медведь life:10")
    await console.execute("/dmg Медведь 5")
    out = await console.execute("/heal Медведь 0")
    assert "0 вне допустимых пределов (1…" in out
    assert "нечего" not in out


async def test_m2_mage_wars_replies_say_povrezhdeniya_not_uron(console: Console) -> None:
    seed_line("000", 79, "Direct Damage (Прямое повреждение)")  # seed 000:79
    await console.execute("/game start game:mage-wars player1:bob life:36")
    await console.execute("/unit add Волк life:100 armor:9")
    for _ in range(40):  # a critical hit ignores armor, so roll until one deals nothing
        out = await console.execute("/mw attack dice:1 target:Волк")
        if "В партию ничего не записано" in out:
            break
    assert "Повреждений нет, жетоны не изменились." in out and "урон" not in out.lower()
    out = await console.execute("/roll 4a")
    assert "Кубики атаки Mage Wars (4): " in out and "Обычные повреждения: **" in out
    assert "урон" not in out.lower()
    out = await console.execute("/odds mw dice:3")
    assert "Повреждения: вероятность «ровно» и «не меньше»" in out and "Урон" not in out
    await console.execute("/unit add Лис life:8")
    out = await console.execute("/heal Лис 2")
    assert "«Лис»: повреждений нет — лечить нечего." in out


async def test_m2_other_games_keep_uron(console: Console) -> None:
    await console.execute("/game start game:berserk player1:bob")
    await console.execute("/unit add Волк life:8")
    out = await console.execute("/heal Волк 2")
    assert "«Волк»: урона нет — лечить нечего." in out


async def test_m2_attack_dice_in_english(services: Services) -> None:
    en = _en(services)
    out = await en.execute("/roll 4a")
    assert "damage" in out.split("\n")[0] and "Normal damage: **" in out
    await en.execute("/game start game:mage-wars player1:bob life:36")
    await en.execute("/unit add Wolf life:100 armor:9")
    for _ in range(40):  # a critical hit ignores armor, so roll until one deals nothing
        out = await en.execute("/mw attack dice:1 target:Wolf")
        if "Nothing recorded" in out:
            break
    assert "No damage, no marker changed." in out


async def test_m3_the_board_shows_the_armor_corrode_left(console: Console) -> None:
    seed_line("000", 49, "прямое повреждение")  # seed 000:49: each Corrode token is Armor −1
    await console.execute("/game start game:mage-wars player1:bob life:36")
    await console.execute("/unit add Волк life:8 armor:2 defense:6")
    await console.execute("/token add Волк token:коррозия")
    out = await console.execute("/game show")
    assert "броня 2 (с коррозией — 1)" in out


async def test_m3_in_english(services: Services) -> None:
    en = _en(services)
    await en.execute("/game start game:mage-wars player1:bob life:36")
    await en.execute("/unit add Wolf life:8 armor:2")
    await en.execute("/token add Wolf token:corrode count:2")
    out = await en.execute("/game show")
    assert "armor 2 (0 with Corrode)" in out


async def test_m4_bleed_first_is_said_to_be_a_choice_with_the_other_way(console: Console) -> None:
    seed_line("000", 19, "можно удалить 1 жетон Bleed")  # seed 000:19: optional
    await console.execute("/game start game:mage-wars player1:bob life:36")
    await console.execute("/unit add Медведь life:10")
    await console.execute("/dmg Медведь 6")
    await console.execute("/token add target:Медведь token:кровотечение")
    out = await console.execute("/heal Медведь 2")
    assert "(по правилам это по желанию)" in out  # playtest 14, M1
    assert "/игра отменить и /прибавить цель:Медведь показатель:повреждения сколько:-2" in out
    await console.execute("/game undo")
    out = await console.execute("/add target:Медведь stat:повреждения amount:-2")
    assert "повреждения: 6 → 4" in out
