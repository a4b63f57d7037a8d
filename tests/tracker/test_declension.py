"""Players' names in the genitive (issue 17, playtest 3 slips 1–6): «у Ани», «запас Бориса»."""

from __future__ import annotations

import pytest

from bot.handlers.tracker_describe import genitive_name
from bot.tracker.declension import genitive


@pytest.mark.parametrize(
    ("name", "gen"),
    [
        ("Аня", "Ани"),
        ("Борис", "Бориса"),
        ("Маша", "Маши"),
        ("Ольга", "Ольги"),
        ("Лена", "Лены"),
        ("Дмитрий", "Дмитрия"),
        ("Мария", "Марии"),
        ("Боря", "Бори"),
        ("Павел", "Павла"),
        ("АНЯ", "АНИ"),
    ],
)
def test_sure_endings_are_declined(name: str, gen: str) -> None:
    assert genitive(name) == gen


@pytest.mark.parametrize(
    "name", ["Игорь", "Любовь", "bob", "Тёмный лорд", "Маша2", "Анна-Мария", "Пьеро", "я"]
)
def test_unsure_names_are_left_alone(name: str) -> None:
    assert genitive(name) is None


def test_the_reply_falls_back_to_igroka() -> None:
    assert genitive_name("Аня", "ru") == "Ани"
    assert genitive_name("Игорь", "ru") == "игрока Игорь"
    assert genitive_name("bob", "ru") == "игрока bob"
    assert genitive_name("Аня", "en") == "Аня"
    assert genitive_name("**b**", "ru") == "игрока \\*\\*b\\*\\*"
