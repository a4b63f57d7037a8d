"""Folding, keyboard layouts, parameters, stems and transliteration used by the search."""

from __future__ import annotations

from glossary.keyboard import layout_variants, to_english, to_russian
from glossary.normalize import analyse, clean, fold, split_param, stem
from glossary.translit import latin_forms


def test_fold_case_yo_punctuation_spaces() -> None:
    assert fold("  Полёт!!  (Flying)  ") == "полет flying"
    assert fold("Броня ( Armor )") == "броня armor"
    assert fold("Янтарь (Æ MBER )") == "янтарь ae mber"


def test_fold_strips_latin_accents_but_keeps_cyrillic_letters() -> None:
    assert fold("bronâ") == "brona"
    assert fold("Двойной") == "двойной"  # й is a letter of its own, not и with a mark


def test_fold_drops_control_characters_and_emoji() -> None:
    assert fold("бро\x00ня🙂") == "бро ня"


def test_layout_swap_both_ways() -> None:
    assert to_russian(",hjyz") == "броня"
    assert to_english("фкьщк") == "armor"
    assert to_russian("vfubz rhjdb") == "магия крови"


def test_layout_swap_happens_before_punctuation_is_lost() -> None:
    # `,` and `;` are the Russian letters б and ж: folding first would destroy them.
    assert fold(",hjyz") == "hjyz"
    assert fold(layout_variants(",hjyz")[0]) == "броня"


def test_layout_variants_skip_unchanged_text() -> None:
    assert layout_variants("123") == []


def test_split_param_values_and_glue_words() -> None:
    assert split_param(("aegis", "x")) == (("aegis",), True)
    assert split_param(("атака", "на", "3")) == (("атака",), True)
    assert split_param(("выстрел", "на", "2", "3", "4")) == (("выстрел",), True)
    assert split_param(("броня",)) == (("броня",), False)
    assert split_param(("12",)) == (("12",), False)  # a bare value stays searchable


def test_analyse_parameter_forms() -> None:
    for raw in ("Melee +2", "Melee +X", "Melee + Х"):
        folded = analyse(raw)
        assert folded.base == "melee" and folded.has_param
    assert analyse("Tough - X").base == "tough"
    assert analyse("Armor +/- X").base == "armor"


def test_stems_russian_and_english() -> None:
    assert stem("броню") == stem("броня")
    assert stem("кровотечением") == stem("кровотечение")
    assert stem("авангарда") == stem("авангард")
    assert stem("attacks") == stem("attack")


def test_latin_forms_cover_several_schemes() -> None:
    forms = latin_forms("броня")
    assert {"bronya", "bronja", "bronia"} <= set(forms)
    assert "vampirizm" in latin_forms("вампиризм")
    assert latin_forms("armor") == []


def test_clean_drops_what_never_means_anything() -> None:
    assert (
        clean("  Эги\u200bда\x00 \t броня\n") == "Эгида броня"
    )  # invisible vanishes, control spaces
    assert clean("\u202eArmor\u00ad") == "Armor"  # bidi override, soft hyphen
    assert clean("\x1b\x07") == "" and clean("") == ""
    assert clean("🎲 броня") == "🎲 броня"  # emoji are printable: kept for the no-letters message


def test_fold_drops_stress_marks_but_keeps_short_i() -> None:
    assert fold("кровотече\u0301нием Бро\u0300ня") == "кровотечением броня"
    assert fold("Йод и ёж") == "йод и еж"
