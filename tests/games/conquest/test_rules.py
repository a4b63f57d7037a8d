"""Conquest: shields (seed 003 line 137), planet icons and the three-planet win, HQ reminder."""

from __future__ import annotations

from bot.console import Console
from bot.context import Services
from bot.games.conquest.rules import icon_win, shield
from bot.games.conquest.tracker import icon_keys
from bot.i18n import t
from bot.tracker.templates import template
from tests.games.seeds import seed_line
from tests.helpers.tracker import CHANNEL, state_of, unit


def test_pure_rules() -> None:
    seed_line("003", 137, "Щиты", "предотвратить количество урона равное (или вплоть до)")
    assert shield(3, 2).prevented == 2 and shield(3, 2).dealt == 1
    assert shield(1, 3).prevented == 1 and shield(1, 3).dealt == 0
    assert icon_win({"icon_tech": 3}) == "icon_tech"
    assert icon_win({"icon_tech": 2, "icon_material": 2}) == ""


async def test_shield_on_a_unit(console: Console, services: Services) -> None:
    await console.execute("/game start game:conquest player1:bob hale:7 bloodied:4")
    await console.execute("/unit add Отряд life:3")
    out = await console.execute("/dmg Отряд amount:3 shield:2")  # EN-8 CQ-2: with the damage
    assert "карта щита предотвращает 2 урона и сбрасывается" in out
    state = await state_of(services)
    assert unit(state, "Отряд").value("damage") == 1
    await console.execute("/dmg Отряд amount:1")  # the card is spent: no more prevention
    assert unit(await state_of(services), "Отряд").value("damage") == 2


async def test_three_planets_with_a_shared_icon_win(console: Console, services: Services) -> None:
    await console.execute("/game start game:conquest player1:bob hale:7 bloodied:4")
    await console.execute("/planet name:Элуит icons:материалы, технологии")
    await console.execute("/planet name:Тарус icons:технологии")
    out = await console.execute("/planet name:Ферос icons:материалы, xyz")
    # the words to type, not the stat names (playtest 2, U11)
    assert "Нет значка «xyz». Значки: материалы, технологии, опорные пункты." in out
    out = await console.execute("/planet name:Ферос icons:tech")
    assert "три захваченные планеты со значком технологий" in out and "🏆" in out
    assert await services.storage.tracker.load_active(CHANNEL) is None
    await console.execute("/game undo")
    assert await services.storage.tracker.load_active(CHANNEL) is not None


async def test_headquarters_phase_gives_the_resources(console: Console, services: Services) -> None:
    """Playtest 8 slip C3 (published rules): the bot adds each player's 4 resources itself and
    says so; the 2 cards are drawn by hand."""
    await console.execute("/game start game:conquest player1:bob hale:7 bloodied:4")
    await console.execute("/add target:bob stat:ресурсы amount:4")
    out = await console.execute("/game next")
    assert "Фаза штаба: каждый игрок получает 4 ресурса и берёт 2 карты." in out
    assert "bob · ресурсы 4 → 8" in out and "alice · ресурсы 0 → 4" in out
    assert "/прибавить" not in out and "…" not in out
    state = await state_of(services)
    assert {p.name: p.value("resources") for p in state.participants} == {"alice": 4, "bob": 8}
    await console.execute("/game undo")
    state = await state_of(services)
    assert {p.name: p.value("resources") for p in state.participants} == {"alice": 0, "bob": 4}


def test_the_icon_words_the_refusal_lists_are_typed_words() -> None:
    tpl = template("conquest")
    for lang in ("ru", "en"):
        listed = t("tracker.error.cq_icon", lang, name="x").split(": ")[1].split(". ")[0]
        words = [w.strip() for w in listed.split(",")]
        assert len(icon_keys(tpl, ", ".join(words))) == 3, words
