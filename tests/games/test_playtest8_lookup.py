"""Playtest 8 (issue 17, `docs/playtest-ru-8.md`): the lookup slips B2, W1 and C4, asked in a
channel whose game is running (the console's `/rule`, so the channel's preference applies)."""

from __future__ import annotations

from bot.console import Console
from glossary.lookup import _fuse
from glossary.scoring import Hit
from glossary.texthit import TextHit
from tests.glossary.search_data import real_glossary


async def _in_game(console: Console, start: str, query: str) -> str:
    console.user = "Аня"
    await console.execute(start)
    return await console.execute(f"/rule {query}")


def _title_line(out: str) -> str:
    return next(line for line in out.splitlines() if line.strip())


async def test_w1_direct_harm_opens_direct_damage_in_a_whfb_game(console: Console) -> None:
    """«прямой вред» is the seed's own word for the type (seed 002:105, «прямой вред»); the
    entry «Прямой Урон» says it in its first sentence, so it opens, not «Типы Заклинаний»."""
    out = await _in_game(console, "/game start game:whfb player1:Борис", "прямой вред")
    assert "Прямой Урон" in _title_line(out) and "Точной статьи" not in out


async def test_c4_how_damage_is_dealt_opens_dealing_damage(console: Console) -> None:
    """«как наносится урон» asks for the procedure «Нанесение Урона», not «Урон» (bloodying)."""
    start = "/game start game:conquest player1:Борис hale:7 bloodied:4"
    out = await _in_game(console, start, "как наносится урон")
    assert "Нанесение Урона" in _title_line(out)


async def test_b2_closing_opens_close_not_the_attack_as_on_a_closed_card(
    console: Console,
) -> None:
    out = await _in_game(console, "/game start game:berserk player1:Борис", "как работает закрытие")
    assert "Закрыть (существо, карту)" in _title_line(out)


def test_a_text_win_takes_the_texts_game_preference() -> None:
    """A weak name match of the channel's game is not "preferred" (below the search's
    preference floor), but when the entry's text is what ranks it, it is preferred like any
    text hit of that game. Before, «прямой вред» in a WFB channel ranked «Типы Заклинаний»
    (text 78) above «Прямой Урон» (text 87) and opened it."""
    g = real_glossary()
    direct, types = g.get("whfb/pryamoy-uron"), g.get("whfb/tipy-zaklinany")
    assert direct is not None and types is not None
    weak_name = Hit(direct, 40.0, "words", direct.title, preferred=False)
    texts = [TextHit(direct, 80.0, ""), TextHit(types, 70.0, "")]
    ranked, _ = _fuse([weak_name], texts, "whfb")
    assert [h.entry.id for h in ranked] == ["whfb/pryamoy-uron", "whfb/tipy-zaklinany"]
    assert all(h.preferred for h in ranked) and ranked[0].tier == "text"
