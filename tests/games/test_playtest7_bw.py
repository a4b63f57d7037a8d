"""Playtest 7 (issue 17), the Berserk and WFB slips: B1–B6 and W1–W5."""

from __future__ import annotations

from bot.console import Console
from bot.context import Services
from bot.games.whfb.rules import named_wizard
from bot.i18n import t
from tests.games.seeds import seed_line
from tests.helpers.tracker import state_of, unit

# ── B4: a closed card cannot attack ─────────────────────────────────────────────────────────────


async def test_a_closed_attacker_is_refused_before_rolling(
    console: Console, services: Services
) -> None:
    # seed 001:163 «Закрытая карта не может объявлять и/или выполнять какие-либо действия»
    seed_line("001", 163, "Закрытая карта не может объявлять и/или выполнять")
    await console.execute("/game start game:berserk player1:bob")
    await console.execute("/unit add Кобольд life:4")
    await console.execute("/unit add Огненный дракон life:9")
    await console.execute("/set target:Кобольд stat:закрыт value:1")
    out = await console.execute(
        "/berserk strike values:2-3-4 target:Огненный дракон attacker:Кобольд"
    )
    assert "Карта «Кобольд» закрыта, а закрытая карта не может нападать" in out
    assert "Ничего не брошено" in out and "/задать" in out
    assert unit(await state_of(services), "Огненный дракон").value("wounds") == 0
    console.lang = "en"
    out = await console.execute(
        "/berserk strike values:2-3-4 target:Огненный дракон attacker:Кобольд"
    )
    assert "is closed, and a closed card cannot attack" in out
    await console.execute("/set target:Кобольд stat:закрыт value:0")
    out = await console.execute(
        "/berserk strike values:2-3-4 target:Огненный дракон attacker:Кобольд"
    )
    assert "cannot attack" not in out


# ── W4: a WFB unit is a wizard only when said so ────────────────────────────────────────────────


def test_a_unit_is_a_wizard_by_its_name_only_when_the_name_says_so() -> None:
    assert named_wizard("Архимаг Тени") and named_wizard("Маг огня") and named_wizard("Шаман")
    assert not named_wizard("Мечники Хоэта") and not named_wizard("Магнус")


async def test_a_unit_added_in_wfb_raises_the_wizards_only_when_it_is_one(
    console: Console, services: Services
) -> None:
    # seed 002:47 «Сотворяющий игрок кидает D6 за каждого мага в своей армии»
    seed_line("002", 47, "кидает D6 за каждого мага")
    await console.execute("/game start game:whfb player1:bob")
    out = await console.execute("/unit add name:Мечники Хоэта life:10")
    assert "маги:" not in out and "Новый маг" not in out
    assert "Новое подразделение: Мечники Хоэта (alice) · раны 10 (по профилю)" in out
    out = await console.execute("/unit add name:Белый лев life:2 traits:маг")
    assert "alice · маги: 0 → 1" in out and "Новый маг: Белый лев (alice)" in out
    out = await console.execute("/dmg target:Мечники Хоэта amount:10")
    assert "💀 Подразделение «Мечники Хоэта» уничтожено." in out and "маги:" not in out
    out = await console.execute("/dmg target:Белый лев amount:2")
    assert "alice · маги: 1 → 0" in out
    assert "💀 «Белый лев» погибает — снимите модель как потерю." in out  # RU-19 W5
    console.lang = "en"
    out = await console.execute("/unit add name:Swordmasters life:10")
    assert "New unit: Swordmasters (alice) · 10 wounds" in out  # EN12 WF-3
    assert "Not a wizard" not in out  # said with alice's first unit (scout W1)


# ── W2: the miscast in Russian words, the same everywhere ──────────────────────────────────────


def test_no_russian_reply_says_miskast() -> None:
    # seed 002:13 says «провален» for an ordinary failed cast, and has no word for the miscast
    seed_line("002", 13, "Если бросок на сотворение провален")
    keys = ("dice.whf.if_note", "dice.odds.whf_body")
    ru = " ".join(t(k, "ru", success="", irresistible="", fail="") for k in keys)
    assert "мискаст" not in ru.lower() and ru.count("магический сбой") == 2
    assert "таблице магических сбоев" in ru
