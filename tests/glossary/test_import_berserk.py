"""Berserk layout: `Термин (варианты). Категория. Текст.` paragraphs and their quirks."""

from __future__ import annotations

from glossary.importers import berserk
from glossary.importers.common import DOCUMENT_TITLE, heading_names
from tests.glossary.import_support import by_title, seed_result

BK = "berserk"


def test_first_line_is_the_document_title() -> None:
    result = seed_result(BK)
    assert result.skipped == {1: DOCUMENT_TITLE}
    assert result.entries[0].title == "Авангард"


def test_term_category_and_text() -> None:
    result = seed_result(BK)
    avangard = by_title(result, "Авангард")
    assert avangard.category == "Именная особенность"
    # the text is the whole printed body, category sentences included
    assert avangard.text.startswith('Именная особенность. Авангард означает: " В подфазе')
    bronya = by_title(result, "Броня Х")
    assert bronya.category == "Именная особенность. Эффект предотвращения"
    assert by_title(result, "Жажда Х").category == (
        "Срабатывающая особенность. Именная особенность. Воздействие"
    )
    # a definition is not a category
    assert by_title(result, "Атака").category is None
    assert by_title(result, "Атака").text.startswith("Удар, выстрел, метание или разряд.")
    angel = by_title(result, "Ангел")
    assert (angel.category, angel.text) == ("Класс существа", "Класс существа.")
    assert by_title(result, "Воздействие").text.startswith(
        "Немагическая способность. Воздействие не является атакой."
    )


def test_abbreviations_and_variants_in_parentheses() -> None:
    result = seed_result(BK)
    assert by_title(result, "Защита от выстрелов (ЗОВ)").names == ("Защита от выстрелов", "ЗОВ")
    assert by_title(result, "Защита от магии (ЗОМ)").names == ("Защита от магии", "ЗОМ")
    assert by_title(result, "Направленный удар (НУ)").names == ("Направленный удар", "НУ")
    assert by_title(result, "Бестелесность (бестелесный)").names == (
        "Бестелесность",
        "бестелесный",
    )
    assert by_title(result, "Защита от отравления (яда) (ЗОЯ)").names == (
        "Защита от отравления",
        "Защита от яда",
        "ЗОЯ",
    )


def test_heading_name_rules() -> None:
    assert heading_names("Вернуть (убрать) в колоду") == ["Вернуть в колоду", "убрать в колоду"]
    assert heading_names("Гибель (существа, карты)") == [
        "Гибель",
        "Гибель существа",
        "Гибель карты",
    ]
    assert heading_names("Зона (зоны)") == ["Зона", "зоны"]
    assert heading_names("Не может … (Нельзя …)") == ["Не может …", "Нельзя …"]
    assert heading_names("Именная особенность, именной модификатор") == [
        "Именная особенность, именной модификатор",
        "Именная особенность",
        "именной модификатор",
    ]


def test_parameters_cyrillic_x_and_x_y_z() -> None:
    result = seed_result(BK)
    assert by_title(result, "Броня Х").parameter == "Х"
    assert by_title(result, "Броня Х").id == "berserk/bronya-x"
    assert by_title(result, "Выстрел на X (на X-Y-Z)").parameter == "X-Y-Z"
    assert by_title(result, "Выстрел на X (на X-Y-Z)").names == ("Выстрел на X", "Выстрел на X-Y-Z")
    assert by_title(result, "Один (Х) раз за бой").names == ("Один раз за бой", "Х раз за бой")
    assert by_title(result, "Один (Х) раз за бой").parameter == "Х"


def test_example_paragraph_continues_the_entry_above() -> None:
    entry = by_title(seed_result(BK), "Защита от [текст]")
    paragraphs = entry.text.split("\n\n")
    assert paragraphs[1].startswith("Например: а) Защита от метания")
    assert (entry.source.first_line, entry.source.last_line) == (171, 173)


def test_incarnation_paragraphs_continue_the_entry_above() -> None:
    entry = by_title(seed_result(BK), "Инкарнация X")
    paragraphs = entry.text.split("\n\n")
    assert len(paragraphs) == 3
    assert paragraphs[1].startswith("Инкарнация карты осуществляется (по умолчанию): 1.со")
    assert paragraphs[2].startswith('Если у существа несколько особенностей " инкарнация Х"')


def test_numbered_lines_continue_duty_to_attack() -> None:
    entry = by_title(seed_result(BK), "Обязанность атаковать")
    paragraphs = entry.text.split("\n\n")
    assert paragraphs[0] == "Обязанность атаковать бывает 2-х типов:"
    assert paragraphs[1].startswith("1) Карта должна объявить атаку.")
    assert paragraphs[2].startswith("2) Карта должна выбрать целью")


def test_continuations_are_found_by_general_rules() -> None:
    """Made-up paragraphs of the same shapes attach without any string being listed."""
    text = "\n\n".join(
        [
            "Терминология.",
            "Бета. Класс существа.",
            "Пример: бета ходит первой.",  # explanation colon
            "3) Третий пункт списка.",  # numbered item
            "Альфа. Короткий термин, но не по алфавиту, значит продолжение.",  # order
            "Когда существо делает очень много разных вещей за один ход подряд. Длинно.",
            "Гамма Х. Постоянная особенность. Гамма Х означает: X.",
        ]
    )
    result = berserk.parse(text, "t.txt")
    assert [e.title for e in result.entries] == ["Бета", "Гамма Х"]
    assert len(result.entries[0].text.split("\n\n")) == 5
    assert result.entries[1].parameter == "Х"


def test_references_resolved_or_kept_as_text() -> None:
    result = seed_result(BK)
    assert by_title(result, "Возвращается в колоду").see_also == ("berserk/vernut-v-kolodu",)
    assert by_title(result, "Магическая броня Х").see_also == ("berserk/bronya-x",)
    # `См. Пересдача`: the glossary stops before П
    assert by_title(result, "Муллиган").see_also_text == ("Пересдача",)
    assert by_title(result, "Инкарнация X").see_also_text == ("Фишка инкарнации",)


def test_glossary_stops_partway_through_o() -> None:
    result = seed_result(BK)
    assert result.entries[-1].title == "Один (Х) раз за бой"
    assert len(result.entries) == 175
