"""Warhammer Fantasy magic phase: a rules chapter cut at its headings."""

from __future__ import annotations

from glossary.importers import whfb
from glossary.importers.common import split_sentences
from tests.glossary.import_support import by_title, seed_lines, seed_result, squash

WF = "whfb"
SPELL_TYPES = [
    "Прямой Урон",
    "Магический Снаряд (Магическая Стрела)",
    "Усиление",
    "Проклятие",
    "Магические вихри",
]


def test_short_headings_some_with_a_full_stop() -> None:
    result = seed_result(WF)
    titles = [e.title for e in result.entries]
    assert titles[:6] == [
        "Последовательность действий в фазу магии",
        "Бросок на Ветры Магии",
        "Сотворение заклинания",
        "Разрушение",  # `Разрушение.` in the source
        "Заклинание сработало или нет",
        "Следующее заклинание",
    ]
    assert by_title(result, "Разрушение").source.first_line == 15


def test_duplicated_headings_are_merged_into_one_entry() -> None:
    result = seed_result(WF)
    titles = [e.title for e in result.entries]
    assert titles.count("Бросок на Ветры Магии") == 1
    assert titles.count("Сотворение заклинания") == 1
    winds = by_title(result, "Бросок на Ветры Магии")
    assert {n for n, i in result.owners.items() if i == winds.id} == {7, 9, 31, 33, 35}
    assert winds.text.split("\n\n")[0].startswith("Насколько сильны ветры магии")
    assert winds.text.split("\n\n")[2].startswith("В начале фазы Магии следует кинуть 2D6")
    casting = by_title(result, "Сотворение заклинания")
    assert casting.text.split("\n\n")[0].startswith("Маг игрока сотворяет заклинание")
    assert (casting.source.first_line, casting.source.last_line) == (11, 83)


def test_repeated_sentences_are_kept_once_and_none_is_lost() -> None:
    casting = by_title(seed_result(WF), "Сотворение заклинания")
    once = "Каждый маг может сотворить любое известное ему заклинание один раз в фазу."
    assert casting.text.count(once) == 1
    assert "Маги не могут сотворять заклинания, если они отступают" in casting.text
    pool = by_title(seed_result(WF), "Пул кубиков силы")
    # the boxed summary (line 41) is wholly inside the full paragraph (line 43)
    assert pool.text.count("равно броску на Силы Ветров Магии") == 1
    assert "Это Пул кубиков Силы, который отображает" in pool.text


def test_every_distinct_sentence_of_merged_entries_survives() -> None:
    result = seed_result(WF)
    lines = seed_lines(WF)
    for entry in result.entries:
        text = squash(entry.text)
        for number, owner in result.owners.items():
            if owner != entry.id:
                continue
            for sentence in split_sentences(squash(lines[number - 1])):
                core = sentence.rstrip(".").removeprefix(entry.title + ".")  # run-in heading
                assert core in text or core == entry.title, (entry.id, sentence)


def test_dedupe_rules() -> None:
    assert whfb.dedupe_paragraphs(["A b.", "A b."]) == ["A b."]
    assert whfb.dedupe_paragraphs(["A b. C d.", "A b. C d, e f."]) == ["A b. C d, e f."]
    assert whfb.dedupe_paragraphs(["A b. C d.", "A b. C d. E f."]) == ["A b. C d. E f."]
    assert whfb.dedupe_paragraphs(["A b. C d.", "A b. E f."]) == ["A b. C d.", "E f."]
    assert whfb.dedupe_paragraphs(["A b.", "C d."]) == ["A b.", "C d."]


def test_run_in_spell_type_headings_become_entries() -> None:
    result = seed_result(WF)
    for title in SPELL_TYPES:
        entry = by_title(result, title)
        assert entry.text[0].isupper() and not entry.text.startswith(title)
    direct = by_title(result, "Прямой Урон")
    assert direct.text.startswith("Заклинания этого типа наносят противнику прямой вред")
    missile = by_title(result, "Магический Снаряд (Магическая Стрела)")
    assert missile.names == ("Магический Снаряд", "Магическая Стрела")
    assert "Следует иметь в виду" in by_title(result, "Проклятие").text
    assert "В отличие от других эффектов" in by_title(result, "Магические вихри").text


def test_bullet_lines_are_kept() -> None:
    target = by_title(seed_result(WF), "Выбор цели")
    bullets = [p for p in target.text.split("\n\n") if p.startswith("·")]
    assert len(bullets) == 4
    assert bullets[1] == "· Линия видимости до цели не нужна."


def test_space_only_lines_separate_sections_and_heading_may_touch_its_text() -> None:
    intro = "Вступление к главе, которое длиннее любого заголовка в этом тексте."
    body = "Текст раздела, тоже длинный, как настоящий абзац правил."
    more = "Ещё один абзац того же раздела, с запятой."
    text = f"Глава\n\n{intro}\n\u00a0\n\nРаздел.\n\u00a0 \n{body}\n{more}\n"
    result = whfb.parse(text, "t.txt")
    assert [(e.title, e.text) for e in result.entries] == [
        ("Глава", intro),
        ("Раздел", f"{body}\n\n{more}"),
    ]
    single = by_title(seed_result(WF), "Одиночная модель как цель заклинания")
    assert single.text.startswith("При выборе цели помните")
