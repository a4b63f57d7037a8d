"""The official English names shown beside Russian-only titles (English walk 4, WF-1, CQ-2)
and the English texts of Arbiter's own retold entries (WF-2)."""

from __future__ import annotations

from pathlib import Path

from glossary.english_names import (
    ENGLISH_NAMES_FILE,
    ENGLISH_TEXTS_FILE,
    english_names,
    validate_english_names,
    validate_english_texts,
)
from glossary.loader import DATA_DIR, load_entries


def test_the_english_names_table_is_validated(tmp_path: Path) -> None:
    """`python -m bot check` refuses an unknown id, a Russian name and a bilingual title."""
    table = tmp_path / "names.toml"
    table.write_text(
        '[whfb]\n"whfb/nope" = "Nope"\n"whfb/razrusheniye" = "Разрушение"\n'
        '[conquest]\n"conquest/uron" = "Damage"\n',
        encoding="utf-8",
    )
    problems = validate_english_names(table, load_entries(DATA_DIR))
    assert len(problems) == 3
    assert validate_english_names(ENGLISH_NAMES_FILE, load_entries(DATA_DIR)) == []


def test_an_unreadable_table_gives_no_names(tmp_path: Path) -> None:
    """A broken file never fails a reply: the titles are shown without English names."""
    broken = tmp_path / "names.toml"
    broken.write_text("[whfb\n", encoding="utf-8")
    assert dict(english_names(broken)) == {}


def test_only_retold_entries_get_an_english_text(tmp_path: Path) -> None:
    """A seed's quotation stays as the Russian book has it; a text must be English."""
    table = tmp_path / "texts.toml"
    table.write_text(
        '"whfb/razrusheniye" = "Dispel."\n"keyforge/sbor" = "Сбор — это сбор."\n'
        '"keyforge/nope" = "Nope."\n',
        encoding="utf-8",
    )
    assert len(validate_english_texts(table, load_entries(DATA_DIR))) == 3
    assert validate_english_texts(ENGLISH_TEXTS_FILE, load_entries(DATA_DIR)) == []
