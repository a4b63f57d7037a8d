"""Playtest 16 (ru) and en-9 (issue 17), the Mage Wars and general share: each test pins the
reworded reply or the rule now applied, in both languages where the reply has both."""

from __future__ import annotations

from bot.console import Console
from tests.games.seeds import seed_line


async def _mw(console: Console) -> None:
    """Аня against Борис, with Борис's Страж on the board."""
    console.user = "Аня"
    await console.execute("/game start game:mage-wars player1:Борис life:36")
    await console.execute("/unit add name:Страж owner:Борис life:10")


# ── M1: the sweep refusal counts the targets in words, never «а названо: 1» ─────────────────


async def test_m1_sweep_counts_targets_naturally(console: Console) -> None:
    assert seed_line("000", 279, "Вторую атаку нельзя провести против той же цели")
    await _mw(console)
    out = await console.execute("/mw sweep dice:3 targets:Страж")
    assert "а вы указали 1 цель." in out and "названо" not in out
    out = await console.execute("/mw sweep dice:3 targets:Страж, Аня, Борис")
    assert "а вы указали 3 цели." in out
    console.lang = "en"
    out = await console.execute("/mw sweep dice:3 targets:Страж")
    assert "but you named 1 target." in out


# ── G1: the undo refusal names the step's author in the nominative, with no gender shown ────


async def test_g1_undo_refusal_keeps_the_name_in_the_nominative(console: Console) -> None:
    await _mw(console)
    await console.execute("/dmg target:Борис amount:2")
    console.user = "Борис"
    out = await console.execute("/game undo")
    assert "Автор шага #" in out and "— Аня." in out and "игрока Аня" not in out
    console.lang = "en"
    out = await console.execute("/game undo")
    assert "was taken by Аня." in out


# ── CQ-3 and G-2: the last game's board says «over» once, and no «no winner was named» ──────


async def test_cq3_last_game_heading_is_one_line(console: Console) -> None:
    console.user = "Anna"
    await console.execute("/game start game:conquest player1:Bob hale:7 bloodied:4")
    await console.execute("/dmg target:Bob amount:20")
    await console.execute("/dmg target:Bob amount:20")
    console.lang = "en"
    out = await console.execute("/game show")
    # the warlord fell: one line under the title names the winner
    assert "No game is running. The last game was won by **Anna**." in out
    assert out.count("Conquest") == 1 and "The game is over" not in out
    console.lang = "ru"
    out = await console.execute("/игра показать")
    assert "Сейчас партия не идёт. Победитель последней партии: **Anna**." in out
    assert "Игра окончена" not in out and out.count("раунд 1") == 1


async def test_g2_a_game_ended_by_end_names_no_missing_winner(console: Console) -> None:
    await _mw(console)
    await console.execute("/game end")
    await console.execute("!press 1")
    console.lang = "en"
    out = await console.execute("/game show")
    assert "ended the game after round 1. It is saved" in out
    assert "No winner was named" not in out and "here is how" not in out
    console.lang = "ru"
    out = await console.execute("/игра показать")
    assert "Партия окончена по команде" in out and "Победитель не назван" not in out


# ── MW-4: the Burn refusal is short and says nothing was rolled, in both languages ──────────


async def test_mw4_burn_refusal_is_short(console: Console) -> None:
    # seed 000:25
    assert seed_line("000", 25, "Каждую фазу Содержание")
    await _mw(console)
    await console.execute("/token add target:Страж token:burn")
    console.lang = "en"
    before = await console.execute("/game show")
    out = await console.execute("/mw burn target:Страж")
    assert "Burn on Страж is rolled by itself in the Upkeep Phase (/game next)" in out
    assert "so no dice were rolled now." in out and "one too many" not in out
    assert len(out) < 280
    console.lang = "ru"
    out = await console.execute("/мв горение цель:Страж")
    assert "«Страж»: кубики горения бот бросит сам в фазе содержания" in out  # ru-19 M1
    assert "лишним" not in out
    console.lang = "en"
    assert await console.execute("/game show") == before  # a refusal changes nothing


# ── MW-1: a typed armor is said on the reply's one «Armor:» line ─────────────────────────────


async def test_mw1_typed_armor_is_said_on_its_value_line(console: Console) -> None:
    await _mw(console)
    await console.execute("/unit add name:Bear owner:Аня life:8")
    console.lang = "en"
    out = await console.execute("/mw attack dice:4 armor:2 target:Страж attacker:Bear melee:true")
    assert "Armor: **2** (given in the command; the tracker records no armor)" in out
    assert out.count("Armor:") == 1
    out = await console.execute("/odds mw dice:4 armor:2 target:Страж")
    assert "Armor: **2** (given in the command; the tracker records no armor)" in out
    assert out.count("Armor:") == 1
    console.lang = "ru"
    out = await console.execute("/шансы мв кубики:4 броня:2 цель:Страж")
    assert "Броня: **2** (из команды; в партии брони нет)" in out
    assert out.count("Броня:") == 1


# ── MW-2: the defense penalty line reads as a player says it ─────────────────────────────────


async def test_mw2_defense_penalty_line_reads_naturally(console: Console) -> None:
    # seed 000:250 (Restrained: −2 to defense rolls)
    assert seed_line("000", 251, "-2 ко всем броскам на защиту")
    await _mw(console)
    await console.execute("/unit add name:Knight owner:Борис life:10 defense:5")
    await console.execute("/token add target:Knight token:stuck")
    console.lang = "en"
    out = await console.execute("/mw attack dice:3 target:Knight weak:1 strikes:2")
    assert "Target's defense: 5+ (−2 to the roll: Stuck ⇒ Restrained)" in out
    console.lang = "ru"
    out = await console.execute("/мв атака кубики:3 цель:Knight")
    assert "Защита цели: 5+ (−2 к броску: Застрявший ⇒ Связанный)" in out


# ── G2: a list of games never splits «Warhammer Fantasy, фаза магии» in two ──────────────────


async def test_g2_game_lists_show_whfb_without_its_comma(console: Console) -> None:
    console.lang = "ru"
    out = await console.execute("/игра начать игра:шахматы")
    assert "Берсерк ККИ, Warhammer Fantasy (фаза магии), Warhammer 40\u00a0000: Conquest" in out
    out = await console.execute("/помощь команда:игра начать")
    assert "Warhammer Fantasy (фаза магии)," in out and "Fantasy, фаза" not in out
    await console.execute("/игра начать игра:mage-wars игрок1:Борис жизнь:36")
    out = await console.execute("/поиск текст:кубик спасения")
    line = next(x for x in out.splitlines() if "в других играх:" in x)
    assert line.startswith("Ещё ") and "Warhammer Fantasy (фаза магии) — /поиск" in line
    console.lang = "en"
    out = await console.execute("/game start game:chess")
    assert "Warhammer Fantasy (magic phase), Warhammer 40,000: Conquest" in out


# ── M2: a strike after the one that destroyed a tracked target is not made ───────────────────


async def test_m2_no_strike_after_the_target_is_destroyed(console: Console) -> None:
    # seed 000:84 (Doublestrike): the additional strike is one more attack at the same defender
    assert seed_line("000", 84, "еще одну атаку во время шага дополнительных атак")
    await _mw(console)
    await console.execute("/unit add name:Лучник owner:Борис life:1")
    for _ in range(20):  # until strike 1 rolls damage (a blank roll leaves the target alive)
        out = await console.execute("/mw attack dice:5 strikes:2 target:Лучник")
        if "уничтожено" in out:
            break
        await console.execute("/game undo")
    assert "уничтожено" in out
    strike2 = out.split("▸ Удар 2", 1)[1].split("▸", 1)[0]
    assert "Не проводится: цель уничтожена." in strike2 and "Кубики" not in strike2


# ── MW-3: ending one unit's action phase names the player's units still holding their tokens ─


async def test_mw3_ending_a_phase_names_units_that_still_need_act(console: Console) -> None:
    # seed 000:68 (Daze) and 000:271 (Stuck): each creature's own action phase ends them
    await _mw(console)
    console.user = "Борис"
    await console.execute("/token add target:Страж token:daze")
    await console.execute("/token add target:Страж token:stuck")
    console.lang = "en"
    out = await console.execute("/mw act target:Борис")
    assert "Action phase not yet ended: Страж (Daze, Stuck)." in out
    assert "/mw act target:…" in out
    await console.execute("/game undo")
    console.lang = "ru"
    out = await console.execute("/мв действие цель:Борис")
    assert "Фаза действий ещё не окончена: «Страж» (" in out and "/мв действие цель:…" in out
    out = await console.execute("/мв действие цель:Страж")
    assert "не окончена" not in out
