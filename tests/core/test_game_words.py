"""Each game's word list (issue 17): `bot/games/<game>/words.toml` says which words its Russian
replies use for a piece on the table (существо, маг, карта, военачальник, отряд), whether it
counts in «ход» or «раунд», and its stat names; every Russian text of that game keeps to it.

A game's texts are its own locale file (every text particular to one game lives there:
`tests/core/test_i18n.py`) and its template's stat names.
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from bot.games import ALL_GAMES
from bot.i18n import GAMES_DIR
from bot.tracker.templates import counts_turns, template

# Every form of the words checked (whole words; `{…}` placeholders are taken out first).
FORMS = {
    "существо": "существ(?:о|а|у|ом|е|ам|ами|ах)?",
    "маг": "маг(?:а|у|ом|е|и|ов|ам|ами|ах)?",
    "карта": "карт(?:а|ы|е|у|ой|ою|ам|ами|ах)?",
    "военачальник": "военачальник(?:а|у|ом|е|и|ов|ам|ами|ах)?",
    "отряд": "отряд(?:а|у|ом|е|ы|ов|ам|ами|ах)?",
    "ход": "ход(?:а|у|ом|е|ы|ов|ам|ами|ах)?",
    "раунд": "раунд(?:а|у|ом|е|ы|ов|ам|ами|ах)?",
    "урон": "урон(?:а|у|ом|е|ы|ов)?",
    "раны": "ран(?:а|ы|е|у|ой|ам|ами|ах)?",
    "здоровье": "здоровь(?:е|я|ю|ем)",
    "мана": "ман(?:а|ы|е|у|ой)",
    "жизнь": "жизн(?:ь|и|ью|ей|ям|ями|ях)",
}
PIECES = ("существо", "маг", "карта", "военачальник", "отряд")
TURNS = ("ход", "раунд")
FOLDERS = sorted(p.parent.name for p in GAMES_DIR.glob("*/words.toml"))


def _slug(folder: str) -> str:
    return next(s for s, g in ALL_GAMES.items() if g.package == f"bot.games.{folder}")


def _words(folder: str) -> dict[str, Any]:
    return tomllib.loads((GAMES_DIR / folder / "words.toml").read_text(encoding="utf-8"))


def _russian(data: dict[str, Any], key: str = "") -> Iterator[tuple[str, str]]:
    for name, value in data.items():
        path = f"{key}.{name}" if key else name
        if isinstance(value, dict):
            if isinstance(value.get("ru"), str):
                yield path, value["ru"]
            yield from _russian({k: v for k, v in value.items() if k not in ("ru", "en")}, path)


def texts(folder: str) -> dict[str, str]:
    """The game's Russian texts by key, and its stat names as `stat.<key>`."""
    raw = tomllib.loads((GAMES_DIR / folder / "locale.toml").read_text(encoding="utf-8"))
    out = dict(_russian(raw))
    tpl = template(_slug(folder))
    out.update({f"stat.{k}": tpl.label(k, "ru") for k in tpl.stats})
    return out


def uses(text: str, word: str) -> bool:
    plain = re.sub(r"\{[^{}]*\}|`[^`]*`", " ", text)
    # «урон:1» is a command's option as typed (a contract), not the game's word (playtest 11 W2)
    return re.search(rf"(?<![\w-]){FORMS[word]}(?![\w-]|:\S)", plain, re.IGNORECASE) is not None


def test_every_game_with_texts_has_a_word_list() -> None:
    with_texts = sorted(p.parent.name for p in GAMES_DIR.glob("*/locale.toml"))
    assert with_texts == FOLDERS


@pytest.mark.parametrize("folder", FOLDERS)
def test_a_games_texts_keep_to_its_words(folder: str) -> None:
    words = _words(folder)
    assert set(words) == {"pieces", "turn", "stats", "not_stats"}
    assert set(words["pieces"]) <= set(PIECES) and words["turn"] in TURNS
    # the turn word agrees with how the tracker counts this game
    assert (words["turn"] == "ход") == counts_turns(_slug(folder))
    banned = [w for w in PIECES if w not in words["pieces"]]
    banned += [w for w in TURNS if w != words["turn"]]
    banned += list(words["not_stats"])
    found = {
        (key, word) for key, text in texts(folder).items() for word in banned if uses(text, word)
    }
    assert found == set()


@pytest.mark.parametrize("folder", FOLDERS)
def test_a_games_stat_names_are_on_its_list(folder: str) -> None:
    tpl = template(_slug(folder))
    labels = {tpl.label(k, "ru") for k in tpl.stats}
    assert set(_words(folder)["stats"]) <= labels
    assert not set(_words(folder)["stats"]) & set(_words(folder)["not_stats"])


def test_the_check_sees_each_form() -> None:
    assert uses("Существо «{unit}» уничтожено", "существо")
    assert uses("нет отрядов", "отряд") and uses("в этом раунде", "раунд")
    assert not uses("магический удар", "маг") and not uses("маневр", "мана")
    assert not uses("{unit} `маг`", "маг") and uses("Маги противника", "маг")
    assert uses("ран: 3", "раны") and not uses("ранее", "раны")


def test_a_folder_is_found_for_each_game() -> None:
    assert {_slug(f) for f in FOLDERS} == {s for s in ALL_GAMES if s != "custom"}
    assert Path(GAMES_DIR / "berserk" / "words.toml").is_file()
