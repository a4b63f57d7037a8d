"""`python -m bot roll|odds`: the JSON shapes are contracts; bad input exits 2 with a clear text."""

from __future__ import annotations

import contextlib
import json
import os
import subprocess
import sys
from typing import Any

import pytest

from bot.cli import main


@pytest.fixture(autouse=True)
def _env(monkeypatch: pytest.MonkeyPatch) -> None:
    for key in list(os.environ):
        if key.startswith(("ARBITER_", "DISCORD_")):
            monkeypatch.delenv(key)
    monkeypatch.setenv("DISCORD_TOKEN", "")
    monkeypatch.setenv("ARBITER_LOCALE", "en")


def run_json(capsys: pytest.CaptureFixture[str], *argv: str) -> Any:
    assert main([*argv, "--json"]) == 0
    return json.loads(capsys.readouterr().out)


def test_odds_mw_shape(capsys: pytest.CaptureFixture[str]) -> None:
    data = run_json(capsys, "odds", "mw", "--dice", "4", "--armor", "1")
    assert isinstance(data, dict) and set(data) == {"mean", "distribution", "kill"}
    assert round(data["mean"], 2) == 3.20
    assert data["kill"] is None
    dist = data["distribution"]
    assert list(dist) == [str(i) for i in range(len(dist))]
    assert abs(sum(dist.values()) - 1) < 1e-9


def test_odds_mw_every_flag(capsys: pytest.CaptureFixture[str]) -> None:
    argv = [
        "odds",
        "mw",
        "--dice",
        "4",
        "--armor",
        "2",
        "--piercing",
        "1",
        "--aegis",
        "1",
        "--weak",
        "1",
        "--corrode",
        "1",
        "--defense",
        "8",
        "--unavoidable",
        "--daze",
        "--target-daze",
        "1",
        "--restrained",
        "--resilient",
        "--incorporeal",
        "--ethereal",
        "--strikes",
        "3",
        "--bonus",
        "2",
        "--life",
        "5",
    ]
    data = run_json(capsys, *argv)
    assert isinstance(data, dict)
    assert 0 <= data["kill"] <= 1
    assert abs(sum(data["distribution"].values()) - 1) < 1e-9


def test_odds_berserk_shape(capsys: pytest.CaptureFixture[str]) -> None:
    kinds = {"miss", "weak", "medium", "strong"}
    for mode in ("closed", "fight"):
        data = run_json(
            capsys,
            "odds",
            "berserk",
            "--values",
            "2-3-4",
            "--mode",
            mode,
            "--defender-values",
            "1-2-2",
            "--mod",
            "1",
            "--defender-mod",
            "0",
        )
        assert isinstance(data, dict) and set(data) == {"attacker", "defender", "mean_wounds"}
        assert set(data["attacker"]) == kinds and set(data["defender"]) == kinds
        assert abs(sum(data["attacker"].values()) - 1) < 1e-9
    assert data["mean_wounds"] > 0


def test_odds_whf_shape(capsys: pytest.CaptureFixture[str]) -> None:
    data = run_json(capsys, "odds", "whf", "--dice", "3", "--level", "1", "--value", "7")
    assert isinstance(data, dict) and set(data) == {"success", "irresistible"}
    assert round(data["irresistible"], 4) == 0.0741


@pytest.mark.parametrize(
    "argv",
    [
        "roll mw attack --dice 4 --armor 2 --strikes 2 --effect 7+",
        "roll mw effect --bonus 1",
        "roll mw burn --tokens 3",
        "roll mw escape",
        "roll mw push",
        "roll berserk --values 2-3-4 --kind shot",
        "roll whf winds --wizards 2 --enemy-wizards 1",
        "roll whf cast --dice 3 --level 2 --value 9",
        "roll whf dispel --dice 2 --level 1 --against 9",
        "roll expr 4d6kh3",
    ],
)
def test_rolls_are_reproducible_with_a_seed(capsys: pytest.CaptureFixture[str], argv: str) -> None:
    first = run_json(capsys, *argv.split(), "--seed", "9")
    second = run_json(capsys, *argv.split(), "--seed", "9")
    assert first == second and isinstance(first, dict)


def test_roll_attack_json_holds_every_die(capsys: pytest.CaptureFixture[str]) -> None:
    data = run_json(
        capsys,
        *["roll", "mw", "attack", "--dice", "5", "--armor", "1", "--strikes", "2", "--seed", "4"],
    )
    assert isinstance(data, dict)
    assert [len(s["faces"]) for s in data["strikes"]] == [5, 5]
    assert data["total"] == sum(s["damage"] for s in data["strikes"])


def test_roll_text_output(capsys: pytest.CaptureFixture[str]) -> None:
    assert (
        main(["roll", "whf", "cast", "--dice", "2", "--level", "1", "--value", "5", "--seed", "1"])
        == 0
    )
    out = capsys.readouterr().out
    assert "Dice:" in out and "against casting value 5" in out


@pytest.mark.parametrize(
    ("argv", "needle"),
    [
        ("odds mw --dice 0", "“dice”"),
        ("odds mw --dice 500", "500 is out of range"),
        ("odds mw --dice 3 --armor -1", "“armor”"),
        ("odds berserk --values abc", "“abc” is not a strike value"),
        ("odds whf --dice 7 --level 1 --value 5", "7 is out of range"),
        ("roll whf cast --dice 7 --level 1 --value 5", "7 is out of range"),
        ("roll expr 2000d6", "At most 1000 dice"),
        ("roll expr 1d6/0", "Division by zero in “1d6/0”. Nothing was rolled."),
        ("roll expr 1d6%0", "Division by zero in “1d6%0”. Nothing was rolled."),
        ("roll expr 1d6/0 --json", "Division by zero"),
        ("roll expr 100d1!", "matches every face of a d1, so the roll would never end"),
        ("roll expr 41a", "At most 40 attack dice per roll, as in /mw attack."),
    ],
)
def test_bad_input_exits_2(capsys: pytest.CaptureFixture[str], argv: str, needle: str) -> None:
    assert main(argv.split()) == 2
    captured = capsys.readouterr()
    assert needle in captured.err and captured.out == ""


def test_subprocess_odds_whf() -> None:
    """The real `python -m bot` entry point prints the same contract."""
    env = {k: v for k, v in os.environ.items() if not k.startswith(("ARBITER_", "DISCORD_"))}
    env.update(DISCORD_TOKEN="", PYTHONIOENCODING="utf-8")
    proc = subprocess.run(
        [
            sys.executable,
            "-m",
            "bot",
            *["odds", "whf", "--dice", "2", "--level", "1", "--value", "14", "--json"],
        ],
        capture_output=True,
        text=True,
        encoding="utf-8",
        env=env,
        timeout=60,
        check=False,
    )
    assert proc.returncode == 0, proc.stderr
    assert json.loads(proc.stdout) == {
        "success": pytest.approx(1 / 36),
        "irresistible": pytest.approx(1 / 36),
    }


@pytest.mark.parametrize("expr", ["1d6/0", "1d6%0"])
def test_subprocess_division_by_zero_is_a_message_not_a_traceback(expr: str) -> None:
    """QA: `python -m bot roll expr "1d6/0"` printed a traceback; now the catalogue text, exit 2."""
    env = {k: v for k, v in os.environ.items() if not k.startswith(("ARBITER_", "DISCORD_"))}
    env.update(DISCORD_TOKEN="", PYTHONIOENCODING="utf-8", ARBITER_LOCALE="ru")
    proc = subprocess.run(
        [sys.executable, "-m", "bot", "roll", "expr", expr],
        capture_output=True,
        text=True,
        encoding="utf-8",
        env=env,
        timeout=60,
        check=False,
    )
    assert proc.returncode == 2
    assert proc.stderr.strip() == f"Деление на ноль в выражении «{expr}». Ничего не брошено."
    assert proc.stdout == "" and "Traceback" not in proc.stderr


def test_odds_berserk_without_mode_keeps_the_json_of_the_default_mode(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """The text reply shows both modes, but `--json` stays one documented shape: `--mode` defaults
    to auto (a simple strike fights)."""
    base = ["odds", "berserk", "--values", "2-3-4", "--defender-values", "1-2-2"]
    default = run_json(capsys, *base)
    assert set(default) == {"attacker", "defender", "mean_wounds"}
    assert default == run_json(capsys, *base, "--mode", "fight")
    assert default != run_json(capsys, *base, "--mode", "closed")


def test_odds_berserk_text_shows_both_modes_without_mode(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["odds", "berserk", "--values", "2-3-4"]) == 0
    out = capsys.readouterr().out
    assert "Strike 2-3-4 odds in both modes" in out
    assert "Fight — attacker" in out and "Closed mode — attacker" in out
    assert main(["odds", "berserk", "--values", "2-3-4", "--mode", "closed"]) == 0
    out = capsys.readouterr().out
    assert "2.67 wounds on average" in out and "Fight" not in out


def test_a_reader_that_leaves_early_gets_no_traceback(monkeypatch: pytest.MonkeyPatch) -> None:
    """`python -m bot odds mw … --json | head -1`: a closed pipe is not an error."""
    read_end, write_end = os.pipe()
    os.close(read_end)  # the reader has left
    closed = os.fdopen(write_end, "w")
    monkeypatch.setattr(sys, "stdout", closed)
    try:
        assert main(["odds", "mw", "--dice", "40", "--strikes", "3", "--json"]) == 0
    finally:
        with contextlib.suppress(BrokenPipeError):  # this test's own file object, not the CLI's
            closed.close()
