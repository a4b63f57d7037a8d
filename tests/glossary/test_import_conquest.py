"""Conquest: a forum transcript with signatures and two blocks that lost their heading."""

from __future__ import annotations

import pytest

from glossary.importers import conquest
from glossary.importers.common import DOCUMENT_TITLE, SIGNATURE
from tests.glossary.import_support import by_title, seed_result

CQ = "conquest"


def test_signature_lines_are_dropped() -> None:
    result = seed_result(CQ)
    signatures = [n for n, why in result.skipped.items() if why == SIGNATURE]
    assert len(signatures) == 50
    assert result.skipped[1] == DOCUMENT_TITLE
    assert all("Nightwatch" not in e.text and "Nightwatch" not in e.title for e in result.entries)
    other = conquest.parse("Заголовок\n\nГлава\n\nТекст.\n\nKarl 1.2.2019 в 7:05\n", "t.txt")
    assert other.entries[0].text == "Текст."
    assert other.skipped == {1: DOCUMENT_TITLE, 7: SIGNATURE}


def test_russian_english_and_plain_headings() -> None:
    result = seed_result(CQ)
    combat = by_title(result, "Боевая Фаза (Combat Phase)")
    assert combat.names == ("Боевая Фаза", "Combat Phase")
    assert combat.id == "conquest/boyevaya-faza"
    assert by_title(result, "Эффект Карты").names == ("Эффект Карты",)
    assert by_title(result, "Цены: Плата").names == ("Цены: Плата", "Плата")
    halving = by_title(
        result, "Удваивающие и Уменьшающие Вдвое (Doubling and Halving) Модификаторы"
    )
    assert "Doubling and Halving" in halving.names


def test_heading_with_its_text_on_the_next_line() -> None:
    result = seed_result(CQ)
    types = by_title(result, "Типы Карт")
    assert types.text.startswith("Игровые типы карт представлены в Приложении I")
    dealing = by_title(result, "Нанесение Урона")
    paragraphs = dealing.text.split("\n\n")
    assert paragraphs[0] == "Чтобы нанести урон отряду, выполните данные шаги по порядку:"
    assert [p[:2] for p in paragraphs[1:4]] == ["1.", "2.", "3."]


def test_headless_damage_block_is_its_own_damage_entry() -> None:
    result = seed_result(CQ)
    damage = by_title(result, "Урон (Damage)")
    assert damage.names == ("Урон", "Damage")
    assert damage.text.startswith("Значки урона помещаются на карты отрядов")
    assert "окровавленным" in damage.text
    assert (damage.source.first_line, damage.source.last_line) == (108, 124)
    titles = [e.title for e in result.entries]
    assert titles.index("Урон (Damage)") + 1 == titles.index("Нанесение Урона")
    # not glued to the costs entry it follows in the transcript
    assert "Значки урона" not in by_title(result, 'Цены: Слово "To" ("Чтобы")').text


def test_opening_paragraph_without_heading_is_the_forced_entry() -> None:
    result = seed_result(CQ)
    forced = result.entries[0]
    assert forced.title == "Форсированные способности (Forced)"
    assert forced.text.startswith("Некоторые ответные способности и прерывания")
    assert forced.source.first_line == 3


def test_unheaded_text_that_is_not_known_is_an_error() -> None:
    with pytest.raises(ValueError, match="text before the first heading"):
        conquest.parse("Заголовок\n\nПросто текст без заголовка.\n", "t.txt")


def test_see_also_kept_as_text_when_not_in_the_file() -> None:
    deploy = by_title(seed_result(CQ), "Фаза Развёртывания (Deploy Phase)")
    assert deploy.see_also == ()
    assert deploy.see_also_text == (
        "Инициирование Способностей/Развёртывание Карт",
        "Игровые Разрешения и Ограничения",
    )
