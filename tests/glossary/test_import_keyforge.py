"""KeyForge: `Русское имя ( English Name )` headings, Æmber and cross-references."""

from __future__ import annotations

from glossary.importers import keyforge
from tests.glossary.import_support import by_title, seed_result

KF = "keyforge"


def test_spaces_inside_the_english_parentheses() -> None:
    result = seed_result(KF)
    armor = by_title(result, "Броня (Armor)")
    assert armor.names == ("Броня", "Armor")
    assert armor.id == "keyforge/bronya"
    assert len(armor.text.split("\n\n")) == 5
    action = by_title(result, "Способность «Действие» (Action ability)")
    assert action.names == ("Способность «Действие»", "Action ability")


def test_plain_russian_headings_and_name_lists() -> None:
    result = seed_result(KF)
    assert result.skipped == {}  # no document title: line 1 is a heading
    first = result.entries[0]
    assert first.title == "Способность, способность карты, эффект способности"
    assert first.names[1:] == ("Способность", "способность карты", "эффект способности")
    assert by_title(result, "Активный Дом").names == ("Активный Дом",)
    assert by_title(result, "Атака, атакующий").names == ("Атака, атакующий", "Атака", "атакующий")


def test_aember_with_a_stray_space() -> None:
    amber = by_title(seed_result(KF), "Янтарь (Æmber)")
    assert amber.names == ("Янтарь", "Æmber", "Aember")
    assert keyforge.english_name("Æ MBER") == ["Æmber", "Aember"]
    assert keyforge.english_name("CANNOT VS MUST / MAY") == ["CANNOT VS MUST / MAY"]


def test_parameter_in_parentheses() -> None:
    assault = by_title(seed_result(KF), "Штурм (Х) (Assault)")
    assert assault.parameter == "Х"
    assert assault.names == ("Штурм (Х)", "Штурм", "Assault")


def test_cross_references() -> None:
    result = seed_result(KF)
    amber = by_title(result, "Янтарь (Æmber)")
    # `Также смотрите: Захват, Ключи, Сбор, Кража.`: only Захват (Янтаря) is in the file
    assert amber.see_also == ("keyforge/zakhvat-yantarya",)
    assert amber.see_also_text == ("Ключи", "Сбор", "Кража")
    attack = by_title(result, "Атака, атакующий")
    assert attack.text == "Смотрите «Бой» на с. 13."
    assert attack.see_also_text == ("Бой",)
    assert by_title(result, "Боевая линия (Battleline)").see_also_text == ("Существа",)
    # `См. Цепи (с. 16)` under Цепи points to the full rules, not to itself
    chains = by_title(result, "Цепи (Chains)")
    assert chains.see_also == () and chains.see_also_text == ()


def test_reference_resolves_to_an_entry_in_the_file() -> None:
    text = "Бой ( Fight )\n\nСущества сражаются.\n\nАтака\n\nСмотрите «Бой» на с. 13.\n"
    result = keyforge.parse(text, "t.txt")
    assert result.entries[1].see_also == ("keyforge/boy",)
    assert result.entries[1].see_also_text == ()


def test_long_heading_with_english_in_capitals() -> None:
    entry = by_title(seed_result(KF), "«Не может» против «должен»/«может» (CANNOT VS MUST / MAY)")
    assert entry.text.startswith("Если две карты одновременно говорят")
