"""`bot/render/plain.py`: replies for a terminal, the same words without Discord markdown."""

from __future__ import annotations

import time

import pytest

from bot.render.plain import render_plain, strip_markdown
from bot.reply import Button, Field, Reply
from bot.tracker.names import md

STROKE = "\u0336"


@pytest.mark.parametrize(
    ("marked", "plain"),
    [
        ("Итого урона: **4**", "Итого урона: 4"),
        ("4d6kh3 (**6**, 5, ~~2~~, **1**) = `12`", f"4d6kh3 (6, 5, 2{STROKE}, 1) = 12"),
        ("~~**1**~~", f"1{STROKE}"),
        ("__под__ *курсив* ||спойлер||", "под курсив спойлер"),
        ("```\n|###  | 12%\n|#    |  3%\n```", "|###  | 12%\n|#    |  3%"),
        ("кубики [2*] [1*] [·]", "кубики [2*] [1*] [·]"),  # face labels are not italics
        ("2*3*4 и target_daze", "2*3*4 и target_daze"),
        ("> цитата\n# Заголовок", "  цитата\nЗаголовок"),
        ("[Правила](https://example.org/r)", "Правила (https://example.org/r)"),
        ("войти: </game join:1234567890>", "войти: /game join"),
        ("", ""),
    ],
)
def test_strip_markdown(marked: str, plain: str) -> None:
    assert strip_markdown(marked) == plain


@pytest.mark.parametrize(
    "name", ["**Жирный** гоблин", "~~x~~", "`код`", "a_b_", "> не цитата", "#1"]
)
def test_escaped_user_text_comes_back_as_typed(name: str) -> None:
    """`md()` escapes user text for Discord; in the terminal it reads exactly as typed."""
    assert strip_markdown(f"Цель: **{md(name)}**") == f"Цель: {name}"


def test_timestamps_are_local_times() -> None:
    moment = 1_700_000_000
    assert strip_markdown(f"<t:{moment}:t>") == time.strftime("%H:%M", time.localtime(moment))


def test_render_plain_strips_every_text_part_and_keeps_the_actions() -> None:
    reply = Reply(
        title="**Атака**: урон 3",
        body="Кубики: **3**",
        fields=[Field("Удар **1**", "= **3** урона")],
        footer="`*` — крит",
        actions=[Button("Ещё", "again")],
    )
    out = render_plain(reply, "ru")
    assert "**" not in out and "`" not in out
    assert "Атака: урон 3" in out and "▸ Удар 1" in out and "= 3 урона" in out
    assert "— * — крит" in out and "[1] ⟨Ещё⟩" in out
    assert reply.body == "Кубики: **3**"  # the reply itself is left as it was
