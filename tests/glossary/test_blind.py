"""Floors on the blind set of issue 19 (`data/lookup_blind.tsv`, written by a session that never
saw the code, committed before any tuning). The floors are what the lookup reaches; they only
ever rise. Nothing may be opened wrongly, and nothing opened for a question no rule answers."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import pytest

from glossary import Glossary
from glossary.evaluate import OpensFn, Report, SearchFn, by_kind, evaluate, read_cases
from glossary.model import Entry
from tests.glossary.search_data import real_glossary

BLIND = Path(__file__).with_name("data") / "lookup_blind.tsv"
# no-answer questions of our own (lookup3), to check the open rule is not fitted to the blind set
NOANSWER2 = Path(__file__).with_name("data") / "lookup_noanswer2.tsv"
# … and of the fourth round, everyday talk in the rules' own words (written before its tuning)
NOANSWER3 = Path(__file__).with_name("data") / "lookup_noanswer3.tsv"
# answerable queries: top-1, top-3 and opened directly with the right entry (counts of 355);
# opened 267 → 265 when issue 17 added Berserk «Простой удар» and the seed errata, which shift the
# text weights: «двойной удар» and «в начале боя» questions stay first but are no longer opened;
# 267 again when a winner holding every word, most in its names and first by name too, opens
# when first, not tied (the «в начале боя» question and «дополнительные жизни лечат раны?»).
# 266 when the WFB entry «Неодолимая сила» (playtest 4, slip 30) came in: its name holds «сила»,
# which lifts «Пул кубиков силы» behind «Лимит силы» for «сколько максимум кубиков силы может быть
# в пуле» (lead 0.075, under the 0.08 it needs); still first, only not opened.
# 269 when a winner first among the texts without each word in turn opens at a 0.10 lead
# (`glossary.robust`): that question again, «кровожадный обязан бить раненого?» and «в каком
# порядке сбрасывать несколько карт сразу»; no wrong open on any set.
FLOORS = {"top1": 327, "top3": 348, "opened": 269}
KIND_TOP1 = {  # per kind, top-1 counts
    "question": 206, "name": 19, "english": 16, "mixed": 11, "slang": 22, "typo": 12,
    "layout": 10, "translit": 11, "gamein": 20,
}  # fmt: skip


@pytest.fixture(scope="module")
def g() -> Glossary:
    return real_glossary()


def _fns(g: Glossary) -> tuple[SearchFn, OpensFn]:
    def search(query: str, game: str | None, limit: int) -> Sequence[Entry]:
        return [h.entry for h in g.lookup(query, game=game, limit=limit).hits]

    def opens(query: str, game: str | None) -> Entry | None:
        found = g.lookup(query, game=game)
        return found.hits[0].entry if found.confident else None

    return search, opens


@pytest.fixture(scope="module")
def report(g: Glossary) -> Report:
    cases, problems = read_cases(BLIND)
    assert problems == [] and len(cases) == 393
    search, opens = _fns(g)
    return evaluate(cases, search, opens)


def test_blind_floors(report: Report) -> None:
    assert report.total == 355 and report.noanswer == 38
    assert report.top1 >= FLOORS["top1"]
    assert report.top3 >= FLOORS["top3"]
    assert (report.opened or 0) >= FLOORS["opened"]


def test_blind_opens_nothing_wrong(report: Report) -> None:
    assert [(c.query, e.id) for c, e in report.wrong_opens] == []
    assert report.noanswer_opened == 0


def test_blind_floors_by_kind(g: Glossary) -> None:
    cases, _ = read_cases(BLIND)
    search, opens = _fns(g)
    reports = by_kind(cases, search, opens)
    assert all(reports[k].top1 >= n for k, n in KIND_TOP1.items()), {
        k: reports[k].top1 for k in KIND_TOP1
    }


@pytest.mark.parametrize(("path", "least"), [(NOANSWER2, 40), (NOANSWER3, 30)])
def test_own_noanswer_questions_open_nothing(g: Glossary, path: Path, least: int) -> None:
    cases, problems = read_cases(path)
    assert problems == [] and len(cases) >= least and not any(c.answerable for c in cases)
    search, opens = _fns(g)
    report = evaluate(cases, search, opens)
    assert report.noanswer == len(cases) and report.noanswer_opened == 0
