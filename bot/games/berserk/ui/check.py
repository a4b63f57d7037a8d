"""`python -m bot check` for dice: the Berserk fight table covers every pair of rolls once."""

from __future__ import annotations

from bot.checks import checker
from bot.games.berserk.dice import FIGHT_TABLE, fight_table, table_problems


@checker("berserk fight table")
def check_fight_table(report: list[str]) -> list[str]:
    try:
        rows = fight_table.__wrapped__(FIGHT_TABLE)
    except (OSError, ValueError, TypeError) as exc:
        return [f"{FIGHT_TABLE.name}: {exc}"]
    problems = table_problems(rows)
    report.append(f"dice: berserk fight table, {len(rows)} rows")
    return [f"{FIGHT_TABLE.name}: {p}" for p in problems[:10]]
