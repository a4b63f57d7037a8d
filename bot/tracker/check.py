"""`python -m bot check`: every game template loads, is consistent, and every game has one."""

from __future__ import annotations

from pathlib import Path

from bot.checks import checker
from bot.tracker.templates import (
    TEMPLATE_SLUGS,
    TEMPLATES_DIR,
    Template,
    TemplateError,
    load_template_file,
)


def check_templates(directory: Path = TEMPLATES_DIR) -> tuple[list[Template], list[str]]:
    """Load every template file; problems name the file and what is wrong."""
    loaded: list[Template] = []
    problems: list[str] = []
    for path in sorted(directory.glob("*.toml")):
        try:
            loaded.append(load_template_file(path))
        except (TemplateError, ValueError) as exc:
            problems.append(f"tracker template {exc}")
    found = {t.slug for t in loaded} | {p.stem for p in directory.glob("*.toml")}
    problems += [
        f"tracker template for {slug!r} is missing" for slug in TEMPLATE_SLUGS if slug not in found
    ]
    return loaded, problems


@checker("tracker templates")
def check_tracker(report: list[str]) -> list[str]:
    from bot.tracker.rounds import PROCEDURES

    loaded, problems = check_templates()
    problems += [
        f"tracker template {t.slug!r}: no round procedure {t.procedure!r}"
        for t in loaded
        if t.procedure not in PROCEDURES
    ]
    stats = sum(len(t.stats) for t in loaded)
    tokens = sum(len(t.tokens) for t in loaded)
    report.append(f"tracker: {len(loaded)} templates, {stats} stats, {tokens} tokens")
    return problems
