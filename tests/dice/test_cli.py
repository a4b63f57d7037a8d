"""`python -m bot roll|odds`: flags generated from the registry, one JSON shape per command (the
keys docs/cli.md lists, exactly), plain text, help in the user's language, exit codes 0/2."""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import re
import subprocess
import sys
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

from bot.cli import build_parser, main
from bot.cli.dice import commands
from bot.cli.generate import SHELL_LESS
from bot.i18n import t
from bot.registry import Option, load_handlers

ATTACK_DIE = {"value", "critical"}
D12 = {"roll", "modified", "ok"}


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


def args(line: str) -> list[str]:
    """A command line as the shell splits it (no quoting needed in these tests)."""
    return line.split()


def frac(text: str) -> Fraction:
    return Fraction(text)


# ── rolls: one shape each ──────────────────────────────────────────────────────────────────────


def test_roll_mw_attack_shape(capsys: pytest.CaptureFixture[str]) -> None:
    data = run_json(
        capsys,
        *args("roll mw attack --dice 5 --armor 1 --strikes 2 --effect 7+ --seed 4"),
    )
    assert set(data) == {"dice", "daze", "strikes", "total"}
    assert data["dice"] == 5 and data["daze"] is None
    assert len(data["strikes"]) == 2
    for strike in data["strikes"]:
        assert set(strike) == {
            *("faces", "rolls", "dice", "normal", "critical", "armor", "damage"),
            *("missed_daze", "defense", "avoided", "effect", "effect_blocked"),
        }
        assert strike["dice"] == 5 == len(strike["rolls"]) == len(strike["faces"])
        assert all(set(die) == ATTACK_DIE for die in strike["rolls"])
        normal = sum(d["value"] for d in strike["rolls"] if not d["critical"])
        critical = sum(d["value"] for d in strike["rolls"] if d["critical"])
        assert (strike["normal"], strike["critical"]) == (normal, critical)
        assert strike["damage"] == max(0, normal - 1) + critical
        labels = [
            "·" if d["value"] == 0 else f"{d['value']}{'*' if d['critical'] else ''}"
            for d in strike["rolls"]
        ]
        assert strike["faces"] == labels  # the display labels are kept for older scripts
        assert set(strike["effect"]) >= D12 and isinstance(strike["effect"]["ok"], bool)
    assert data["total"] == sum(s["damage"] for s in data["strikes"])


def test_roll_mw_attack_daze_and_defense_rolls_are_objects(
    capsys: pytest.CaptureFixture[str],
) -> None:
    seen = set()
    for seed in range(12):
        data = run_json(
            capsys, *args(f"roll mw attack --dice 2 --daze --defense 7 --strikes 3 --seed {seed}")
        )
        assert set(data["daze"]) == D12
        for strike in data["strikes"]:
            assert strike["defense"] is None or set(strike["defense"]) == D12
            assert strike["dice"] == data["dice"] == 2
            if strike["avoided"] or strike["missed_daze"]:
                assert strike["rolls"] == [] and strike["faces"] == [] and strike["damage"] == 0
                seen.add("avoided" if strike["avoided"] else "missed_daze")
            else:
                assert len(strike["rolls"]) == 2
                seen.add("rolled")
    assert seen == {"avoided", "missed_daze", "rolled"}


@pytest.mark.parametrize(
    ("argv", "keys"),
    [
        ("roll mw effect --bonus 1", {"roll", "bonus", "modified", "rolls"}),
        ("roll mw burn --tokens 3", {"faces", "rolls", "dice", "damage", "tokens_left"}),
        ("roll mw escape", {"roll", "escaped", "rolls"}),
        ("roll mw push", {"roll", "direction", "rolls"}),
        (
            "roll berserk --values 2-3-4 --defender-values 1",
            {
                *("kind", "mode", "values", "defender_values", "attacker", "defender"),
                *("difference", "rolls", "dice"),
            },
        ),
        (
            "roll whf winds --wizards 2 --enemy-wizards 1",
            {
                *("winds", "wizard_rolls", "enemy_rolls", "power", "dispel"),
                *("power_lost", "dispel_lost", "rolls", "dice"),
            },
        ),
        (
            "roll whf cast --dice 3 --level 2 --value 9",
            {
                *("dice", "rolls", "total", "level", "result", "natural_fail"),
                *("value", "success", "irresistible", "miscast"),
            },
        ),
        (
            "roll whf dispel --dice 2 --level 1 --against 9",
            {"dice", "rolls", "total", "level", "result", "natural_fail", "against", "success"},
        ),
        ("roll expr 4d6kh3", {"expr", "kind", "total", "text", "rolls", "dice"}),
        (
            "roll expr 3a",
            {"expr", "kind", "total", "text", "rolls", "dice", "faces", "normal", "critical"},
        ),
    ],
)
def test_each_roll_has_one_shape(
    capsys: pytest.CaptureFixture[str], argv: str, keys: set[str]
) -> None:
    for seed in ("1", "2", "3"):
        data = run_json(capsys, *args(argv), "--seed", seed)
        assert set(data) == keys
        assert isinstance(data["rolls"], list)
        if "dice" in data:  # `dice` is a count wherever it appears
            assert data["dice"] == len(data["rolls"])


def test_dice_means_a_count_and_rolls_the_list(capsys: pytest.CaptureFixture[str]) -> None:
    cast = run_json(capsys, *args("roll whf cast --dice 4 --level 1 --value 9 --seed 5"))
    assert cast["dice"] == 4 and len(cast["rolls"]) == 4
    assert cast["total"] == sum(cast["rolls"]) and cast["result"] == cast["total"] + 1
    burn = run_json(capsys, *args("roll mw burn --tokens 6 --seed 5"))
    assert burn["damage"] == sum(d["value"] for d in burn["rolls"])
    assert burn["tokens_left"] == sum(1 for d in burn["rolls"] if d["value"])
    winds = run_json(capsys, *args("roll whf winds --wizards 3 --seed 5"))
    assert winds["rolls"] == winds["winds"] + winds["wizard_rolls"] + winds["enemy_rolls"]


def test_roll_expr_json_has_structured_dice_not_markdown(
    capsys: pytest.CaptureFixture[str],
) -> None:
    data = run_json(capsys, *args("roll expr 4d6kh3+2 --seed 11"))
    assert data["kind"] == "dice" and data["dice"] == 4
    for die in data["rolls"]:
        assert set(die) == {"value", "sides", "kept", "critical", "fumble"}
        assert die["sides"] == 6 and 1 <= die["value"] <= 6
        assert die["critical"] == (die["value"] == 6) and die["fumble"] == (die["value"] == 1)
    kept = [d["value"] for d in data["rolls"] if d["kept"]]
    assert len(kept) == 3
    assert sorted(kept) == sorted(d["value"] for d in data["rolls"])[1:]
    assert data["total"] == sum(kept) + 2
    for mark in ("**", "~~", "`"):
        assert mark not in data["text"]


def test_roll_expr_rerolls_are_listed_and_not_kept(capsys: pytest.CaptureFixture[str]) -> None:
    """`1d20ro<20` rerolls anything below 20 once: the first value is kept only if it was 20."""
    for seed in range(8):
        data = run_json(capsys, "roll", "expr", "1d20ro<20", "--seed", str(seed))
        kept = [d for d in data["rolls"] if d["kept"]]
        assert len(kept) == 1 and kept[0]["value"] == data["total"]
        assert len(data["rolls"]) == (1 if data["rolls"][0]["value"] == 20 else 2)


def test_roll_expr_attack_dice_are_objects(capsys: pytest.CaptureFixture[str]) -> None:
    data = run_json(capsys, *args("roll expr 6a --seed 3"))
    assert data["kind"] == "attack" and data["dice"] == 6
    assert all(set(d) == ATTACK_DIE for d in data["rolls"])
    assert data["total"] == sum(d["value"] for d in data["rolls"])
    assert data["critical"] == sum(d["value"] for d in data["rolls"] if d["critical"])


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
    first = run_json(capsys, *args(argv), "--seed", "9")
    second = run_json(capsys, *args(argv), "--seed", "9")
    assert first == second and isinstance(first, dict)


# ── odds: floats, and the same figures as exact fractions ──────────────────────────────────────

MW_ODDS = {"mean", "distribution", "kill", "avoid", "daze_miss", "effect", "exact"}


def test_odds_mw_shape(capsys: pytest.CaptureFixture[str]) -> None:
    data = run_json(capsys, "odds", "mw", "--dice", "4", "--armor", "1")
    assert set(data) == MW_ODDS and set(data["exact"]) == MW_ODDS - {"exact"}
    assert round(data["mean"], 2) == 3.20
    assert data["kill"] is None and data["exact"]["kill"] is None
    dist, exact = data["distribution"], data["exact"]["distribution"]
    assert list(dist) == [str(i) for i in range(len(dist))] == list(exact)
    assert sum(frac(p) for p in exact.values()) == 1
    for k in dist:
        assert float(frac(exact[k])) == pytest.approx(dist[k], abs=1e-15)
    assert float(frac(data["exact"]["mean"])) == pytest.approx(data["mean"], abs=1e-12)


def test_odds_mw_exact_fractions_by_hand(capsys: pytest.CaptureFixture[str]) -> None:
    """One die, no armor: 0, 1 or 2 damage, a third each (faces ·,·,1,2,1*,2*). Defense 7 is
    avoided on 6 of 12 rolls, so 0 damage is 1/2 + 1/2·1/3 = 2/3; four dice average 4."""
    data = run_json(capsys, *args("odds mw --dice 1 --defense 7 --life 2"))
    assert data["exact"]["distribution"] == {"0": "2/3", "1": "1/6", "2": "1/6"}
    assert data["exact"]["avoid"] == "1/2" and data["avoid"] == 0.5
    assert data["exact"]["mean"] == "1/2" and data["exact"]["kill"] == "1/6"
    assert run_json(capsys, *args("odds mw --dice 4"))["exact"]["mean"] == "4"
    daze = run_json(capsys, *args("odds mw --dice 1 --daze"))
    assert daze["exact"]["daze_miss"] == "1/2"


def test_odds_mw_every_flag(capsys: pytest.CaptureFixture[str]) -> None:
    argv = (
        "odds mw --dice 4 --armor 2 --piercing 1 --aegis 1 --weak 1 --corrode 1 --defense 8"
        " --unavoidable --daze --target-daze 1 --restrained --resilient --incorporeal --ethereal"
        " --strikes 3 --bonus 2 --life 5"
    )
    data = run_json(capsys, *args(argv))
    assert 0 <= data["kill"] <= 1
    assert float(frac(data["exact"]["kill"])) == pytest.approx(data["kill"], abs=1e-12)
    assert abs(sum(data["distribution"].values()) - 1) < 1e-9


BERSERK_ODDS = {"mode", "attacker", "defender", "mean_wounds", "mean", "defender_wounds", "exact"}


def test_odds_berserk_shape(capsys: pytest.CaptureFixture[str]) -> None:
    kinds = {"miss", "weak", "medium", "strong"}
    for mode in ("closed", "fight"):
        data = run_json(
            capsys,
            *args("odds berserk --values 2-3-4 --defender-values 1-2-2 --mod 1 --defender-mod 0"),
            *("--mode", mode),
        )
        assert set(data) == BERSERK_ODDS and data["mode"] == mode
        assert set(data["exact"]) == BERSERK_ODDS - {"exact", "mode"}
        assert set(data["attacker"]) == kinds == set(data["exact"]["attacker"])
        assert sum(frac(p) for p in data["exact"]["attacker"].values()) == 1
        assert data["mean"] == data["mean_wounds"] > 0
        assert float(frac(data["exact"]["mean"])) == pytest.approx(data["mean"], abs=1e-12)
    assert data["defender_wounds"] is not None


def test_odds_berserk_closed_by_hand(capsys: pytest.CaptureFixture[str]) -> None:
    """Closed mode, one d6: 1–3 weak, 4–5 medium, 6 strong; 2-3-4 averages 1 + 1 + 2/3."""
    data = run_json(capsys, *args("odds berserk --values 2-3-4 --mode closed"))
    assert data["exact"]["attacker"] == {
        "miss": "0",
        "weak": "1/2",
        "medium": "1/3",
        "strong": "1/6",
    }
    assert data["exact"]["mean_wounds"] == data["exact"]["mean"] == "8/3"
    assert data["defender_wounds"] is None and data["exact"]["defender_wounds"] is None


def test_odds_berserk_without_mode_keeps_the_json_of_the_default_mode(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """The text reply shows both modes, but `--json` stays one documented shape: `--mode` defaults
    to auto (a simple strike fights)."""
    base = ["odds", "berserk", "--values", "2-3-4", "--defender-values", "1-2-2"]
    default = run_json(capsys, *base)
    assert set(default) == BERSERK_ODDS and default["mode"] == "fight"
    assert default == run_json(capsys, *base, "--mode", "fight")
    assert default != run_json(capsys, *base, "--mode", "closed")


WHF_ODDS = {"success", "irresistible", "plain", "fail", "exact"}


def test_odds_whf_shape(capsys: pytest.CaptureFixture[str]) -> None:
    data = run_json(capsys, "odds", "whf", "--dice", "3", "--level", "1", "--value", "7")
    assert set(data) == WHF_ODDS and set(data["exact"]) == WHF_ODDS - {"exact"}
    assert round(data["irresistible"], 4) == 0.0741
    assert data["exact"]["irresistible"] == "2/27"  # 16 of 216 rolls hold two sixes or more
    exact = {k: frac(v) for k, v in data["exact"].items()}
    assert exact["success"] + exact["fail"] == 1
    assert exact["plain"] + exact["irresistible"] == exact["success"]
    assert data["fail"] == pytest.approx(1 - data["success"])


# ── text, help, exit codes ─────────────────────────────────────────────────────────────────────


@pytest.mark.parametrize(
    "argv",
    [
        "roll mw attack --dice 6 --armor 1 --strikes 2 --seed 3",
        "roll mw burn --tokens 4 --seed 3",
        "roll whf cast --dice 3 --level 1 --value 7 --seed 3",
        "roll expr 6d6kh3 --seed 3",
        "odds mw --dice 4 --armor 1 --life 4",
        "odds whf --dice 2 --level 1 --value 7",
        "odds berserk --values 2-3-4",
    ],
)
def test_text_output_has_no_markdown(capsys: pytest.CaptureFixture[str], argv: str) -> None:
    assert main(args(argv)) == 0
    out = capsys.readouterr().out
    assert out.strip()
    for mark in ("**", "~~", "```", "`"):
        assert mark not in out, (mark, out)


def test_dropped_dice_are_struck_in_plain_text(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["roll", "expr", "4d6kh3", "--seed", "1"]) == 0
    out = capsys.readouterr().out
    assert "\u0336" in out and "~~" not in out


def test_roll_text_output(capsys: pytest.CaptureFixture[str]) -> None:
    assert (
        main(["roll", "whf", "cast", "--dice", "2", "--level", "1", "--value", "5", "--seed", "1"])
        == 0
    )
    out = capsys.readouterr().out
    assert "Dice:" in out and "against casting value 5" in out


def test_results_follow_lang(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["roll", "whf", "cast", "--dice", "2", "--level", "1", "--value", "5", "--seed", "1"]
    assert main([*argv, "--lang", "ru"]) == 0
    assert "против сложности 5" in capsys.readouterr().out
    assert main(["--lang", "ru", *argv]) == 0  # before the subcommand too
    assert "против сложности 5" in capsys.readouterr().out
    assert main(["--lang", "ru", *argv, "--lang", "en"]) == 0  # the subcommand's wins
    assert "against casting value 5" in capsys.readouterr().out


def _help(capsys: pytest.CaptureFixture[str], *argv: str) -> str:
    with pytest.raises(SystemExit) as exc:
        main([*argv, "--help"])
    assert exc.value.code == 0
    return " ".join(capsys.readouterr().out.split())  # argparse wraps at the terminal's width


def test_help_is_in_russian_by_default_with_ranges(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("ARBITER_LOCALE")
    out = _help(capsys, "roll", "mw", "attack")
    assert out.startswith("использование: arbiter roll mw attack")
    assert "Число кубиков атаки (от 1 до 40)" in out
    assert "Модификатор броска эффекта (±X) (от −10 до 10)" in out
    assert "--броня N" in out and "зерно генератора" in out
    assert "usage:" not in out and "show this help" not in out


def test_help_in_english_from_locale_or_lang(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    out = _help(capsys, "odds", "whf")  # ARBITER_LOCALE=en
    assert out.startswith("usage: arbiter odds whf")
    assert "Number of power dice (1–6) (1 to 6)" in out and "Casting value" in out
    monkeypatch.setenv("ARBITER_LOCALE", "ru")
    out = _help(capsys, "roll", "berserk", "--lang", "en")
    assert "one of: simple, shot, throw, discharge, magic" in out
    assert "использование" not in out


def _leaf(parser: argparse.ArgumentParser, words: tuple[str, ...]) -> argparse.ArgumentParser:
    node = parser
    for word in words:
        sub = next(a for a in node._actions if a.choices and word in a.choices)
        node = sub.choices[word]  # type: ignore[index]
    return node


def test_every_option_has_help_in_both_languages() -> None:
    helps: dict[str, dict[tuple[tuple[str, ...], str], str]] = {}
    for lang in ("ru", "en"):
        parser = build_parser(lang)
        helps[lang] = {}
        for spec in commands():
            leaf = _leaf(parser, spec.words)
            assert leaf.description == t(spec.declared().key, lang)
            for action in leaf._actions:
                assert action.help, (lang, spec.words, action.dest)
                helps[lang][spec.words, action.dest] = action.help
            assert any(a.dest == "seed" for a in leaf._actions) == spec.seeded
    same = [key for key, text in helps["ru"].items() if helps["en"][key] == text]
    assert same == [], same  # every help differs between Russian and English


def test_version(capsys: pytest.CaptureFixture[str]) -> None:
    from bot import __version__

    with pytest.raises(SystemExit) as exc:
        main(["--version"])
    assert exc.value.code == 0
    assert capsys.readouterr().out.strip() == f"arbiter {__version__}"


def test_flags_are_the_registry_options() -> None:
    """No flag is written by hand: each subcommand offers exactly its command's options."""
    parser = build_parser("en")
    registry = load_handlers()
    for spec in commands():
        node = _leaf(parser, spec.words)
        dests = {a.dest for a in node._actions} - {"help", "json", "seed", "lang"}
        declared = {o.name for o in registry.commands[spec.command].options} - SHELL_LESS
        assert dests == declared, spec.words


def test_a_new_registry_option_is_a_new_flag(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    from dataclasses import replace

    registry = load_handlers()
    cmd = registry.commands[("whf", "winds")]
    extra = Option("storm", int, min_value=0, max_value=3)
    monkeypatch.setitem(registry.commands, cmd.path, replace(cmd, options=(*cmd.options, extra)))
    out = _help(capsys, "roll", "whf", "winds")
    assert "--storm N" in out and "(0 to 3)" in out


def test_russian_option_names_are_aliases(capsys: pytest.CaptureFixture[str]) -> None:
    ru = run_json(capsys, *args("roll mw attack --кубики 3 --броня 1 --seed 2"))
    en = run_json(capsys, *args("roll mw attack --dice 3 --armor 1 --seed 2"))
    assert ru == en


@pytest.mark.parametrize(
    ("argv", "needle"),
    [
        ("odds mw --dice 0", "“dice”"),
        ("odds mw --dice 500", "500 is out of range"),
        ("odds mw --dice 3 --armor -1", "“armor”"),
        ("odds mw --dice three", "“three” is not a number"),
        ("odds berserk --values abc", "“abc” is not a strike value"),
        ("odds berserk --values 2 --kind kick", "“kick” is not one of the choices"),
        ("odds whf --dice 7 --level 1 --value 5", "7 is out of range"),
        ("odds whf --dice 2 --level 0 --value 5", "0 is out of range; it must be between 1 and 4"),
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
    assert main(args(argv)) == 2
    captured = capsys.readouterr()
    assert needle in captured.err and captured.out == ""


@pytest.mark.parametrize(
    ("argv", "lang", "needle"),
    [
        ("roll mw attack", "ru", "нужны параметры: --dice"),
        ("roll mw attack", "en", "the following arguments are required: --dice"),
        ("roll mw burn", "en", "the following arguments are required: --tokens"),
        ("roll mw attack --dice 3 --bogus", "ru", "неизвестные аргументы: --bogus"),
        ("roll chess", "en", "invalid choice: 'chess'"),
        ("odds", "ru", "нужны параметры: КОМАНДА"),
    ],
)
def test_usage_errors_exit_2_in_the_users_language(
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    argv: str,
    lang: str,
    needle: str,
) -> None:
    monkeypatch.setenv("ARBITER_LOCALE", lang)
    with pytest.raises(SystemExit) as exc:
        main(args(argv))
    assert exc.value.code == 2
    err = capsys.readouterr().err
    assert needle in err and ("ошибка:" in err) == (lang == "ru")


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
        "plain": 0.0,
        "fail": pytest.approx(35 / 36),
        "exact": {"success": "1/36", "irresistible": "1/36", "plain": "0", "fail": "35/36"},
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


def test_odds_berserk_text_shows_both_modes_without_mode(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["odds", "berserk", "--values", "2-3-4"]) == 0
    out = capsys.readouterr().out
    assert "Strike 2-3-4 odds in both modes" in out
    assert "Fight — attacker" in out and "At a closed card — attacker" in out  # playtest 13, B4
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


# ── docs/cli.md lists each shape's keys: every row checked against the real output ─────────────

DOCS = Path(__file__).resolve().parents[2] / "docs" / "cli.md"
ROW = re.compile(r"^\| `([^`]+)`(?: \(([^)]+)\))?(?: → `([^`]+)`)? \| (`.+`) \|$")
SAMPLES = {
    ("roll mw attack", None): "roll mw attack --dice 3 --effect 7+ --seed 1",
    ("roll mw effect", None): "roll mw effect --seed 1",
    ("roll mw burn", None): "roll mw burn --tokens 2 --seed 1",
    ("roll mw escape", None): "roll mw escape --seed 1",
    ("roll mw push", None): "roll mw push --seed 1",
    ("roll berserk", None): "roll berserk --values 2-3-4 --seed 1",
    ("roll whf winds", None): "roll whf winds --seed 1",
    ("roll whf cast", None): "roll whf cast --dice 2 --level 1 --value 6 --seed 1",
    ("roll whf dispel", None): "roll whf dispel --dice 2 --level 1 --against 6 --seed 1",
    ("roll expr", "d20"): "roll expr 2d6+1 --seed 1",
    ("roll expr", "`Na`"): "roll expr 3a --seed 1",
    ("odds mw", None): "odds mw --dice 3",
    ("odds berserk", None): "odds berserk --values 2-3-4",
    ("odds whf", None): "odds whf --dice 2 --level 1 --value 6",
    ("lookup", None): "lookup эгида",
}


def _documented() -> list[tuple[str, str | None, str | None, list[str]]]:
    rows = []
    text = DOCS.read_text("utf-8")
    section = text[text.index("## JSON shapes") :].split("\n## ", 1)[0]
    for line in section.splitlines():
        m = ROW.match(line)
        if m and m.group(1).split()[0] in ("roll", "odds", "lookup"):
            keys = re.findall(r"`([^`]+)`", m.group(4))
            rows.append((m.group(1), m.group(2), m.group(3), keys))
    return rows


def test_docs_list_a_shape_for_every_command() -> None:
    documented = {(cmd, variant) for cmd, variant, _, _ in _documented()}
    assert documented == set(SAMPLES)
    assert {" ".join(spec.words) for spec in commands()} <= {cmd for cmd, _ in documented}


@pytest.mark.parametrize(("command", "variant", "path", "keys"), _documented())
def test_each_documented_shape_is_the_real_one(
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    command: str,
    variant: str | None,
    path: str | None,
    keys: list[str],
) -> None:
    if command == "lookup":
        import glossary
        from tests.glossary.sample import sample_glossary

        g = sample_glossary()
        monkeypatch.setattr(glossary, "load_glossary", lambda: g, raising=False)
    data = run_json(capsys, *args(SAMPLES[command, variant]))
    for step in (path or "").split("."):
        if step.endswith("[]"):
            data = data[step[:-2]][0] if step[:-2] else data[0]
        elif step:
            data = data[step]
    assert list(data) == keys  # the documented order too
