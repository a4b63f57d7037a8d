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
