"""Lookup quality on a TSV of sample queries (`python -m bot eval-lookup FILE`, bench, tests).

Each line: query, game filter or `-`, expected game, expected snippets separated by `|`, and
optionally a kind (`question`, `slang`, … `noanswer`). A result counts when one snippet occurs in
its title or text and it belongs to the expected game. A no-answer line (expected game and
snippets `-`) asks about no rule of these games: it counts only whether something was opened.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from glossary.model import Entry

NO_ANSWER = "-"  # the expected game of a question the rules do not answer
SearchFn = Callable[[str, str | None, int], Sequence[Entry]]
# What `/rule` would open outright for (query, game filter), or None when it would ask.
OpensFn = Callable[[str, str | None], Entry | None]


@dataclass(frozen=True)
class Case:
    line: int
    query: str
    game: str | None
    expected_game: str
    snippets: tuple[str, ...]
    kind: str = ""

    @property
    def answerable(self) -> bool:
        return self.expected_game != NO_ANSWER

    def accepts(self, entry: Entry) -> bool:
        # the entry as its seed line reads, «Title. Text…», for a snippet across the two
        whole = f"{entry.title}. {entry.text.strip()}"
        return entry.game == self.expected_game and any(
            s in entry.title or s in entry.text or s in whole for s in self.snippets
        )


@dataclass
class Miss:
    case: Case
    rank: int | None  # 1-based rank of the first accepted result within the top 3, or None
    got: list[Entry]


@dataclass
class Report:
    total: int = 0
    top1: int = 0
    top3: int = 0
    misses: list[Miss] = field(default_factory=list)
    opened: int | None = None  # opened the right entry directly (None: not measured)
    opened_wrong: int = 0
    wrong_opens: list[tuple[Case, Entry]] = field(default_factory=list)
    noanswer: int = 0  # no-answer lines (not in `total`)
    noanswer_opened: int = 0  # … on which an entry was opened all the same

    def rate(self, hits: int) -> float:
        return 100.0 * hits / self.total if self.total else 0.0


def read_cases(path: Path) -> tuple[list[Case], list[str]]:
    """The cases of a TSV file and a list of `line N: problem` for lines that are malformed."""
    cases: list[Case] = []
    problems: list[str] = []
    for number, raw in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        if not raw.strip() or raw.lstrip().startswith("#"):
            continue
        cols = raw.split("\t")
        if len(cols) not in (4, 5) or not cols[0].strip() or not cols[3].strip():
            problems.append(f"line {number}: expected 4 tab-separated columns")
            continue
        query, game, expected, snippets = cols[:4]
        kind = cols[4].strip() if len(cols) == 5 else ""
        cases.append(
            Case(
                line=number,
                query=query,
                game=None if game.strip() in ("", "-") else game.strip(),
                expected_game=expected.strip(),
                snippets=tuple(s for s in snippets.split("|") if s and expected.strip() != "-"),
                kind=kind,
            )
        )
    return cases, problems


def evaluate(cases: Sequence[Case], search: SearchFn, opens: OpensFn | None = None) -> Report:
    """Top-1 and top-3 accuracy of `search(query, game, limit)` over the cases; with `opens`,
    also how often the entry opened outright was the right one, and how often a wrong one."""
    report = Report(opened=0 if opens is not None else None)
    for case in cases:
        if not case.answerable:
            report.noanswer += 1
            if opens is not None and opens(case.query, case.game) is not None:
                report.noanswer_opened += 1
            continue
        if opens is not None and report.opened is not None:
            opened = opens(case.query, case.game)
            if opened is not None and case.accepts(opened):
                report.opened += 1
            elif opened is not None:
                report.opened_wrong += 1
                report.wrong_opens.append((case, opened))
        got = list(search(case.query, case.game, 3))[:3]
        rank = next((i + 1 for i, e in enumerate(got) if case.accepts(e)), None)
        report.total += 1
        report.top1 += rank == 1
        report.top3 += rank is not None
        if rank != 1:
            report.misses.append(Miss(case, rank, got))
    return report


def merge(reports: Sequence[Report]) -> Report:
    """The reports of several files as one (for the "all" line)."""
    out = Report(opened=0 if all(r.opened is not None for r in reports) else None)
    for r in reports:
        out.total += r.total
        out.top1 += r.top1
        out.top3 += r.top3
        out.opened_wrong += r.opened_wrong
        out.noanswer += r.noanswer
        out.noanswer_opened += r.noanswer_opened
        if out.opened is not None and r.opened is not None:
            out.opened += r.opened
    return out


def format_report(report: Report, label: str) -> list[str]:
    """Developer-facing lines: the two figures, then every miss with what came first."""
    lines = [
        f"{label}: {report.total} queries",
        f"  top-1: {report.top1}/{report.total} = {report.rate(report.top1):.1f}%",
        f"  top-3: {report.top3}/{report.total} = {report.rate(report.top3):.1f}%",
    ]
    if report.opened is not None:
        lines += [
            f"  opened directly: {report.opened}/{report.total} = "
            f"{report.rate(report.opened):.1f}%",
            f"  opened wrong: {report.opened_wrong}",
        ]
        if report.noanswer:
            lines.append(
                f"  no-answer queries: {report.noanswer}, opened all the same: "
                f"{report.noanswer_opened}"
            )
        for case, entry in report.wrong_opens:
            lines.append(f"  wrong open line {case.line}: {case.query!r} → {entry.id}")
    for miss in report.misses:
        c = miss.case
        first = miss.got[0] if miss.got else None
        instead = f"{first.id} «{first.title}»" if first else "nothing"
        where = f"rank {miss.rank}" if miss.rank else "not in top 3"
        lines.append(
            f"  miss line {c.line}: {c.query!r} [{c.game or '-'}] → want {c.expected_game} "
            f"«{c.snippets[0][:40]}»; {where}; first was {instead}"
        )
    return lines


def by_kind(cases: Sequence[Case], search: SearchFn, opens: OpensFn) -> dict[str, Report]:
    """A report per kind of query (the fifth column), in order of first appearance."""
    kinds = dict.fromkeys(c.kind or "-" for c in cases)
    return {k: evaluate([c for c in cases if (c.kind or "-") == k], search, opens) for k in kinds}


def format_kinds(reports: dict[str, Report]) -> list[str]:
    """One line per kind: top-1, top-3, opened (of answerable), wrong opens, no-answer opens."""
    lines = [
        f"{'kind':<10} {'n':>4} {'top-1':>7} {'top-3':>7} {'opened':>7} {'wrong':>5} {'na-op':>5}"
    ]
    for kind, r in reports.items():
        n = r.total or r.noanswer
        if r.total:
            opened = r.rate(r.opened or 0)
            figures = f"{r.rate(r.top1):6.1f}% {r.rate(r.top3):6.1f}% {opened:6.1f}%"
        else:
            figures = f"{'-':>7} {'-':>7} {'-':>7}"
        lines.append(f"{kind:<10} {n:>4} {figures} {r.opened_wrong:>5} {r.noanswer_opened:>5}")
    return lines
