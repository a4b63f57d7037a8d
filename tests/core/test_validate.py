"""The offline command-tree validator: the real tree passes, bad declarations are reported."""

from __future__ import annotations

import asyncio
from typing import Any

from bot.context import Ctx
from bot.discord.names import valid_menu_name, valid_name
from bot.discord.validate import (
    build_items,
    command_chars,
    name_problems,
    offline_payload,
    validate_all,
    validate_payload,
    validate_registry,
)
from bot.i18n import Catalogue
from bot.registry import Choice, Option, Registry, load_handlers
from bot.reply import Reply


async def _noop(ctx: Ctx, **_: Any) -> Reply:
    return Reply()


def payload_of(reg: Registry) -> list[dict[str, Any]]:
    items, problems = build_items(reg)
    assert problems == []
    return asyncio.run(offline_payload(items))


def test_real_tree_is_valid() -> None:
    problems, count = validate_all(load_handlers())
    assert problems == []
    assert count >= 2


def test_name_rules() -> None:
    assert valid_name("о-боте") and valid_name("mw") and valid_name("it's") and valid_name("d20")
    assert not valid_name("Rule") and not valid_name("две части") and not valid_name("")
    assert not valid_name("x" * 33) and not valid_name("a.b") and not valid_name("эгида!")
    assert valid_menu_name("Explain rules") and not valid_menu_name("x" * 33)


def test_bad_or_missing_names_are_reported() -> None:
    reg = Registry()
    reg.command("good", area="core")(_noop)
    reg.command("other", "sub", area="core", options=[Option("term"), Option("extra")])(_noop)
    cat = Catalogue(
        {
            "cmd.good.name": {"ru": "Плохое Имя", "en": "good"},
            "cmd.other.name": {"ru": "другое", "en": "renamed"},
            "cmd.other.sub.name": {"en": "sub"},
            "opt.term.name": {"ru": "с пробелом", "en": "term"},
        }
    )
    problems = name_problems(reg, cat)
    assert any("'Плохое Имя' breaks" in p for p in problems)
    assert any("'с пробелом' breaks" in p for p in problems)
    assert any("English name 'renamed' differs from 'other'" in p for p in problems)
    assert any("/other sub: no ru name" in p for p in problems)
    assert any("/other sub extra: no ru name" in p and "no en name" not in p for p in problems)
    assert any("/other sub extra: no en name" in p for p in problems)
    assert not any(p.startswith("/good:") and "no " in p for p in problems)


def test_every_real_name_is_in_the_catalogue_in_both_languages() -> None:
    assert name_problems(load_handlers()) == []


def test_required_after_optional_and_choice_conflicts() -> None:
    async def complete(ctx: Ctx, current: str, values: dict[str, Any]) -> list[Choice]:
        return []

    reg = Registry()
    reg.command(
        "order",
        area="core",
        options=[
            Option("a"),
            Option("b", required=True),
            Option("c", choices=(Choice("x", "x"),), autocomplete=complete),
        ],
    )(_noop)
    problems = validate_registry(reg)
    assert any("required 'b' declared after 'a'" in p for p in problems)
    assert any("choices and autocomplete" in p for p in problems)


def test_group_split_over_areas() -> None:
    reg = Registry()
    reg.command("game", "start", area="tracker")(_noop)
    reg.command("game", "roll", area="dice")(_noop)
    assert any("spans areas" in p for p in validate_registry(reg))


def test_too_many_options_and_choices_in_payload() -> None:
    reg = Registry()
    reg.command("wide", area="core", options=[Option(f"o{i}") for i in range(26)])(_noop)
    reg.command(
        "pick",
        area="core",
        options=[Option("v", choices=tuple(Choice(f"n{i}", f"v{i}") for i in range(26)))],
    )(_noop)
    items, build_problems = build_items(reg)
    payload = asyncio.run(offline_payload(items))
    problems = build_problems + validate_payload(payload)
    assert problems == ["/pick v: 26 choices (max 25)", "/wide: 26 options (max 25)"]


def test_payload_limits_on_hand_made_specs() -> None:
    long_ru = "д" * 101
    payload: list[dict[str, Any]] = [
        {
            "type": 1,
            "name": "Bad Name",
            "description": "",
            "description_localizations": {"ru": long_ru},
            "options": [
                {"type": 3, "name": "opt", "description": "ok", "required": False},
                {"type": 3, "name": "req", "description": "ok", "required": True},
                {"type": 3, "name": "opt", "description": "x" * 101},
            ],
        },
        {"type": 3, "name": "x" * 40},
        {"type": 1, "name": "huge", "description": "d", "name_localizations": {"ru": "ы" * 8000}},
        {
            "type": 1,
            "name": "grp",
            "description": "g",
            "options": [
                {"type": 1, "name": "Sub", "description": "s", "options": []},
            ],
        },
    ]
    problems = validate_payload(payload)
    text = "\n".join(problems)
    assert "'Bad Name'" in text
    assert "base description has 0 characters" in text
    assert "ru description has 101 characters" in text
    assert "required 'req' after optional 'opt'" in text
    assert "option name 'opt' used twice" in text
    assert "/Bad Name opt: base description has 101" in text
    assert "must be 1–32 characters" in text
    assert "/huge:" in text and "(max 8000)" in text
    assert "/grp Sub: base name 'Sub'" in text


def test_char_count_includes_localizations() -> None:
    reg = Registry()
    reg.command("help", area="core")(_noop)  # named `помощь` in the catalogue
    (cmd,) = payload_of(reg)
    base = len("help") + len(cmd["description"])
    assert command_chars(cmd) == base + len("помощь") + len(cmd["description_localizations"]["ru"])


def test_real_payload_has_russian_localizations() -> None:
    items, _ = build_items(load_handlers())
    payload = asyncio.run(offline_payload(items))
    about = next(c for c in payload if c["name"] == "about")
    assert about["name_localizations"] == {"ru": "о-боте"}
    assert about["description_localizations"]["ru"] == "Версия, загруженные игры и время работы"
    assert about["description"] == "Version, loaded games and uptime"


async def test_validation_also_runs_inside_an_event_loop() -> None:
    problems, count = validate_all(load_handlers())
    assert problems == [] and count >= 2
