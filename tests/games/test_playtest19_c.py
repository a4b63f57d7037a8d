"""Playtest RU-17 and EN-10 (issue 17), the WFB and Conquest share: each test pins the reworded
reply or the rule, in both languages where the slip was in a shared template."""

from __future__ import annotations

import dataclasses
import random

from bot.console import Console
from bot.games.whfb.dice import CastResult, roll_cast
from bot.games.whfb.ui.view import cast_reply
from bot.i18n import t
from tests.games.seeds import seed_line

# ── W2: the profile's Wounds are lower case mid-line, as every other stat ─────────────────────


async def test_w2_wounds_lower_case_mid_line(console: Console) -> None:
    console.lang = "ru"
    console.user = "Аня"
    await console.execute("/игра начать игра:whfb игрок1:Борис")
    out = await console.execute("/существо добавить имя:Ученик владелец:Аня жизнь:1")
    assert "Новое подразделение: Ученик (Аня) · раны 1 (по профилю)." in out
    assert "· Раны" not in out


# ── WF-5: no Wounds given — the hint names life:N, which the same command takes ───────────────


async def test_wf5_default_wounds_hint_names_life(console: Console) -> None:
    console.lang = "en"
    console.user = "Anna"
    await console.execute("/game start game:whfb player1:Bob")
    out = await console.execute("/unit add name:Bright Wizard owner:Bob traits:wizard")
    assert (
        "No wounds given for the profile, so 1 is recorded. If it has more: "  # EN12 WF-3
        "/set target:Bright Wizard stat:total wounds value:N (next time, add life:N)."
    ) in out
    assert "Wounds 1 is recorded" not in out
    console.lang = "ru"
    out = await console.execute("/существо добавить имя:Маг Света владелец:Bob черты:маг")
    assert (
        "Раны по профилю не указаны — записано 1. Если ран больше: /задать цель:Маг Света "
        "показатель:раны по профилю значение:N (в следующий раз — сразу «жизнь:N»)."
    ) in out


# ── WF-4: the Winds odds with no wizards name the boost as the rulebook does ──────────────────


async def test_wf4_winds_odds_title_names_channelling(console: Console) -> None:
    seed_line("002", 45, "Усиление Пула Силы")  # seed 002:45
    seed_line("002", 63, "Усиление антимагии")  # seed 002:63
    console.lang = "en"
    out = await console.execute("/odds winds")
    assert "Winds of Magic without channelling (no wizards given)" in out
    assert "wizards' boost" not in out
    console.lang = "ru"
    out = await console.execute("/шансы ветры")
    assert "Ветры Магии без усиления (маги не указаны)" in out


# ── WF-1: no wizards on the board — the command's counts were used, said plainly, once ────────


async def test_wf1_no_wizards_on_the_board_said_plainly(console: Console) -> None:
    console.lang = "en"
    console.user = "Anna"
    await console.execute("/game start game:whfb player1:Bob")
    out = await console.execute("/whf winds wizards:2 enemy_wizards:1")
    assert (
        "Neither side has wizards on the table, so the roll used the command's wizard counts. "
        "To have Arbiter count them, add them: /unit add name:… owner:… traits:wizard."
    ) in out
    assert out.count("wizards on the table") == 1
    await console.execute("/game undo")
    await console.execute("/unit add name:Hag owner:Bob life:1 traits:wizard")
    out = await console.execute("/whf winds wizards:2 enemy_wizards:1")
    assert (
        "Anna has no wizards on the table, so the roll used the command's count: 2 wizards. "
        "To have Arbiter count them, add them: /unit add name:… owner:Anna traits:wizard."
    ) in out
    await console.execute("/game undo")
    console.lang = "ru"
    out = await console.execute("/вфб ветры маги:2 маги_врага:1")
    assert "Anna: магов на доске нет, поэтому число взято из команды — 2 мага." in out


# ── WF-3: the miscast names its result after one dash, as the rulebook's table does ───────────


def test_wf3_miscast_names_its_result() -> None:
    rng = random.Random(1)
    result = next(r for r in (roll_cast(6, 2, 5, rng) for _ in range(500)) if r.irresistible)
    fixed: CastResult = dataclasses.replace(result, miscast=[5, 3])
    en = cast_reply(lambda key, **p: t(key, "en", **p), fixed, "Bright Wizard", "Fireball").body
    assert (
        "Miscast: 2D6 = 5 + 3 = **8** — Magical Feedback: the wizard and every other wizard in "
        "the army take a hit."
    ) in en
    assert "Miscast table" not in en and "**: " not in en
    ru = cast_reply(lambda key, **p: t(key, "ru", **p), fixed, "Светлый маг", "Огненный шар").body
    assert (
        "Магический сбой: 2D6 = 5 + 3 = **8** — Обратный удар: маг и все другие маги его армии "
        "получают по удару."
    ) in ru


# ── CQ-3: a planet with two icons is one planet, said in one line ─────────────────────────────


async def test_cq3_a_planet_and_its_icons_in_one_line(console: Console) -> None:
    console.lang = "en"
    console.user = "Anna"
    await console.execute("/game start game:conquest player1:Bob hale:7 bloodied:4")
    out = await console.execute("/planet name:Tarrus player:Bob icons:material,strongpoint")
    assert out.strip().splitlines()[1:] == [
        "Bob captures Tarrus (material, strongpoint). Toward the icon win: material 1/3, "
        "strongpoint 1/3."
    ]
    assert "planets: 0 → 1" not in out
    board = await console.execute("/game show")
    assert "(material 1/3, strongpoint 1/3)" in board
    console.lang = "ru"
    out = await console.execute("/планета планета:Эловит игрок:Bob значки:материалы,технологии")
    assert (
        "Bob захватывает планету Эловит (материалы, технологии). К победе по значкам: "
        "материалы 2/3, технологии 1/3, опорные пункты 1/3."
    ) in out
    out = await console.execute("/планета планета:Ферия игрок:Bob значки:материалы")
    assert "К победе по значкам: материалы 3/3" in out
    assert "🌍 Bob: три захваченные планеты со значком материалов." in out
    console.lang = "en"
    log = await console.execute("/game log n:1")
    assert "material" in log  # the log still shows the icon counted


# ── CQ-1: «deploy» in a sentence names Conquest's Deploy Phase ───────────────────────────────


async def test_cq1_deploy_finds_the_deploy_phase(console: Console) -> None:
    console.lang = "en"
    out = await console.execute(
        "/explain text:My warlord is bloodied and I exhaust the unit to deploy at the first planet"
    )
    assert "**deploy** → Фаза Развёртывания (Deploy Phase)" in out
    out = await console.execute("/explain text:I deployed two units at Tarrus")
    assert "Фаза Развёртывания (Deploy Phase)" in out


# ── CQ-2: Berserk seats two, as Conquest; Mage Wars warns and says how to start again ─────────


async def test_cq2_berserk_refuses_a_third_seat_as_conquest(console: Console) -> None:
    # seed 001:339: the Inactive player is the one whose opponent is active — a game for two
    seed_line("001", 339, "Неактивный игрок. Игрок, противник которого является Активным игроком.")
    console.lang = "en"
    console.user = "Anna"
    out = await console.execute("/game start game:berserk player1:Bob player2:Vicky play:yes")
    assert out.startswith("✖")
    assert "you would be the third. If you are not playing yourself, add play:no." in out
    assert "There is no game in this channel." in await console.execute("/game show")
    out = await console.execute("/game start game:berserk player1:Bob player2:Vicky play:no")
    assert out.startswith("✔") and "Seated: Bob, Vicky." in out
    console.user = "Gosha"
    out = await console.execute("/game join")
    assert out.startswith("✖") and "Bob and Vicky are already seated" in out


async def test_cq2_mage_wars_warning_says_how_to_start_again(console: Console) -> None:
    console.lang = "en"
    console.user = "Anna"
    out = await console.execute(
        "/game start game:mage-wars player1:Bob player2:Vicky life:20 play:yes"
    )
    assert out.startswith("✔")
    assert (
        "If you are not playing yourself, end this game (/game end) and type the same "
        "/game start again with play:no added: you will run the game without a seat."
    ) in out
