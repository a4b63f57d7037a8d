"""`python -m bot lookup`: the JSON contract, the text output and bad arguments."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

import glossary
from bot.cli import main
from glossary import Glossary
from tests.glossary.sample import ENTRIES, sample_glossary

KEYS = ["id", "game", "title", "text", "score", "confident"]
ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def fake(monkeypatch: pytest.MonkeyPatch) -> Glossary:
    g = sample_glossary()
    monkeypatch.setattr(glossary, "load_glossary", lambda: g, raising=False)
    return g


def test_json_is_a_list_of_exact_keys_best_first(
    fake: Glossary, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["lookup", "броня", "--json"]) == 0
    rows = json.loads(capsys.readouterr().out)
    assert isinstance(rows, list) and len(rows) == 3
    assert all(list(row) == KEYS for row in rows)
    by_id = {row["id"]: row for row in rows}
    assert by_id["mw-armor"] == {
        "id": "mw-armor",
        "game": "mage-wars",
        "title": "Armor",
        "text": ENTRIES[1].text,
        "score": 100.0,
        "confident": False,  # Armor in two games: /rule asks which
    }
    assert [r["score"] for r in rows] == sorted((r["score"] for r in rows), reverse=True)


def test_game_and_limit(fake: Glossary, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["lookup", "броня", "--game", "keyforge", "--json"]) == 0
    assert [r["id"] for r in json.loads(capsys.readouterr().out)] == ["kf-armor"]
    assert main(["lookup", "броня", "--limit", "1", "--json"]) == 0
    assert len(json.loads(capsys.readouterr().out)) == 1


def test_several_words_are_one_query(fake: Glossary, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["lookup", "Aegis", "X", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)[0]["id"] == "mw-aegis-x"


@pytest.mark.parametrize("query", ["😀", "x" * 1000, "qqqqqq"])
def test_no_match_prints_an_empty_list_and_exits_1(
    fake: Glossary, capsys: pytest.CaptureFixture[str], query: str
) -> None:
    assert main(["lookup", query, "--json"]) == 1
    assert json.loads(capsys.readouterr().out) == []


@pytest.mark.parametrize("as_json", [True, False])
@pytest.mark.parametrize("query", ["\x00\x01", "   "])
def test_an_empty_query_is_bad_input(
    fake: Glossary, capsys: pytest.CaptureFixture[str], query: str, as_json: bool
) -> None:
    """Nothing left to search for once cleaned: exit 2 with a message, in both modes."""
    assert main(["lookup", query, *(["--json"] if as_json else []), "--lang", "en"]) == 2
    out = capsys.readouterr()
    assert out.out == "" and "Empty query" in out.err


def test_text_output(fake: Glossary, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["lookup", "эгида"]) == 0
    out = capsys.readouterr().out
    assert " 1. Aegis X  [mage-wars]  100.000  mw-aegis-x" in out
    assert main(["lookup", "qqqqqq", "--lang", "en"]) == 1
    assert "No match." in capsys.readouterr().err
    assert main(["lookup", "qqqqqq", "--lang", "ru"]) == 1
    assert "Ничего не нашлось." in capsys.readouterr().err


def test_found_and_not_found_exit_the_same_in_both_modes(
    fake: Glossary, capsys: pytest.CaptureFixture[str]
) -> None:
    for query, code in (("броня", 0), ("qqqqqq", 1)):
        assert main(["lookup", query]) == code
        assert main(["lookup", query, "--json"]) == code
    capsys.readouterr()


@pytest.mark.parametrize(
    "argv",
    [
        ["lookup", "x", "--game", "chess"],
        ["lookup", "x", "--limit", "0"],
        ["lookup", "x", "--limit", "many"],
        ["lookup"],
    ],
)
@pytest.mark.parametrize(("lang", "usage"), [("en", "usage:"), ("ru", "использование:")])
def test_bad_arguments_exit_2(
    fake: Glossary,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    argv: list[str],
    lang: str,
    usage: str,
) -> None:
    monkeypatch.setenv("ARBITER_LOCALE", lang)
    with pytest.raises(SystemExit) as exc:
        main(argv)
    assert exc.value.code == 2
    assert usage in capsys.readouterr().err


def test_real_glossary_in_a_subprocess() -> None:
    assert glossary.load_glossary().entries, "glossary/data holds no entry"
    run = subprocess.run(
        [sys.executable, "-m", "bot", "lookup", "эгида", "--json", "--limit", "3"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert run.returncode == 0, run.stderr
    rows = json.loads(run.stdout)
    assert 1 <= len(rows) <= 3 and all(list(r) == KEYS for r in rows)
    assert rows[0]["game"] == "mage-wars" and rows[0]["title"].startswith("Aegis")


def test_confident_marks_the_entry_rule_would_open(
    fake: Glossary, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["lookup", "Aegis", "--json"]) == 0
    rows = json.loads(capsys.readouterr().out)
    assert rows[0]["id"] == "mw-aegis-x" and rows[0]["confident"] is True
    assert all(r["confident"] is False for r in rows[1:])
    assert main(["lookup", "что такое эгида?", "--json"]) == 0  # a question wrapper
    rows = json.loads(capsys.readouterr().out)
    assert rows[0]["id"] == "mw-aegis-x" and rows[0]["confident"] is True


def test_text_marks_the_entry_rule_would_open_in_the_users_language(
    fake: Glossary, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["lookup", "Aegis", "--lang", "en"]) == 0
    first = capsys.readouterr().out.splitlines()[0]
    assert first.startswith(" 1. Aegis X") and first.endswith("(opens)")
    assert main(["lookup", "Aegis", "--lang", "ru"]) == 0
    assert capsys.readouterr().out.splitlines()[0].endswith("(/rule откроет её сразу)")
