"""Playtest 13 and English walk 7 (issue 17), WFB and Conquest share: each test pins the
reworded reply, in both languages where the slip was in a shared template."""

from __future__ import annotations

from bot.console import Console
from tests.games.seeds import seed_line

# ── W1: the participle agrees with the counted noun («потрачен 1 кубик», «записан 1 маг») ──────


async def test_w1_spent_and_recorded_agree_with_the_count(console: Console) -> None:
    await console.execute("/game start game:whfb player1:Борис")
    console.lang = "ru"
    await console.execute("/вфб ветры маги:1 маги_врага:2")
    out = await console.execute("/вфб сотворение кубики:1 уровень:1 сложность:12")
    assert "потрачен 1 кубик силы, в пуле осталось" in out
    console.lang = "en"
    out = await console.execute("/whf cast dice:2 level:1 value:12")
    assert "2 power dice spent," in out


# ── W4: «у сотворяющего 2 мага», not «2 мага сотворяющего» ───────────────────────────────────


async def test_w4_winds_odds_title_says_whose_wizards(console: Console) -> None:
    console.lang = "ru"
    out = await console.execute("/шансы ветры маги:2 маги_врага:1")
    assert "Ветры Магии: у сотворяющего 2 мага, у рассеивающего 1 маг" in out


# ── WF-3, WF-4: the 1s rule is one full sentence; channelling reads as the glossary's term ─────


async def test_wf3_double_ones_is_one_sentence(console: Console) -> None:
    console.lang = "en"
    out = await console.execute("/odds whf dice:3 level:1 value:5")
    assert "A roll with two or more 1s" in out
    assert "Two or more 1s" not in out


async def test_wf4_channelling_line(console: Console) -> None:
    console.lang = "en"
    await console.execute("/game start game:whfb player1:Bob")
    out = await console.execute("/whf winds wizards:1 enemy_wizards:1")
    assert "Channelling (" in out and ", 1 wizard): rolled [" in out
    assert " channels — " not in out


# ── W2, WF-1: «раны 3 (по профилю)»; the Wounds hint is whole sentences with a stat to type ─────


async def test_w2_profile_wounds_lead_with_the_word(console: Console) -> None:
    await console.execute("/game start game:whfb player1:Борис")
    console.lang = "ru"
    out = await console.execute("/существо добавить имя:Маг Огня владелец:Борис жизнь:3")
    assert "· раны 3 (по профилю)" in out and "(Раны" not in out


async def test_wf1_wounds_hint_names_a_stat_that_works(console: Console) -> None:
    console.lang = "en"
    await console.execute("/game start game:whfb player1:Bob")
    out = await console.execute("/unit add name:Level 2 Wizard")
    hint = "/set target:Level 2 Wizard stat:total wounds value:N."
    assert (
        "No wounds given for the profile, so 1 is recorded. If it has more: "  # EN12 WF-3
        + hint[:-1]
        + " (next time, add life:N)."
        in out
    )
    out = await console.execute("/set target:Level 2 Wizard stat:total wounds value:3")
    assert "1 → 3" in out
    console.lang = "ru"
    out = await console.execute("/задать цель:Level 2 Wizard показатель:раны всего значение:2")
    assert "3 → 2" in out


# ── WF-2: a failed roll with no wizard named says which wizard is barred ────────────────────────


async def test_wf2_failed_roll_names_the_wizard_who_tried(console: Console) -> None:
    console.lang = "en"
    out = await console.execute("/whf cast dice:1 level:1 value:20 spell:Fireball")
    assert "A wizard who fails to cast cannot cast again this phase" in out
    assert "This wizard" not in out
    out = await console.execute("/whf dispel dice:1 level:1 against:20")
    assert "A wizard who fails to dispel cannot try again this phase" in out
    console.lang = "ru"
    out = await console.execute("/вфб сотворение кубики:1 уровень:1 сложность:20")
    assert (
        "Маг, которому не удалось сотворить заклинание, в эту фазу больше не творит" in out
        and "Этот маг" not in out
    )


# ── C1, C3, CQ-2: the Warlord is named, flips «на окровавленную сторону», and a defeat is words ─


async def test_c1_c3_cq2_warlord_lines(console: Console) -> None:
    # seed 003:116 «переносится в штаб своего владельца на окровавленной стороне обессиленным»
    seed_line("003", 116, "на окровавленной стороне обессиленным")
    console.user = "Аня"
    await console.execute("/game start game:conquest player1:Егор hale:7 bloodied:4")
    console.lang = "ru"
    out = await console.execute("/урон цель:Аня урон:3")
    assert "Военачальник Ани · урон: 0 → 3 · ❤ 4/7" in out
    out = await console.execute("/урон цель:Егор урон:7")
    assert (
        "карта переворачивается на окровавленную сторону (❤ 4/4), военачальник уходит в штаб "
        "обессиленным, значки урона сброшены." in out
    )
    await console.execute("/урон цель:Егор урон:4")
    out = await console.execute("/игра показать")
    assert "💀 Военачальник повержен · ресурсы 0" in out
    assert "💀 ·" not in out and "военачальник: окровавлен" not in out
    console.lang = "en"
    assert "💀 Warlord defeated · resources 0" in await console.execute("/game show")


async def test_cq2_english_names_the_warlord(console: Console) -> None:
    console.lang = "en"
    await console.execute("/game start game:conquest player1:Bob hale:6 bloodied:3")
    out = await console.execute("/dmg target:Bob amount:4")
    assert "Bob's Warlord · damage: 0 → 4 · ❤ 2/6" in out


# ── CQ-3: a planet captured with no icons says it counts for none ───────────────────────────────


async def test_cq3_planet_without_icons_says_so(console: Console) -> None:
    console.lang = "en"
    await console.execute("/game start game:conquest player1:Bob hale:6 bloodied:3")
    out = await console.execute("/planet name:Tarrus")
    # playtest 14, C2: the sentence reworded, the way forward in it
    assert "No planet icons given (material, technology, strongpoint), so this planet" in out
    out = await console.execute("/planet name:Ferrax icons:tech")
    assert "No planet icons given" not in out
    console.lang = "ru"
    out = await console.execute("/планета планета:Тарсис")
    assert "Значки планеты (материалы, технологии, опорные пункты) не указаны" in out
    assert "/планета планета:Тарсис значки:материалы,технологии" in out


# ── CQ-4: «Warhammer 40,000: Conquest — terms», one page says no page ───────────────────────────


async def test_cq4_glossary_title_has_one_colon(console: Console) -> None:
    console.lang = "en"
    out = await console.execute("/glossary game:conquest")
    assert out.splitlines()[0] == "Warhammer 40,000: Conquest — terms"


# ── W5 (part): mid-sentence the term is lower-case ───────────────────────────────────────────


async def test_w5_irresistible_force_is_lower_case_mid_sentence(console: Console) -> None:
    from bot.i18n import t

    assert "сотворено с неодолимой силой" in t("dice.whf.dispel_irresistible", "ru")


# ── W3: the board counts the wizards on the table; a typed count is for the roll only ──────────


async def test_w3_a_wizard_added_after_the_winds_is_counted_once(console: Console) -> None:
    # seed 002:45 — a D6 for each wizard in the army
    await console.execute("/game start game:whfb player1:Денис")
    console.lang = "ru"
    out = await console.execute("/вфб ветры маги:2 маги_врага:1")
    assert "Магов на доске нет ни у одной стороны — число магов взято из команды." in out
    out = await console.execute("/существо добавить имя:Маг Огня жизнь:3")
    assert "маги: 0 → 1" in out and "2 → 3" not in out
