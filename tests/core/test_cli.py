"""`python -m bot` as a user runs it: a real subprocess, scripted stdin, no token, a temp database.

DISCORD_TOKEN is set to an empty value (which means "not set") rather than removed, so a
developer's own `.env` can never make these tests connect to Discord.
"""

from __future__ import annotations

import os
import shutil
import sqlite3
import subprocess
import sys
from contextlib import closing
from pathlib import Path
from typing import Any, Required, TypedDict, Unpack

import pytest

from bot import __version__
from bot.i18n import LOCALES_DIR, t
from bot.registry import load_handlers

TOKEN = "MTIzNDU2Nzg5MDEyMzQ1Njc4.cli-secret-part.never-print"


def run(
    tmp_path: Path, *args: str, stdin: str = "", **env: str
) -> subprocess.CompletedProcess[str]:
    clean = {
        k: v
        for k, v in os.environ.items()
        if not k.startswith(("ARBITER_", "DISCORD_")) and k != "LOG_LEVEL"
    }
    clean.update(DISCORD_TOKEN="", ARBITER_DB=str(tmp_path / "db" / "arbiter.sqlite3"))
    clean["PYTHONIOENCODING"] = "utf-8"
    clean.update(env)
    return subprocess.run(
        [sys.executable, "-m", "bot", *args],
        input=stdin,
        capture_output=True,
        text=True,
        encoding="utf-8",
        env=clean,
        cwd=tmp_path,
        timeout=120,
        check=False,
    )


@pytest.mark.parametrize(
    ("env", "setting"),
    [
        ({"LOG_LEVEL": "chatty", "DISCORD_TOKEN": TOKEN}, "LOG_LEVEL"),
        ({"ARBITER_LOCALE": "de", "DISCORD_TOKEN": TOKEN}, "ARBITER_LOCALE"),
        ({"ARBITER_SHARD_COUNT": "zero"}, "ARBITER_SHARD_COUNT"),
        ({"DISCORD_TOKEN": "MTIz cli-secret-part never-print"}, "DISCORD_TOKEN"),
    ],
)
def test_invalid_setting_exits_2_with_one_line(
    tmp_path: Path, env: dict[str, str], setting: str
) -> None:
    proc = run(tmp_path, "console", **env)
    assert proc.returncode == 2
    lines = proc.stderr.strip().splitlines()
    assert len(lines) == 1 and setting in lines[0], proc.stderr
    assert proc.stdout == ""
    for secret in ("cli-secret-part", "never-print", "MTIz"):
        assert secret not in proc.stderr


def test_no_token_says_so_once_and_opens_the_console(tmp_path: Path) -> None:
    proc = run(tmp_path, stdin="/help\n")
    assert proc.returncode == 0, proc.stderr
    notice = t("console.no_token", "ru")
    assert proc.stderr.splitlines()[0] == notice
    assert (proc.stdout + proc.stderr).count("DISCORD_TOKEN") == 1
    assert "/о-боте" in proc.stdout  # the console answered /help read from stdin
    assert (tmp_path / "db" / "arbiter.sqlite3").exists()  # folder made on demand


def test_scripted_console_prints_help_and_about(tmp_path: Path) -> None:
    proc = run(tmp_path, "console", stdin="/help\n!press 2\n!press 3\n!press 4\n/about\n")
    assert proc.returncode == 0, proc.stderr
    out = proc.stdout
    for cmd in load_handlers().commands.values():
        assert cmd.label("ru") in out
    assert t("help.title", "ru") in out
    assert t("about.title", "ru") in out and __version__ in out
    assert "Traceback" not in proc.stderr


def test_console_in_english(tmp_path: Path) -> None:
    proc = run(tmp_path, "console", "--lang", "en", stdin="/about\n")
    assert proc.returncode == 0, proc.stderr
    assert t("about.title", "en") in proc.stdout


def test_check_passes(tmp_path: Path) -> None:
    proc = run(tmp_path, "check")
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert "check: OK" in proc.stdout


@pytest.mark.parametrize("problem", ["under_a_file", "not_a_database", "newer_schema"])
def test_unusable_database_exits_2_with_one_line(tmp_path: Path, problem: str) -> None:
    if problem == "under_a_file":
        (tmp_path / "file").write_text("x", "utf-8")
        db = tmp_path / "file" / "arbiter.sqlite3"
    elif problem == "not_a_database":
        db = tmp_path / "arbiter.sqlite3"
        db.write_bytes(b"this is not an SQLite database, not even close" * 4)
    else:
        db = tmp_path / "arbiter.sqlite3"
        with closing(sqlite3.connect(db)) as conn:
            conn.executescript(
                "CREATE TABLE schema_version (version INTEGER PRIMARY KEY, name TEXT NOT NULL,"
                " applied_at TEXT NOT NULL DEFAULT (datetime('now')));"
                "INSERT INTO schema_version (version, name) VALUES (999, 'future');"
            )
    proc = run(tmp_path, "console", stdin="/about\n", ARBITER_DB=str(db))
    assert proc.returncode == 2, proc.stderr
    lines = proc.stderr.strip().splitlines()
    assert len(lines) == 1 and "ARBITER_DB" in lines[0], proc.stderr
    assert proc.stdout == ""


def _broken_locales(tmp_path: Path, edit: str) -> Path:
    """A copy of the real catalogue with one problem put in."""
    target = tmp_path / "locales"
    shutil.copytree(LOCALES_DIR, target)
    core = target / "core.toml"
    text = core.read_text("utf-8")
    if edit == "missing_en":
        text = text.replace('en = "Version"\n', "", 1)
    elif edit == "missing_description":
        text = text.replace("[cmd.about]", "[cmd.about_gone]", 1)
    else:
        text += "\n[broken\n"
    core.write_text(text, "utf-8")
    return target


@pytest.mark.parametrize(
    ("edit", "expected"),
    [
        ("missing_en", "message 'about.version' lacks en"),
        ("missing_description", "no catalogue text for 'cmd.about'"),
        ("bad_toml", "core.toml:"),
    ],
)
def test_check_lists_the_problems_of_a_broken_catalogue(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    edit: str,
    expected: str,
) -> None:
    from bot import i18n
    from bot.cli import main

    monkeypatch.setattr(i18n, "LOCALES_DIR", _broken_locales(tmp_path, edit))
    monkeypatch.chdir(tmp_path)  # no developer `.env`
    for name in ("DISCORD_TOKEN", "ARBITER_LOCALE", "LOG_LEVEL", "ARBITER_SHARD_COUNT"):
        monkeypatch.setenv(name, "")
    i18n.catalogue.cache_clear()
    try:
        assert main(["check"]) == 1
    finally:
        i18n.catalogue.cache_clear()
    out = capsys.readouterr()
    assert "problem(s):" in out.err
    problems = [line for line in out.err.splitlines() if line.startswith("  - ")]
    assert any(expected in p for p in problems), out.err
    assert "check: OK" not in out.out
    assert "Traceback" not in out.err


def test_ctrl_c_stops_quietly(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    import bot.cli.core
    from bot.cli import EXIT_INTERRUPTED, main

    def interrupted(args: object, settings: object) -> int:
        raise KeyboardInterrupt

    monkeypatch.setattr(bot.cli.core, "cmd_console", interrupted)
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("LOG_LEVEL", "")
    assert main(["console"]) == EXIT_INTERRUPTED
    assert "Traceback" not in capsys.readouterr().err


def test_console_survives_input_that_is_not_utf8(tmp_path: Path) -> None:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("ARBITER_", "DISCORD_"))}
    env |= {"DISCORD_TOKEN": "", "PYTHONIOENCODING": "utf-8", "LOG_LEVEL": "INFO"}
    env["ARBITER_DB"] = str(tmp_path / "a.sqlite3")
    proc = subprocess.run(
        [sys.executable, "-m", "bot", "console", "--lang", "en"],
        input=b"/ab\xff\xfeout\n/about\n",
        capture_output=True,
        env=env,
        cwd=tmp_path,
        timeout=120,
        check=False,
    )
    out, err = proc.stdout.decode("utf-8"), proc.stderr.decode("utf-8")
    assert proc.returncode == 0, err
    assert "Traceback" not in err
    assert "No such command" in out  # the mangled line is answered, not fatal
    assert t("about.title", "en") in out


def test_check_reports_an_area_check_module_that_cannot_be_imported(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from bot import check_areas
    from bot.checks import run_checks

    modules = [*check_areas.AREA_CHECK_MODULES, "bot.no_such_area_check"]
    monkeypatch.setattr(check_areas, "AREA_CHECK_MODULES", modules)
    report, problems = run_checks()
    assert problems == [
        "bot.no_such_area_check: cannot be imported: "
        "ModuleNotFoundError: No module named 'bot.no_such_area_check'"
    ]
    assert any(line.startswith("discord:") for line in report)  # the others still ran


# ── `check`: handler signatures against their declared options ─────────────────────────────────


class _Bundle(TypedDict, total=False):
    armor: int
    spell: bool


class _Spell(TypedDict, total=False):
    spell: bool


class _RequiredSpell(TypedDict):
    spell: Required[bool]


async def _good(ctx: object, dice: int, armor: int = 0, **options: Unpack[_Spell]) -> None:
    """`dice` named, `armor` named with a default, `spell` an optional key of `**options`."""


async def _needs_spell(
    ctx: object, dice: int, armor: int = 0, **options: Unpack[_RequiredSpell]
) -> None:
    """`spell` is a required key, so a command must declare it required."""


async def _bare(ctx: object, dice: int, **options: Any) -> None:
    """A bare `**options`: takes anything, checked by name only for `dice`."""


async def _mismatched(ctx: object, dice: int = 1, armor: int = 0, *, extra: str) -> None:
    """`dice` has a default though required; `spell` has no parameter; `extra` is no option."""


async def _optional_without_default(ctx: object, dice: int, armor: int) -> None:
    """`armor` is optional on Discord, so the handler is called without it."""


async def _typed_wrong(ctx: object, dice: int, **options: Unpack[_Bundle]) -> None:
    """`**options` lacks `defense` and holds `armor` as a key the command never declares."""


def _command(handler: Any, *options: Any) -> Any:
    from bot.registry import Command

    return Command(("fake",), handler, tuple(options), "dice")


def _options() -> tuple[Any, Any, Any]:
    from bot.registry import Option

    return Option("dice", int, required=True), Option("armor", int), Option("spell", bool)


def test_signature_check_accepts_agreeing_handlers() -> None:
    from bot.cli.signatures import signature_problems

    dice, armor, spell = _options()
    assert signature_problems(_command(_good, dice, armor, spell)) == ([], 0)
    assert signature_problems(_command(_bare, dice, armor, spell)) == ([], 2)


def test_signature_check_reports_each_mismatch() -> None:
    from bot.cli.signatures import signature_problems
    from bot.registry import Option

    dice, armor, spell = _options()
    problems, _ = signature_problems(_command(_mismatched, dice, armor, spell))
    where = f"/fake ({__name__}._mismatched)"
    assert problems == [
        f"{where}: option 'dice' is required, its parameter has a default",
        f"{where}: option 'spell' has no parameter",
        f"{where}: parameter 'extra' is no declared option",
    ]
    problems, _ = signature_problems(_command(_optional_without_default, dice, armor))
    assert problems == [
        f"/fake ({__name__}._optional_without_default): option 'armor' is optional,"
        " its parameter has no default"
    ]
    defense = Option("defense", int)
    problems, _ = signature_problems(_command(_typed_wrong, dice, defense, spell))
    where = f"/fake ({__name__}._typed_wrong)"
    assert problems == [
        f"{where}: option 'defense' is not in **options",
        f"{where}: **options key 'armor' is no declared option",
    ]
    required_spell = Option("spell", bool, required=True)
    problems, _ = signature_problems(_command(_good, dice, armor, required_spell))
    assert problems == [
        f"/fake ({__name__}._good): option 'spell' is required, not so in **options"
    ]


def test_check_fails_on_a_registered_mismatch(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from bot.cli import main

    registry = load_handlers()
    dice, armor, spell = _options()
    monkeypatch.setitem(registry.commands, ("fake",), _command(_mismatched, dice, armor, spell))
    monkeypatch.chdir(tmp_path)
    for name in ("DISCORD_TOKEN", "ARBITER_LOCALE", "LOG_LEVEL", "ARBITER_SHARD_COUNT"):
        monkeypatch.setenv(name, "")
    assert main(["check"]) == 1
    err = capsys.readouterr().err
    assert "option 'spell' has no parameter" in err and "parameter 'extra'" in err


def test_the_real_handlers_agree_with_their_options() -> None:
    from bot.cli.signatures import check_signatures

    report: list[str] = []
    assert check_signatures(report) == []
    assert report and report[0].startswith("handler signatures: ")


def test_version_flag(tmp_path: Path) -> None:
    proc = run(tmp_path, "--version")
    assert proc.returncode == 0 and proc.stdout.strip() == f"arbiter {__version__}"


@pytest.mark.parametrize(
    ("env", "expected", "absent"),
    [
        ({}, "использование: arbiter", "usage:"),
        ({"ARBITER_LOCALE": "ru"}, "Коды выхода: 0", "Exit codes"),
        ({"ARBITER_LOCALE": "en"}, "Exit codes: 0 done or found, 1 not found, 2 bad input", "Коды"),
    ],
)
def test_top_level_help_language(
    tmp_path: Path, env: dict[str, str], expected: str, absent: str
) -> None:
    proc = run(tmp_path, "--help", **env)
    assert proc.returncode == 0, proc.stderr
    out = " ".join(proc.stdout.split())
    assert expected in out and absent not in out
    for command in ("console", "check", "roll", "odds", "lookup"):
        assert f" {command} " in out


def test_console_plain_has_no_markdown(tmp_path: Path) -> None:
    line = "/roll 4d6kh3\n"
    marked = run(tmp_path, "console", "--lang", "en", stdin=line).stdout
    plain = run(tmp_path, "console", "--lang", "en", "--plain", stdin=line).stdout
    assert "**" in marked or "~~" in marked or "`" in marked
    assert "4d6kh3" in plain and not any(m in plain for m in ("**", "~~", "`"))


def _helps(lang: str) -> dict[tuple[str, ...], str]:
    """Every help text of the whole CLI (subcommands and options), by where it appears."""
    import argparse

    from bot.cli import build_parser

    out: dict[tuple[str, ...], str] = {}

    def walk(parser: argparse.ArgumentParser, path: tuple[str, ...]) -> None:
        for action in parser._actions:
            if isinstance(action, argparse._SubParsersAction):
                for choice in action._choices_actions:
                    out[(*path, choice.dest)] = str(choice.help)
                for word, sub in action.choices.items():
                    walk(sub, (*path, word))
            else:
                out[(*path, action.dest)] = str(action.help)

    walk(build_parser(lang), ())
    return out


def test_every_help_text_is_in_both_languages() -> None:
    ru, en = _helps("ru"), _helps("en")
    assert set(ru) == set(en) and len(ru) > 150
    assert [k for k, v in ru.items() if not v.strip() or v == "None"] == []
    assert [k for k, v in ru.items() if v == en[k]] == []  # nothing left in one language


@pytest.mark.parametrize("argv", [["lookup", "эгида", "--json"], ["roll", "expr", "4d6", "--json"]])
def test_a_reader_that_closes_the_pipe_early_gets_no_traceback(
    tmp_path: Path, argv: list[str]
) -> None:
    """`python -m bot lookup … --json | head -c 10`: the reader leaves, the CLI ends quietly."""
    env = {k: v for k, v in os.environ.items() if not k.startswith(("ARBITER_", "DISCORD_"))}
    env.update(DISCORD_TOKEN="", ARBITER_DB=str(tmp_path / "db.sqlite3"))
    proc = subprocess.Popen(
        [sys.executable, "-m", "bot", *argv],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        cwd=tmp_path,
        env=env,
    )
    assert proc.stdout is not None and proc.stderr is not None
    proc.stdout.close()  # the reader is gone before the CLI writes a byte
    err = proc.stderr.read().decode("utf-8")
    assert proc.wait(timeout=120) == 0
    assert "Traceback" not in err and "BrokenPipe" not in err
