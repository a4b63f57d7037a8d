"""The rule texts live in the repository (`glossary/sources/`), unchanged, so a clone with nothing
beside it runs every test, and the `000:68` citations keep pointing at the same lines."""

from __future__ import annotations

import hashlib
import re
from pathlib import Path

import pytest

from bot.cli import main
from glossary.importers import KNOWN_SOURCES, SOURCES_DIR, import_dir
from glossary.loader import DATA_DIR

README = SOURCES_DIR / "README.md"
ROW = re.compile(
    r"^\| `(?P<file>\d{3}_[0-9a-f]{16}\.txt)` \| (?P<lines>\d+) \| `(?P<sha>[0-9a-f]{16})` \|$"
)


def _readme_rows() -> dict[str, tuple[int, str]]:
    rows = {}
    for line in README.read_text(encoding="utf-8").splitlines():
        if m := ROW.match(line):
            rows[m["file"]] = (int(m["lines"]), m["sha"])
    return rows


def test_the_sources_folder_is_inside_the_repository() -> None:
    repo = Path(__file__).resolve().parents[2]
    assert repo / "glossary" / "sources" == SOURCES_DIR
    assert sorted(p.name for p in SOURCES_DIR.glob("*.txt")) == sorted(KNOWN_SOURCES)


@pytest.mark.parametrize("name", sorted(KNOWN_SOURCES))
def test_each_text_matches_the_digest_and_line_count_its_readme_names(name: str) -> None:
    rows = _readme_rows()
    assert name in rows, f"{README} does not list {name}"
    lines, sha = rows[name]
    data = (SOURCES_DIR / name).read_bytes()
    assert hashlib.sha256(data).hexdigest()[:16] == sha, f"{name} was edited: its citations move"
    assert len(data.decode("utf-8").splitlines()) == lines


def test_readme_names_where_the_texts_came_from() -> None:
    text = README.read_text(encoding="utf-8")
    assert "shared/seeds/" in text and "byte for byte" in text


def test_import_glossary_reads_the_committed_sources_by_default(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["import-glossary", "--out", str(tmp_path)]) == 0
    out = capsys.readouterr().out
    for game, result in import_dir(SOURCES_DIR).items():
        assert f"{result.file}" in out
        written = (tmp_path / f"{game}.toml").read_bytes()
        assert written == (DATA_DIR / f"{game}.toml").read_bytes()
