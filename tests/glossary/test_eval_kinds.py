"""The evaluation reads the blind set's fifth column (kind) and its no-answer lines (issue 19):
a no-answer line counts only whether something was opened, never in top-1 or top-3."""

from __future__ import annotations

from pathlib import Path

from glossary.evaluate import by_kind, format_kinds, read_cases
from glossary.model import Entry, Source

ARMOR = Entry(
    "mw/armor",
    "mage-wars",
    "Armor (Броня)",
    ("Armor", "Броня"),
    "Броня вычитается",
    Source("a", 1, 1),
)


def test_kinds_and_no_answer_lines(tmp_path: Path) -> None:
    tsv = tmp_path / "blind.tsv"
    tsv.write_text(
        "# query\tgame_filter\texpected_game\tsnippet\tkind\n"
        "броня\t-\tmage-wars\tвычитается\tname\n"
        "кто такой гендальф\t-\t-\t-\tnoanswer\n"
        "погода\t-\t-\t-\tnoanswer\n",
        encoding="utf-8",
    )
    cases, problems = read_cases(tsv)
    assert problems == [] and [c.answerable for c in cases] == [True, False, False]
    opened = {"броня": ARMOR, "погода": ARMOR}
    reports = by_kind(cases, lambda q, g, n: [ARMOR], lambda q, g: opened.get(q))
    assert reports["name"].top1 == 1 and reports["name"].opened == 1
    assert reports["noanswer"].total == 0 and reports["noanswer"].noanswer == 2
    assert reports["noanswer"].noanswer_opened == 1
    assert format_kinds(reports)[2].split()[-1] == "1"
