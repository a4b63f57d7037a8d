"""Every Russian reply template walked with names of each gender and the counts 1, 2, 5, 21, 0.

Russian agrees a verb with its subject's gender and a noun with its count, and the bot cannot
know a typed name's gender. So (issue 17) a name stands where gender never shows («Маг «X»
уже провалил…», «Существо «X» уничтожено»), and every counted word goes through the plural
helper (`bot.i18n.plural`: «1 урон, 2 урона, 5 урона»).
"""

from __future__ import annotations

import re
import string

import pytest

from bot.i18n import catalogue, plural_form

NAMES = ("Колдунья", "Тролль", "Гигантские крысы")  # feminine, masculine, plural
COUNTS = (1, 2, 5, 21, 0)
NAME_FIELDS = {"unit", "name", "wizard", "target", "player", "attacker", "defender", "other"}
# A past-tense verb or a short participle agrees with the subject's gender (провалил/провалила).
GENDERED = re.compile(r"^[а-яё]{2,}(?:л|ла|ло|ли|ен|ён|ена|ан|ана|ян|ый|ая)$")
COUNTED_FIELDS = {"n", "count", "amount", "total", "damage", "cost", "left", "keys", "dice"}
COUNTED_FIELDS |= {"have", "need", "power", "dispel", "cards", "chains", "resources", "wounds"}
# A limit («не больше {max} кубиков», «до {cards} карт») is a fixed number the text is written for.
LIMIT_BEFORE = re.compile(r"(?:до|больше|более|длиннее|чем на)\s*$")
ABBREVIATIONS = {"куб"}  # `3 куб.` reads the same for every count


def russian_templates() -> list[tuple[str, str]]:
    cat = catalogue()
    keys = cat.keys()
    return [
        (k, text)
        for k in keys
        if not k.startswith(("cli.", "console.")) and (text := cat.lookup_exact(k, "ru"))
    ]


def fields(text: str) -> list[str]:
    return [f for _, f, _, _ in string.Formatter().parse(text) if f]


def gender_slips(text: str) -> list[str]:
    """A bare name placeholder as the subject of a word that shows its gender."""
    found = []
    for m in re.finditer(r"\{(\w+)\}\s+(?:уже\s+|не\s+|сейчас\s+)?([а-яё]+)", text):
        if m.group(1) in NAME_FIELDS and GENDERED.match(m.group(2)):
            found.append(m.group(0))
    return found


def count_slips(text: str) -> list[str]:
    """A count placeholder followed by a noun in one fixed form (not through the helper)."""
    if "|" in text:
        return []
    found = []
    for m in re.finditer(r"\{(\w+)\}\s+([а-яё]+)", text):
        field, word = m.groups()
        if field not in COUNTED_FIELDS or word in ABBREVIATIONS:
            continue
        if LIMIT_BEFORE.search(text[: m.start()]) or word in {"из", "к", "вне", "нельзя"}:
            continue
        found.append(m.group(0))
    return found


def test_no_name_shows_a_gender_and_no_count_a_fixed_form() -> None:
    slips = {
        k: gender_slips(text) + count_slips(text)
        for k, text in russian_templates()
        if gender_slips(text) + count_slips(text)
    }
    assert slips == {}


def test_the_checks_catch_the_slips_the_issue_lists() -> None:
    assert gender_slips("{wizard} уже провалил сотворение") == ["{wizard} уже провалил"]
    assert gender_slips("{unit} связан: −2") == ["{unit} связан"]
    assert gender_slips("Маг «{wizard}» уже провалил") == []
    assert count_slips("= **{damage}** урона") == []  # markdown between: not a bare count
    assert count_slips("крадёт янтарь у {other}: {count} янтаря") == ["{count} янтаря"]
    assert count_slips("{n} шаг|{n} шага|{n} шагов") == []


@pytest.mark.parametrize("name", NAMES)
@pytest.mark.parametrize("n", COUNTS)
def test_every_template_reads_with_any_name_and_count(name: str, n: int) -> None:
    for key, text in russian_templates():
        params = {f: name if f in NAME_FIELDS else n for f in fields(text) if not f.startswith("/")}
        shown = catalogue().get(key, "ru", **params) if params else text
        if "|" in text:  # a counted phrase: the helper picks one form
            forms = shown.split("|")
            want = {1: 0, 21: 0, 2: 1}.get(n, len(forms) - 1) if len(forms) == 3 else None
            picked = plural_form(n, forms, "ru")
            assert want is None or picked == forms[want], (key, n, picked)
            assert str(n) in picked or "{n}" not in text, (key, picked)
        assert "{" not in shown.replace("{/", ""), (key, shown)
