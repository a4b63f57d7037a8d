"""Mage Wars layout: each quirk listed in the seeds README, on the real text and a small one."""

from __future__ import annotations

from glossary.importers import mage_wars
from glossary.importers.common import DOCUMENT_TITLE
from glossary.model import Entry
from tests.glossary.import_support import by_id, by_title, seed_result

MW = "mage-wars"

SMALL = """Mage Wars
Compiled codex
Январь 2014
Armor (Броня) (свойство объекта)
Armor вычитается из урона.
Armor +/- X (черта объекта)
Изменяет Armor на +/- X.
Restrained (Связанный) (черта объекта)
Не может двигаться.
Cripple (Паралич) (жетон состояния)
Существо Restrained. Не действует на Conjuration
.
Guarding (Страж) (игровой термин)
Существо становится Guard (см. Zone Attack).
"""


def small() -> dict[str, Entry]:
    return {e.id: e for e in mage_wars.parse(SMALL, "small.txt").entries}


def test_first_three_lines_are_the_document_title() -> None:
    result = seed_result(MW)
    assert result.skipped == {1: DOCUMENT_TITLE, 2: DOCUMENT_TITLE, 3: DOCUMENT_TITLE}
    assert result.entries[0].title == "Activate"
    assert mage_wars.parse(SMALL, "s.txt").entries[0].title == "Armor"


def test_header_with_translation_and_category() -> None:
    aegis = by_id(seed_result(MW), "mage-wars/aegis-x")
    assert aegis.title == "Aegis X"
    assert aegis.names == ("Aegis X", "Эгида")
    assert aegis.category == "черта объекта"
    assert aegis.text.startswith("Все атаки против этого объекта вычитают X кубиков")


def test_header_without_translation() -> None:
    armor_x = by_title(seed_result(MW), "Armor +/- X")
    assert armor_x.names == ("Armor +/- X",)
    assert armor_x.category == "черта объекта"
    assert armor_x.text == "Изменяет Armor на +/- X. Не может быть меньше 0."


def test_parametric_names() -> None:
    result = seed_result(MW)
    params = {e.title: e.parameter for e in result.entries if e.parameter}
    assert params["Aegis X"] == "X"
    assert params["Melee +X"] == "+X"
    assert params["Tough - X"] == "- X"
    assert params["Armor +/- X"] == "+/- X"
    assert params["Regenerate Х"] == "Х"  # the source types a Cyrillic Х here
    assert by_title(result, "Armor").parameter is None
    assert by_title(result, "Tough - X").names == ("Tough - X", "Прочный –X")
    assert {e.id for e in result.entries} >= {"mage-wars/armor", "mage-wars/armor-x"}


def test_shared_russian_names_stay_on_both_entries() -> None:
    result = seed_result(MW)
    owners = {e.title for e in result.entries if "Владелец" in e.names}
    assert owners == {"Controller", "Owner"}
    dashes = {e.title for e in result.entries if "Рывок" in e.names}
    assert dashes == {"Charge +X", "Snatch"}


def test_multi_line_bodies() -> None:
    result = seed_result(MW)
    corrode = by_title(result, "Corrode")
    assert "Пример: На Druid два жетона Corrode и Bearskin." in corrode.text
    extinguish = by_title(result, "Extinguish")
    paragraphs = extinguish.text.split("\n\n")
    assert len(paragraphs) == 2
    assert paragraphs[1].startswith("Атака водой (hydro)")
    assert extinguish.source.first_line == 99 and extinguish.source.last_line == 101
    incorporeal = by_title(result, "Incorporeal").text.split("\n\n")
    assert incorporeal[1].startswith("Не получают эффектов от атак, кроме Ethereal.")
    obliterate = by_title(result, "Obliterate").text.split("\n\n")
    assert obliterate[1].startswith("Пример: Когда Goblin Bomber Obliterate")


def test_stray_full_stop_line_closes_the_sentence_above() -> None:
    cripple = by_title(seed_result(MW), "Cripple")
    assert cripple.text.endswith("Стоимость удаления 4. Не действует на Conjuration.")
    assert "\n" not in cripple.text
    assert cripple.source.last_line == 58
    assert small()["mage-wars/cripple"].text.endswith("Не действует на Conjuration.")


def test_list_lines_continue_their_paragraph() -> None:
    lifebond = by_title(seed_result(MW), "Lifebond +X")
    assert lifebond.text.split("\n\n") == [
        "Во время фазы Содержание, выберите одно:\n"
        "- перенесите до X повреждений с мага на этот объект\n"
        "- перенесите до X повреждений с объекта к магу",
        "Линия видимости никак не влияет на перенос жизней.",
        "На эту способность не влияет свойство Finite Life.",
    ]


def test_english_term_names_in_bodies_become_see_also() -> None:
    result = seed_result(MW)
    assert "mage-wars/restrained" in by_title(result, "Cripple").see_also
    assert "mage-wars/incapacitated" in by_title(result, "Stun").see_also
    # a parameter in the body (`Melee+1`, `Innate Life +3`) still names the parametric entry
    assert by_title(result, "Growth").see_also == ("mage-wars/melee-x", "mage-wars/innate-life-x")
    # longest name wins: `Critical Damage` is not also some shorter term
    assert by_title(result, "Armor").see_also == ("mage-wars/critical-damage",)
    # `Guard` names `Guarding`; an entry never points to itself
    assert "mage-wars/guarding" in by_title(result, "Vigilant").see_also
    assert all(e.id not in e.see_also for e in result.entries)


def test_explicit_see_references() -> None:
    result = seed_result(MW)
    # `(см. Zone Attack)` → the `Zone Attack or Spell` entry
    assert "mage-wars/zone-attack-or-spell" in by_title(result, "Defender").see_also
    attack = by_title(result, "Attack Action")
    assert attack.see_also[:3] == (
        "mage-wars/doublestrike",
        "mage-wars/triplestrike",
        "mage-wars/sweeping",
    )
    assert attack.see_also_text == ()
    guarding = small()["mage-wars/guarding"]
    assert guarding.see_also == ()
    assert guarding.see_also_text == ("Zone Attack",)


def test_about_160_entries_with_unique_ids() -> None:
    result = seed_result(MW)
    assert len(result.entries) == 158
    assert len({e.id for e in result.entries}) == 158
