"""`python -m bot check` for the glossary data: every file loads strictly; counts per game."""

from __future__ import annotations

from collections import Counter

from bot.checks import checker
from glossary.loader import DATA_DIR, load_entries, validate_data


@checker("glossary data")
def check_glossary_data(report: list[str]) -> list[str]:
    problems = validate_data(DATA_DIR)
    if problems:
        return problems
    counts = Counter(entry.game for entry in load_entries(DATA_DIR))
    figures = ", ".join(f"{game} {n}" for game, n in counts.items())
    report.append(f"glossary: {sum(counts.values())} entries ({figures})")
    return []
