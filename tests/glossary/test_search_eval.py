"""The lookup quality target: top-1 >= 95% and top-3 = 100% on the dev and held-out queries."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import pytest

from glossary import Glossary
from glossary.evaluate import evaluate, format_report, read_cases
from glossary.model import Entry
from tests.glossary.search_data import DEV_TSV, HOLDOUT_TSV, real_glossary


@pytest.fixture(scope="module")
def g() -> Glossary:
    return real_glossary()


def _check(g: Glossary, path: Path) -> None:
    cases, problems = read_cases(path)
    assert problems == []
    assert len(cases) >= 50

    def search(query: str, game: str | None, limit: int) -> Sequence[Entry]:
        return [h.entry for h in g.search(query, game=game, limit=limit)]

    report = evaluate(cases, search)
    detail = "\n".join(format_report(report, path.name))
    assert report.top1 >= 0.95 * report.total, detail
    assert report.top3 == report.total, detail


def test_dev_queries(g: Glossary) -> None:
    if not DEV_TSV.is_file():
        pytest.skip(f"{DEV_TSV} is absent (the shared eval set lives next to the repository)")
    _check(g, DEV_TSV)


def test_held_out_queries(g: Glossary) -> None:
    _check(g, HOLDOUT_TSV)


def test_eval_reader_reports_malformed_lines(tmp_path: Path) -> None:
    tsv = tmp_path / "q.tsv"
    tsv.write_text("# comment\nброня\t-\tmage-wars\tурон\nonly two\tcols\n\n", encoding="utf-8")
    cases, problems = read_cases(tsv)
    assert [c.query for c in cases] == ["броня"] and cases[0].game is None
    assert problems == ["line 3: expected 4 tab-separated columns"]
