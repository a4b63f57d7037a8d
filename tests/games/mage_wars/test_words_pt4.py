"""Playtest 4 wording in Mage Wars: «Защита» in odds (slip 6), one «фаза действий» (slip 16)."""

from __future__ import annotations

from bot.console import Console
from bot.i18n import t


def test_odds_defense_line_uses_book_term() -> None:
    line = t("dice.odds.avoid", "ru", p="50,0 %")
    assert line == "Защита срабатывает: 50,0 %" and "Уклонение" not in line


def test_action_phase_one_form() -> None:
    assert t("live.btn.mw_act", "ru") == "Конец фазы действий"
    assert "фаза действий" in t("tracker.action.mw_act", "ru").replace("конец фазы", "фаза")


def test_acted_mark_is_genderless_and_old_name_still_works() -> None:
    # playtest 4 slip 1: «Волчица · действовал» showed a masculine verb on a feminine creature
    from bot.tracker.templates import template

    tpl = template("mage-wars")
    assert tpl.label("acted", "ru") == "действие выполнено"
    assert tpl.stats["acted"].aliases and "действовал" in tpl.stats["acted"].aliases


async def test_a_target_without_defense_reads_no_defense(console: Console) -> None:
    # playtest 4 slip 17: «защита 0» read like «0+»; a creature without Defense has none
    await console.execute("/game start game:mage-wars life:20")
    await console.execute("/unit add name:Страж life:6 armor:3")
    out = await console.execute("/mw attack dice:4 target:Страж")
    assert "(из партии: броня 3, защиты нет)" in out and "защита 0" not in out


def test_one_word_for_a_stat() -> None:
    # playtest 4 slip 27: «параметр» and «показатель» named one thing
    assert t("cmd.add", "ru").startswith("Прибавить к показателю")
    assert t("cmd.set.opt.stat", "ru") == t("cmd.add.opt.stat", "ru") == "Показатель"
    assert "нет показателя «раны»" in t(
        "tracker.error.no_stat", "ru", target="Аня", name="раны", known="мана"
    )
