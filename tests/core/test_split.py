"""The splitter never loses text and every piece fits, on synthetic and real rule texts."""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.discord.split import split_text
from glossary.importers import SOURCES_DIR

ROOT = Path(__file__).resolve().parents[2]
GLOSSARY_DATA = ROOT / "glossary" / "data"


def assert_lossless(text: str, pieces: list[str], limit: int) -> None:
    """Pieces are in-order slices of `text`, separated (and surrounded) only by whitespace."""
    pos = 0
    for piece in pieces:
        assert 0 < len(piece) <= limit
        assert piece.strip(), "no whitespace-only piece"
        index = text.find(piece, pos)
        assert index >= 0, "piece is not a slice of the input"
        assert text[pos:index].strip() == "", "non-whitespace text was dropped"
        pos = index + len(piece)
    assert text[pos:].strip() == ""


def test_short_text_is_one_piece() -> None:
    assert split_text("Эгида 2.", 10) == ["Эгида 2."]
    assert split_text("  ", 10) == []
    assert split_text("", 10) == []


def test_prefers_paragraph_then_sentence_then_word() -> None:
    text = "Первый абзац. Ещё фраза.\n\nВторой абзац тут."
    assert split_text(text, 30) == ["Первый абзац. Ещё фраза.", "Второй абзац тут."]
    text = "Одна фраза здесь. Вторая фраза подлиннее."
    assert split_text(text, 30) == ["Одна фраза здесь.", "Вторая фраза подлиннее."]
    text = "слово " * 10
    pieces = split_text(text, 14)
    assert pieces[0] == "слово слово"
    assert_lossless(text, pieces, 14)


def test_sentence_end_with_closing_quote() -> None:
    text = "Он сказал «стоп.» Потом ушёл домой навсегда."
    assert split_text(text, 25)[0] == "Он сказал «стоп.»"


def test_overlong_word_is_cut_hard_but_kept() -> None:
    text = "a" * 25 + " b"
    pieces = split_text(text, 10)
    assert pieces == ["a" * 10, "a" * 10, "aaaaa b"]


def test_does_not_make_tiny_pieces_from_an_early_paragraph_break() -> None:
    text = "Ок.\n\n" + "длинное предложение без точек " * 5
    pieces = split_text(text, 60)
    assert len(pieces[0]) > 20
    assert_lossless(text, pieces, 60)


words = st.text(
    alphabet=st.sampled_from(list("абвгдеёжзийклмнопрстуфхцчшщъыьэюяABC012.,!?;:«»()-…")),
    min_size=1,
    max_size=30,
)
separators = st.sampled_from([" ", "  ", "\n", "\n\n", " \n \n ", "\t", ". ", "! "])


@settings(max_examples=300, deadline=None)
@given(
    parts=st.lists(st.tuples(words, separators), max_size=80),
    limit=st.integers(min_value=1, max_value=120),
)
def test_property_lossless_and_fits(parts: list[tuple[str, str]], limit: int) -> None:
    text = "".join(w + s for w, s in parts)
    pieces = split_text(text, limit)
    assert_lossless(text, pieces, limit)
    if len(text) <= limit and text.strip():
        assert pieces == [text]


@settings(max_examples=200, deadline=None)
@given(text=st.text(max_size=400), limit=st.integers(min_value=1, max_value=50))
def test_property_any_unicode(text: str, limit: int) -> None:
    assert_lossless(text, split_text(text, limit), limit)


def _seed_texts() -> list[Path]:
    texts = sorted(SOURCES_DIR.glob("*.txt"))
    assert len(texts) == 5, f"the five seed rule texts are committed in {SOURCES_DIR}"
    return texts


@pytest.mark.parametrize("limit", [1024, 4096])
@pytest.mark.parametrize("path", _seed_texts(), ids=lambda p: p.name)
def test_whole_seed_rule_texts(path: Path, limit: int) -> None:
    text = path.read_text(encoding="utf-8")
    pieces = split_text(text, limit)
    assert_lossless(text, pieces, limit)
    assert_word_boundaries(text, pieces)


def assert_word_boundaries(text: str, pieces: list[str]) -> None:
    """Real prose is never cut inside a word."""
    pos = 0
    for piece in pieces[:-1]:
        end = text.find(piece, pos) + len(piece)
        assert not (text[end - 1].isalnum() and text[end : end + 1].isalnum()), piece[-30:]
        pos = end


def _glossary_texts() -> list[str]:
    texts: list[str] = []

    def walk(node: Any) -> None:
        if isinstance(node, dict):
            value = node.get("text")
            if isinstance(value, str):
                texts.append(value)
            for child in node.values():
                walk(child)
        elif isinstance(node, list):
            for child in node:
                walk(child)

    for path in sorted(GLOSSARY_DATA.glob("*.toml")):
        with path.open("rb") as fh:
            walk(tomllib.load(fh))
    return texts


def test_longest_glossary_entries() -> None:
    texts = _glossary_texts()
    assert texts, "glossary/data/*.toml holds no entry text"
    longest = sorted(texts, key=len, reverse=True)[:10]
    assert len(longest[0]) > 1024, "the longest entry needs more than one embed field"
    for text in longest:
        # Field values (1024) and descriptions (4096), plus small limits that force many cuts.
        for limit in (1024, 4096, 300, 120):
            pieces = split_text(text, limit)
            assert_lossless(text, pieces, limit)
            assert_word_boundaries(text, pieces)
        if len(text) > 1024:
            assert len(split_text(text, 1024)) == 2
