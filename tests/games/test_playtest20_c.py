"""Playtest 18 (Russian) and English walk 11 (issue 17): the slips W5, W3, M2, C1, C2 and MW-2,
CQ-3, WF-3, each asserted where the reply is made, in Russian and in English."""

from __future__ import annotations

import dataclasses
import random

from bot.console import Console
from bot.context import Services
from bot.games.whfb.dice import CastResult, roll_cast
from bot.games.whfb.ui.view import cast_reply
from bot.i18n import t


def _en(services: Services) -> Console:
    return Console(services, user="Boris", channel="table", lang="en")


def _ru(services: Services) -> Console:
    return Console(services, user="Аня", channel="table", lang="ru")


async def test_cq3_conquest_glossary_in_english_is_sorted_by_the_english_names(
    services: Services,
) -> None:
    out = await _en(services).execute("/glossary game:conquest")
    rows = [line for line in out.splitlines() if line.startswith("`")]
    assert "(Card Effect)" in rows[0]
    assert "(Forced)" not in rows[0]
    english = [row.rsplit("(", 1)[1] for row in rows]
    assert english == sorted(english, key=str.casefold)


async def test_wf3_setting_the_power_pool_in_english_names_no_sum(services: Services) -> None:
    en = _en(services)
    await en.execute("/game start game:whfb player1:Anna")
    await en.execute("/set target:Anna stat:power value:12")
    out = await en.execute("/set target:Anna stat:power value:9")
    assert "12 → 9" in out
    assert "+" not in out and "=" not in out
    out = await en.execute("/set target:Anna stat:power value:40")
    assert "12 + 28" not in out and "Nothing changed" in out


async def test_mw2_every_condition_is_a_condition_marker_in_english(services: Services) -> None:
    en = _en(services)
    for term in ("Weak", "Daze", "Burn", "Stun"):
        out = await en.execute(f"/rule {term}")
        assert "condition marker" in out and "condition token" not in out
    await en.execute("/game start game:mage-wars player1:Anna life:36")
    out = await en.execute("/token add Anna token:blargh")
    assert "No such condition marker: “blargh”." in out
    assert "token (condition marker)" not in out


async def test_mw2_every_condition_is_a_condition_token_in_russian(services: Services) -> None:
    # seed 000:67 «Daze (Оцепенение) (жетон состояния)», 000:316 «Weak (Слабость) (маркер …)»
    ru = _ru(services)
    for term in ("Слабость", "Оцепенение", "Зомби"):
        out = await ru.execute(f"/правило {term}")
        assert "жетон состояния" in out and "маркер состояния" not in out


async def test_c1_conquest_is_named_with_a_russian_thousands_space(services: Services) -> None:
    ru = _ru(services)
    out = await ru.execute("/игра начать игра:conquest игрок1:Борис здоровье:7 окровавленный:4")
    assert "Warhammer 40\u00a0000: Conquest" in out and "40,000" not in out
    out = await ru.execute("/игра показать")
    assert "Warhammer 40\u00a0000: Conquest" in out and "40,000" not in out
    out = await ru.execute("/помощь команда:игра начать")
    assert "Warhammer 40\u00a0000: Conquest" in out and "40,000" not in out
    out = await ru.execute("/глоссарий игра:conquest")
    assert "Warhammer 40\u00a0000: Conquest" in out


async def test_c1_conquest_keeps_the_english_comma_in_english(services: Services) -> None:
    en = _en(services)
    out = await en.execute("/game start game:conquest player1:Anna hale:7 bloodied:4")
    assert "Warhammer 40,000: Conquest" in out


async def test_w5_the_profile_wounds_have_one_name_and_their_option(services: Services) -> None:
    ru = _ru(services)
    await ru.execute("/игра начать игра:whfb игрок1:Борис")
    out = await ru.execute("/существо добавить имя:Огненный маг владелец:Борис")
    assert "(в следующий раз — сразу «жизнь:N»)" in out  # RU-19 W1
    assert "показатель:раны по профилю значение:N" in out
    assert "раны всего" not in out and "раны (всего)" not in out
    out = await ru.execute("/задать цель:Огненный маг показатель:раны по профилю значение:3")
    assert "Огненный маг · раны по профилю: 1 → 3" in out
    out = await ru.execute("/задать цель:Огненный маг показатель:раны всего значение:2")
    assert "раны по профилю: 3 → 2" in out  # the old name still finds the stat


def _miscast(total: tuple[int, int], lang: str) -> str:
    """The cast reply of an Irresistible Force whose miscast roll is `total`."""
    rng = random.Random(1)
    result = next(r for r in (roll_cast(6, 2, 5, rng) for _ in range(500)) if r.irresistible)
    fixed: CastResult = dataclasses.replace(result, miscast=list(total))
    return cast_reply(lambda key, **p: t(key, lang, **p), fixed, "Маг", "Шар").body


def test_w3_a_miscast_with_hits_says_what_the_players_do_next() -> None:
    ru = _miscast((5, 3), "ru")
    assert "Обратный удар: маг и все другие маги его армии получают по удару." in ru
    assert ru.splitlines()[-1] == (
        "Удары бросьте по таблице магических сбоев своей книги правил, "
        "раны отметьте командой /урон."
    )
    en = _miscast((5, 3), "en")
    assert en.splitlines()[-1] == (
        "Roll the hits as your rulebook's miscast table says, and record the wounds with /dmg."
    )
    for total in ((1, 1), (3, 3), (4, 3)):
        assert "силы 10" not in _miscast(total, "ru") and "Strength" not in _miscast(total, "en")
        assert "/урон" in _miscast(total, "ru")
    assert "/урон" not in _miscast((6, 6), "ru")  # Power Drain: no hits to roll


async def test_m2_each_part_of_the_defense_penalty_has_its_amount(services: Services) -> None:
    # seed 000:67 Daze (Оцепенение), 000:270 Stuck (Застрявший), 000:250 Связанный
    ru = _ru(services)
    await ru.execute("/игра начать игра:mage-wars игрок1:Борис жизнь:36")
    await ru.execute("/существо добавить имя:Волк жизнь:8 броня:1 защита:5")
    await ru.execute("/жетон добавить Волк жетон:оцепенение сколько:2")
    await ru.execute("/жетон добавить Волк жетон:застрявший")
    out = await ru.execute("/мв атака кубики:5 цель:Волк")
    assert "Защита цели: 5+ (−6 к броску: Оцепенение ×2 = −4, Застрявший ⇒ Связанный = −2)" in out
    assert "значит" not in out
    en = _en(services)
    en.channel = "other"
    await en.execute("/game start game:mage-wars player1:Anna life:36")
    await en.execute("/unit add name:Wolf life:8 armor:1 defense:5")
    await en.execute("/token add Wolf token:daze count:2")
    await en.execute("/token add Wolf token:stuck")
    out = await en.execute("/mw attack dice:5 target:Wolf")
    assert "Target's defense: 5+ (−6 to the roll: Daze ×2 = −4, Stuck ⇒ Restrained = −2)" in out


async def test_c2_the_log_names_the_planet_won(services: Services) -> None:
    ru = _ru(services)
    await ru.execute("/игра начать игра:conquest игрок1:Борис здоровье:7 окровавленный:4")
    ru.user = "Борис"
    await ru.execute("/планета Тарос значки:материалы,технологии")
    await ru.execute("/планета Ферро")
    out = await ru.execute("/игра журнал")
    assert "Борис: захват планеты «Тарос» — Борис · материалы 1/3; Борис · технологии 1/3" in out
    assert "Борис: захват планеты «Ферро»\n" in out
    en = _en(services)
    out = await en.execute("/game log")  # read back from storage, in the other language
    assert "Борис: captured planet “Тарос” — Борис · material 1/3; Борис · technology 1/3" in out
