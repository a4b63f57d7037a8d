"""Playtest en-8 and en-7 (issue 17), the KeyForge and Mage Wars wording share: each test pins
the reworded reply in both languages."""

from __future__ import annotations

from bot.console import Console
from tests.games.seeds import seed_line


async def _kf(console: Console) -> None:
    """Bob's Troll against Vicky's creatures, Bob's turn."""
    console.user = "Bob"
    await console.execute("/game start game:keyforge player1:Vicky")
    await console.execute("/unit add name:Troll owner:Bob traits:power 8, armor 1")
    await console.execute("/unit add name:Urchin owner:Vicky traits:power 1, elusive")
    await console.execute("/unit add name:Snufflegator owner:Vicky traits:power 4, armor 1")


# ── KF-1: the log says what Elusive did, not «elusive used marked» ───────────────────────────


async def test_kf1_log_says_elusive_is_used_up(console: Console) -> None:
    console.lang = "en"
    await _kf(console)
    await console.execute("/kf fight attacker:Troll target:Urchin")
    log = await console.execute("/game log")
    assert "Urchin: Elusive — no damage this fight" in log
    assert "marked" not in log
    console.lang = "ru"
    log = await console.execute("/игра журнал")
    assert "Urchin: неуловимость сработала — урона нет" in log
    assert "отмечено" not in log


# ── KF-2: armor *prevents* damage, in both languages ─────────────────────────────────────────


async def test_kf2_armor_prevents_damage(console: Console) -> None:
    # seed 004:39
    assert seed_line("004", 39, "Броня предотвращает объём урона")
    console.lang = "en"
    await _kf(console)
    out = await console.execute("/kf fight attacker:Troll target:Snufflegator")
    assert "takes 8 damage: armor 1 prevents 1 damage" in out
    assert "absorbed" not in out
    log = await console.execute("/game log")
    assert "Snufflegator's armor prevented 1 damage" in log
    await console.execute("/game undo")
    console.lang = "ru"
    out = await console.execute("/kf fight attacker:Troll target:Snufflegator")
    assert "8 урона: броня 1 предотвращает 1 урон" in out
    assert "поглотила" not in out


# ── KF-3: a key forged by a card effect, and what it cost ────────────────────────────────────


async def test_kf3_forge_by_a_card_effect(console: Console) -> None:
    console.lang = "en"
    await _kf(console)
    await console.execute("/set target:Bob stat:aember value:6")
    out = await console.execute("/kf forge")
    assert "🔑 Bob forges a key by a card effect, paying 6 Æmber: Æmber 6 → 0, keys 0 → 1." in out
    await console.execute("/game undo")
    console.lang = "ru"
    out = await console.execute("/kf forge")
    assert "🔑 Bob выковывает ключ по эффекту карты, заплатив 6 янтаря: янтарь 6 → 0" in out


# ── KF-4: the winning turn's start in one line, not «Turn 3.» «Bob's turn.» «Start of Bob's turn» ─


async def test_kf4_winning_turn_start_says_the_turn_once(console: Console) -> None:
    console.lang = "en"
    await _kf(console)
    await console.execute("/set target:Bob stat:aember value:7")
    await console.execute("/set target:Bob stat:keys value:2")
    await console.execute("/game next")
    out = await console.execute("/game next")
    assert "Turn 3, Bob's turn.\n🔑 At the start of the turn, Bob forges a key for 6 Æmber" in out
    assert "Turn 3.\n" not in out and "Start of Bob's turn" not in out
    await console.execute("/game undo")
    console.lang = "ru"
    out = await console.execute("/игра дальше")
    assert "Ход 3, ходит Bob.\n🔑 В начале хода Bob выковывает ключ за 6 янтаря" in out
    assert "Ход 3.\n" not in out


async def _mw(console: Console) -> None:
    """Bob's Knight and Vicky's Wolf, Bob's initiative."""
    console.user = "Bob"
    await console.execute("/game start game:mage-wars player1:Vicky life:36 channeling:9")
    await console.execute("/unit add name:Knight owner:Bob life:10")
    await console.execute("/unit add name:Wolf owner:Vicky life:8")


# ── MW-4: Tough on an attack without an effect, said as a player would ───────────────────────


async def test_mw4_tough_without_an_effect_changes_nothing(console: Console) -> None:
    # seed 000:291
    assert seed_line("000", 291, "При бросках кубика эффектов поменяйте результат")
    console.lang = "en"
    await _mw(console)
    out = await console.execute("/mw attack dice:2 target:Wolf tough:3")
    assert (
        "Tough −3 only lowers the effect roll; this attack has no effect, so it changes nothing"
        in out
    )
    console.lang = "ru"
    out = await console.execute("/mw attack dice:2 target:Wolf tough:3")
    assert "Прочный −3: снижает только бросок на эффект, а у этой атаки эффекта нет" in out
    assert "таблицы эффекта" not in out


# ── MW-5: the two mage stats side by side are written alike (lower case, G-3) ───────────


async def test_mw5_mana_and_channeling_alike(console: Console) -> None:
    console.lang = "en"
    await _mw(console)
    out = await console.execute("/mana amount:-5")
    assert "Bob · mana: 10 → 5" in out
    board = await console.execute("/game show")
    assert "mana 5 · channeling 9" in board
    console.lang = "ru"
    board = await console.execute("/игра показать")
    assert "мана 5 · прирост маны 9" in board


# ── MW-7: the export says what the file is and how long the log is ───────────────────────────


async def test_mw7_export_says_json_and_log_entries(console: Console) -> None:
    console.lang = "en"
    await _mw(console)
    out = await console.execute("/game export")
    assert "The whole game as a JSON file: 3 entries in the log (/game log)." in out
    assert "separate" not in out
    console.lang = "ru"
    out = await console.execute("/игра экспорт")
    assert "Вся партия — в файле JSON: в журнале 3 записи (/игра журнал)." in out


# ── MW-1 and MW-3: fewer attack dice in the right order; the defense penalty said once ──────


async def test_mw1_mw3_weak_and_daze_lines(console: Console) -> None:
    console.lang = "en"
    await _mw(console)
    await console.execute("/unit add name:Golem owner:Vicky life:8 defense:7 traits:aegis 1")
    await console.execute("/token add target:Knight token:weak count:2")
    await console.execute("/token add target:Golem token:daze count:1")
    out = await console.execute("/mw attack dice:4 target:Golem attacker:Knight")
    assert "Knight is Weak (×2): 2 fewer attack dice" in out
    assert "Aegis 1: the attacker rolls 1 fewer attack die" in out
    assert "Target's defense: 7+ (−2 to the roll: Daze ×1)" in out
    assert "per marker" not in out and "dice fewer" not in out
    console.lang = "ru"
    out = await console.execute("/mw attack dice:4 target:Golem attacker:Knight")
    assert "Knight · слабость 2: на 2 кубика атаки меньше" in out
    assert "атакующий бросает на 1 кубик атаки меньше" in out
    assert "Защита цели: 7+ (−2 к броску: Оцепенение ×1)" in out
    assert "за жетон" not in out


# ── KF-5 (en-7): a creature has power and takes damage; no ❤ as if it were life ────────────


async def test_kf5_power_and_damage_not_life(console: Console) -> None:
    console.lang = "en"
    await _kf(console)
    out = await console.execute("/kf fight attacker:Troll target:Snufflegator")
    assert (
        "Troll takes 4 damage: armor 1 prevents 1 damage — 3 damage on it now "
        "(power 8, 5 more destroys it)."
        in out
        and "❤" not in out
    )
    board = await console.execute("/game show")
    assert (
        "• Troll · power 8 · damage 3 (5 more destroys it) · armor 1" in board and "❤" not in board
    )
    console.lang = "ru"
    board = await console.execute("/игра показать")
    assert "• Troll · сила 8 · урон 3 (до уничтожения ещё 5) · броня 1" in board
