"""`python -m bot check`: offline validation of everything Discord or a user would trip over.

Areas add their own checks with `@checker`; each returns a list of problems (empty when fine) and
may print figures through the `report` list it is given.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable

from bot.i18n import Catalogue
from bot.registry import load_handlers

Checker = Callable[[list[str]], list[str]]
_checkers: list[tuple[str, Checker]] = []


def checker(name: str) -> Callable[[Checker], Checker]:
    """Register a check: `fn(report) -> problems`; append human-readable figures to `report`."""

    def decorator(fn: Checker) -> Checker:
        _checkers.append((name, fn))
        return fn

    return decorator


@checker("catalogue")
def check_catalogue(report: list[str]) -> list[str]:
    cat = Catalogue.load()
    report.append(f"catalogue: {len(cat.keys())} messages in ru and en")
    return cat.problems()


@checker("command texts")
def check_command_texts(report: list[str]) -> list[str]:
    """Every command, group and option has a description, and every area a `/help` heading."""
    cat = Catalogue.load()
    reg = load_handlers()
    problems: list[str] = []
    keys: set[str] = set()
    for cmd in reg.commands.values():
        keys.add(cmd.key)
        if len(cmd.path) > 1:
            keys.add("cmd." + cmd.path[0])
        keys.update(f"{cmd.key}.opt.{o.name}" for o in cmd.options)
    keys.update(reg.menus)
    keys.update(f"help.area.{area}" for area in reg.areas())
    problems += [f"no catalogue text for {k!r}" for k in sorted(keys) if k not in cat]
    report.append(f"commands: {len(reg.commands)} handlers, {len(reg.actions)} actions")
    return problems


@checker("database schema")
def check_schema(report: list[str]) -> list[str]:
    from bot.storage import open_storage

    async def run() -> int:
        storage = await open_storage(":memory:")
        try:
            return await storage.db.schema_version()
        finally:
            await storage.close()

    try:
        version = asyncio.run(run())
    except Exception as exc:  # report, do not crash: check lists problems
        return [f"migrations fail on an empty database: {exc}"]
    report.append(f"database: migrations apply cleanly up to version {version}")
    return []


def run_checks() -> tuple[list[str], list[str]]:
    """Run every registered check; returns (report lines, problems)."""
    from bot.check_areas import import_area_checks

    report: list[str] = []
    problems = import_area_checks()
    for name, fn in _checkers:
        try:
            problems += fn(report)
        except Exception as exc:
            problems.append(f"{name}: check crashed: {exc!r}")
    return report, problems
