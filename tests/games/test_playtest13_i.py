"""Playtest 13 and English walk 7 (issue 17), WFB and Conquest share: each test pins the
reworded reply, in both languages where the slip was in a shared template."""

from __future__ import annotations

from bot.console import Console

# ── W1: the participle agrees with the counted noun («потрачен 1 кубик», «записан 1 маг») ──────


async def test_w1_spent_and_recorded_agree_with_the_count(console: Console) -> None:
    await console.execute("/game start game:whfb player1:Борис")
    console.lang = "ru"
    out = await console.execute("/вфб ветры маги:1 маги_врага:2")
    assert "на поле записан 1 маг." in out and "на поле записано 2 мага." in out
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


# ── W2, WF-1: «Раны 3 (по профилю)»; the Wounds hint is whole sentences with a stat to type ─────


async def test_w2_profile_wounds_lead_with_the_word(console: Console) -> None:
    await console.execute("/game start game:whfb player1:Борис")
    console.lang = "ru"
    out = await console.execute("/существо добавить имя:Маг Огня владелец:Борис жизнь:3")
    assert "· Раны 3 (по профилю)" in out and "(Раны" not in out


async def test_wf1_wounds_hint_names_a_stat_that_works(console: Console) -> None:
    console.lang = "en"
    await console.execute("/game start game:whfb player1:Bob")
    out = await console.execute("/unit add name:Level 2 Wizard")
    hint = "/set target:Level 2 Wizard stat:total wounds value:N."
    assert "Wounds not given, so 1 was recorded. If the profile has more: " + hint in out
    out = await console.execute("/set target:Level 2 Wizard stat:total wounds value:3")
    assert "1 → 3" in out
    console.lang = "ru"
    out = await console.execute("/задать цель:Level 2 Wizard показатель:раны всего значение:2")
    assert "3 → 2" in out


# ── WF-2: a failed roll with no wizard named says which wizard is barred ────────────────────────


async def test_wf2_failed_roll_names_the_wizard_who_tried(console: Console) -> None:
    console.lang = "en"
    out = await console.execute("/whf cast dice:1 level:1 value:20 spell:Fireball")
    assert "The wizard who cast it cannot cast again this phase." in out
    assert "This wizard" not in out
    out = await console.execute("/whf dispel dice:1 level:1 against:20")
    assert "The wizard who tried cannot try to dispel again this phase." in out
    console.lang = "ru"
    out = await console.execute("/вфб сотворение кубики:1 уровень:1 сложность:20")
    assert "Маг, который творил заклинание, больше не творит" in out and "Этот маг" not in out
