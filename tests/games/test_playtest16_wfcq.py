"""Playtest RU-15 and EN-8 (issue 17), the WFB, Conquest and general share: each test pins the
reworded reply or the rule in both languages where the slip was in a shared template."""

from __future__ import annotations

from bot.console import Console

# ── W1: no wizard of that side on the table is said plainly, with how to add one ─────────────


async def test_w1_no_wizard_on_the_table_says_how_to_add_one(console: Console) -> None:
    console.lang = "ru"
    await console.execute("/игра начать игра:whfb игрок1:Вика")
    out = await console.execute("/вфб ветры маги:1 маги_врага:1")
    assert (
        "Вика: на столе нет ни одного мага, а в этом броске — 1 маг. Чтобы маг считался сам, "
        "добавьте его: /существо добавить имя:… владелец:Вика черты:маг."
    ) in out
    assert "счётчик" not in out
    await console.execute("/игра отменить")
    console.lang = "en"
    out = await console.execute("/whf winds wizards:1 enemy_wizards:2")
    assert (
        "Вика has no wizard on the table; this roll counts 2 wizards. To have it counted, "
        "add one: /unit add name:… owner:Вика traits:wizard."
    ) in out
