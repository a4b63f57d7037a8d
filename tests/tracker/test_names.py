"""Names match across languages, case, ё/е and æ; every template loads and is consistent."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.tracker.check import check_templates
from bot.tracker.names import norm
from bot.tracker.templates import TEMPLATE_SLUGS, template, templates


def test_norm_folds_case_yo_and_ae() -> None:
    assert norm("  ЁЖ ") == norm("еж")
    assert norm("Æmber") == "aember"
    assert norm("key-cost") == norm("key cost") == norm("KEY_COST")


@pytest.mark.parametrize(
    ("slug", "typed", "key"),
    [
        ("mage-wars", "горение", "burn"),
        ("mage-wars", "Burn", "burn"),
        ("mage-wars", "ГОРЕНИЕ", "burn"),
        ("keyforge", "ярость", "enrage"),
        ("keyforge", "жетоны силы", "ptoken"),
        ("keyforge", "жетон силы", "ptoken"),  # an alias since playtest 7 slip K3
        ("berserk", "фишки", "chips"),
    ],
)
def test_tokens_resolve(slug: str, typed: str, key: str) -> None:
    assert template(slug).resolve_token(typed) == key


@pytest.mark.parametrize("typed", ["янтарь", "Янтарь", "aember", "æmber", "ÆMBER"])
def test_aember_spellings_are_one_counter(typed: str) -> None:
    assert template("keyforge").resolve_stat(typed) == "aember"


def test_yo_insensitive() -> None:
    tpl = template("conquest")
    assert tpl.resolve_stat("ЗДОРОВЬЕ") == "hp"
    assert template("berserk").resolve_stat("закрыт") == template("berserk").resolve_stat("ЗАКРЫТ")


def test_unique_prefix_resolves_and_unknown_does_not() -> None:
    tpl = template("mage-wars")
    assert tpl.resolve_stat("прирост") == "channeling"
    assert tpl.resolve_stat("nonsense") is None


def test_every_game_has_a_valid_template() -> None:
    loaded, problems = check_templates()
    assert problems == []
    assert {t.slug for t in loaded} == set(TEMPLATE_SLUGS) == set(templates())


def test_check_reports_a_broken_template(tmp_path: Path) -> None:
    (tmp_path / "custom.toml").write_text(
        'slug = "custom"\nprocedure = "nope"\nmain = "life"\n', "utf-8"
    )
    paths = {"custom": tmp_path / "custom.toml", "mage-wars": tmp_path / "mage-wars.toml"}
    _, problems = check_templates(paths)
    text = "\n".join(problems)
    assert "unknown procedure" in text
    assert "'life' is used but not defined" in text
    assert "'mage-wars' is missing" in text


def test_check_reports_a_name_clash(tmp_path: Path) -> None:
    (tmp_path / "custom.toml").write_text(
        'slug = "custom"\nprocedure = "custom"\n'
        '[stats.a]\nru = "жизнь"\nen = "a"\n[tokens.b]\nru = "Жизнь"\nen = "b"\n',
        "utf-8",
    )
    _, problems = check_templates({"custom": tmp_path / "custom.toml"})
    assert any("means both" in p for p in problems)
