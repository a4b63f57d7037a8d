"""English walk 6 (issue 17, `docs/playtest-en-6.md`): the WFB slips WF-1–WF-4, the Conquest
slips CQ-1–CQ-5 and the KeyForge slips KF-1, KF-2, pinned in the console's English (and Russian
where the rule or the information changed)."""

from __future__ import annotations

from bot.console import Console
from tests.games.seeds import seed_line


async def test_wf4_spell_resolution_step_carries_its_official_english_name(
    console: Console,
) -> None:
    console.lang = "en"
    out = await console.execute("/glossary game:whfb")
    assert "Заклинание сработало или нет (Spell Resolution)" in out


async def _conquest(console: Console) -> None:
    console.lang = "en"
    console.user = "Anna"
    await console.execute("/game start game:conquest player2:Bob hale:6 bloodied:4")


async def test_cq1_a_planet_is_captured(console: Console) -> None:
    await _conquest(console)
    out = await console.execute("/planet name:Tarrus player:Bob icons:material, tech")
    assert "Bob captures Tarrus (material, technology)." in out  # EN-10 CQ-3: one line
    assert "wins the planet" not in out


async def test_cq3_the_shield_confirmation_is_a_sentence(console: Console) -> None:
    await _conquest(console)
    await console.execute("/unit add name:Ork Boyz life:3")
    out = await console.execute("/dmg target:Ork Boyz amount:1 shield:1")  # EN-8 CQ-2
    assert (
        "🛡 Ork Boyz: the shield card prevents 1 damage and is discarded; no damage is dealt · ❤"
        in out
    )


async def test_kf2_the_fight_line_says_who_strikes_back(console: Console) -> None:
    console.lang = "en"
    console.user = "Anna"
    await console.execute("/game start game:keyforge player2:Vicky")
    await console.execute("/unit add name:Troll power:8")
    await console.execute("/unit add name:Urchin power:1 owner:Vicky")
    out = await console.execute("/kf fight attacker:Troll target:Urchin")
    assert (
        "⚔ Troll fights Urchin. Urchin takes 8 damage — 💀 destroyed. "
        "Troll takes 1 damage — 1 damage on it now (power 8, 7 more destroys it)."
    ) in out
    assert "Back:" not in out


async def test_cq4_the_log_says_the_warlord_fell_and_who_won(console: Console) -> None:
    await _conquest(console)
    await console.execute("/dmg target:Bob amount:6")
    await console.execute("/dmg target:Bob amount:4")
    out = await console.execute("/game log n:1")
    assert "Bob's bloodied Warlord is defeated; Anna wins; the game is over" in out
    assert "Bob destroyed" not in out
    console.lang = "ru"
    out = await console.execute("/игра журнал n:1")
    assert "окровавленный военачальник игрока Bob повержен; победа: Anna, партия окончена" in out
    assert "вне игры" not in out


async def test_cq5_the_board_says_the_hp_is_the_warlords(console: Console) -> None:
    await _conquest(console)
    out = await console.execute("/game show")
    assert "Warlord ❤ ▰▰▰▰▰▰▰▰▰▰ 6/6" in out
    console.lang = "ru"
    out = await console.execute("/игра показать")
    assert "Военачальник ❤ ▰▰▰▰▰▰▰▰▰▰ 6/6" in out


async def test_kf1_the_board_counts_the_captured_aember(console: Console) -> None:
    console.lang = "en"
    console.user = "Anna"
    await console.execute("/game start game:keyforge player2:Vicky")
    await console.execute("/unit add name:Troll power:10")
    await console.execute("/add target:Vicky stat:aember amount:3")
    await console.execute("/kf capture target:Troll amount:2")
    out = await console.execute("/game show")
    assert "• Troll · power 10 · 2 captured Æmber" in out
    assert "tokens: captured" not in out
    console.lang = "ru"
    out = await console.execute("/игра показать")
    assert "• Troll · сила 10 · захвачено 2 янтаря" in out


async def test_wf2_a_unit_added_without_wounds_says_it_has_one(console: Console) -> None:
    console.lang = "en"
    console.user = "Anna"
    await console.execute("/game start game:whfb player1:Bob")
    out = await console.execute("/unit add name:Gold Wizard owner:Bob")
    assert (
        "No wounds given for the profile, so 1 is recorded. If it has more: "  # EN12 WF-3
        "/set target:Gold" in out
    )
    out = await console.execute("/unit add name:Orc life:2")
    assert "No wounds given" not in out
    console.lang = "ru"
    out = await console.execute("/unit add name:Маг Света owner:Bob")
    assert "Раны по профилю не указаны — записано 1." in out  # RU-19 W1


async def test_wf1_wizards_are_the_casting_sides_and_a_typed_count_is_for_this_roll(
    console: Console,
) -> None:
    # seed 002:47 «Сотворяющий игрок кидает D6 за каждого мага в своей армии»
    seed_line("002", 47, "Сотворяющий игрок кидает D6 за каждого мага в своей армии")
    console.lang = "en"
    console.user = "Anna"
    await console.execute("/game start game:whfb player2:Bob")
    await console.execute("/unit add name:Gold Wizard owner:Bob life:2")
    await console.execute("/unit add name:Jade Wizard life:2 traits:wizard")
    console.user = "Bob"  # Anna's magic phase; Bob types the roll
    out = await console.execute("/whf winds wizards:3")
    assert "Channelling (Anna, 3 wizards):" in out and "Bob, 1 wizard):" in out
    assert (
        "Anna: this roll counts 3 wizards, but the table has 1 wizard; "
        "the wizards on the table stay as they are."
    ) in out
    board = await console.execute("/game show")
    assert board.count("wizards 1") == 2
    log = await console.execute("/game log n:1")
    assert "wizards 1 → 3" not in log
    help_text = await console.execute("/help command:whf winds")
    assert "Wizards of the casting side (whose magic phase it is)" in help_text
    assert "Wizards of the dispelling side (the caster's opponent)" in help_text
    odds = await console.execute("/odds winds wizards:2 enemy_wizards:1")
    assert "the caster's 2 wizards against the dispeller's 1 wizard" in odds
    console.lang = "ru"
    await console.execute("/game undo")
    out = await console.execute("/вфб ветры маги:2")
    assert "Anna: в команде — 2 мага, на доске — 1 маг; число магов" in out


async def test_wf3_a_term_outside_the_magic_phase_chapter_says_so(console: Console) -> None:
    console.lang = "en"
    await console.execute("/game start game:whfb player1:Bob")
    out = await console.execute("/rule remains in play")
    assert "No entry for “remains in play”: the magic-phase chapter these texts come from" in out
    assert "titled in Russian" not in out
    console.lang = "ru"
    out = await console.execute("/rule remains in play")
    assert "тексты взяты из главы о фазе магии, и она этого не касается" in out


async def test_cq2_a_covered_term_says_where_it_is_covered(console: Console) -> None:
    await _conquest(console)
    for term in ("exhaust", "warlord", "bloodied"):
        out = await console.execute(f"/rule {term}")
        assert f"No entry for “{term}”. It is mentioned in: Урон (Damage)." in out
        assert "ruled in" not in out
