"""`python -m bot check`: every game template loads, is consistent, and every game has one."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path

from bot.checks import checker
from bot.i18n import catalogue
from bot.tracker.templates import (
    TEMPLATE_PATHS,
    Template,
    TemplateError,
    known_game,
    load_template_file,
)
from bot.tracker.units import life_note


def check_templates(
    paths: Mapping[str, Path] = TEMPLATE_PATHS,
) -> tuple[list[Template], list[str]]:
    """Load every game's template; problems name the file and what is wrong."""
    loaded: list[Template] = []
    problems: list[str] = []
    for slug, path in paths.items():
        if not path.is_file():
            problems.append(f"tracker template for {slug!r} is missing ({path})")
            continue
        try:
            tpl = load_template_file(path, slug)
        except (TemplateError, ValueError) as exc:
            problems.append(f"tracker template {exc}")
            continue
        loaded.append(tpl)
        problems += [
            f"tracker template {path.parent.name}/{path.name}: {p}" for p in catalogue_problems(tpl)
        ]
    return loaded, problems


def catalogue_problems(tpl: Template) -> list[str]:
    """The messages a template names (unit_note, unit_needs_*) that the catalogue lacks."""
    problems = [
        f"unit_required {r!r} has no tracker.error.unit_needs_{r} message"
        for r in tpl.unit_required
        if f"tracker.error.unit_needs_{r}" not in catalogue()
    ]
    if life_note(tpl) and life_note(tpl) not in catalogue():
        problems.append(f"life sets another stat: {life_note(tpl)!r} is not in the catalogue")
    if tpl.unit_note not in catalogue():
        problems.append(f"unit_note {tpl.unit_note!r} is not in the catalogue")
    return problems


@checker("tracker templates")
def check_tracker(report: list[str]) -> list[str]:
    loaded, problems = check_templates()
    problems += [
        f"tracker template {t.slug!r}: no round procedure {t.procedure!r}"
        for t in loaded
        if not known_game(t.procedure)
    ]
    stats = sum(len(t.stats) for t in loaded)
    tokens = sum(len(t.tokens) for t in loaded)
    report.append(f"tracker: {len(loaded)} templates, {stats} stats, {tokens} tokens")
    return problems
