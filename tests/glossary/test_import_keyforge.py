"""KeyForge: `Русское имя ( English Name )` headings, Æmber and cross-references."""

from __future__ import annotations

from glossary.importers import keyforge
from glossary.importers.common import DANGLING
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
    # no document title: line 1 is a heading; only «Цепи … См. Цепи (с. 16)» is left out (K6)
    assert result.skipped == {79: DANGLING, 81: DANGLING}
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
    # `См. Цепи (с. 16)` under Цепи is all it says (K6): left out, the supplement retells it
    assert not [e for e in result.entries if e.title == "Цепи (Chains)"]
    assert {n for n, why in result.skipped.items() if why == DANGLING} == {79, 81}


def test_a_self_reference_to_a_missing_page_is_left_out_and_retold() -> None:
    """Playtest 6 slip K6: «Цепи» opened «См. Цепи (с. 16)» and nothing else; the seed holds no
    other text on chains, so `/rule цепи` opens the supplement's retelling under the same id."""
    from glossary.loader import load_entries

    text = "Цепи ( Chains )\n\nСм. Цепи (с. 16) (Chains)\n\nКонтроль\n\nСм. Цепи (с. 16).\n"
    result = keyforge.parse(text, "t.txt")
    assert [e.title for e in result.entries] == ["Контроль"]  # a reference elsewhere stays
    assert result.skipped == {1: DANGLING, 3: DANGLING}
    chains = next(e for e in load_entries() if e.id == "keyforge/tsepi")
    assert chains.source.published and "на 1 карту меньше" in chains.text
    assert "сбрасывает одну цепь" in chains.text and "См." not in chains.text


def test_reference_resolves_to_an_entry_in_the_file() -> None:
    text = "Бой ( Fight )\n\nСущества сражаются.\n\nАтака\n\nСмотрите «Бой» на с. 13.\n"
    result = keyforge.parse(text, "t.txt")
    assert result.entries[1].see_also == ("keyforge/boy",)
    assert result.entries[1].see_also_text == ()


def test_long_heading_with_english_in_capitals() -> None:
    entry = by_title(seed_result(KF), "«Не может» против «должен»/«может» (CANNOT VS MUST / MAY)")
    assert entry.text.startswith("Если две карты одновременно говорят")
