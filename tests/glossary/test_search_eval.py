"""The lookup quality target: top-1 >= 95% and top-3 = 100% on the dev and held-out queries."""

from __future__ import annotations

import os
import subprocess
import sys
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
    _check(g, DEV_TSV)


def test_held_out_queries(g: Glossary) -> None:
    _check(g, HOLDOUT_TSV)


def test_eval_reader_reports_malformed_lines(tmp_path: Path) -> None:
    tsv = tmp_path / "q.tsv"
    tsv.write_text("# comment\nброня\t-\tmage-wars\tурон\nonly two\tcols\n\n", encoding="utf-8")
    cases, problems = read_cases(tsv)
    assert [c.query for c in cases] == ["броня"] and cases[0].game is None
    assert problems == ["line 3: expected 4 tab-separated columns"]


def test_eval_lookup_command(tmp_path: Path) -> None:
    """`python -m bot eval-lookup FILE` prints both figures and each miss with what came first."""
    real_glossary()
    tsv = tmp_path / "q.tsv"
    tsv.write_text(
        "эгида\t-\tmage-wars\tвычитают X кубиков\nэгида\t-\tberserk\tнет такого\n",
        encoding="utf-8",
    )
    env = {k: v for k, v in os.environ.items() if not k.startswith(("ARBITER_", "DISCORD_"))}
    env.update(DISCORD_TOKEN="", PYTHONIOENCODING="utf-8")
    done = subprocess.run(
        [sys.executable, "-m", "bot", "eval-lookup", str(tsv)],
        capture_output=True,
        text=True,
        encoding="utf-8",
        env=env,
        timeout=60,
    )
    assert done.returncode == 0, done.stderr
    assert "top-1: 1/2 = 50.0%" in done.stdout
    assert "top-3: 1/2 = 50.0%" in done.stdout
    assert "miss line 2: 'эгида'" in done.stdout and "first was mage-wars/" in done.stdout
    # /rule opens Aegis for both lines: right for the first, wrong for the second
    assert "opened directly: 1/2 = 50.0%" in done.stdout
    assert "opened wrong: 1" in done.stdout and "wrong open line 2: 'эгида'" in done.stdout
    second = tmp_path / "q2.tsv"
    second.write_text("что такое эгида?\t-\tmage-wars\tвычитают X кубиков\n", encoding="utf-8")
    both = subprocess.run(
        [sys.executable, "-m", "bot", "eval-lookup", str(tsv), str(second)],
        capture_output=True,
        text=True,
        encoding="utf-8",
        env=env,
        timeout=60,
    )
    assert both.returncode == 0, both.stderr
    assert "all: 3 queries" in both.stdout and "opened directly: 2/3 = 66.7%" in both.stdout
    missing = subprocess.run(
        [sys.executable, "-m", "bot", "eval-lookup", str(tmp_path / "none.tsv")],
        capture_output=True,
        text=True,
        encoding="utf-8",
        env=env,
        timeout=60,
    )
    assert missing.returncode == 2 and "cannot read" in missing.stderr
