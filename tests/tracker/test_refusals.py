"""The tracker core raises coded refusals; the handler layer's one table names each in words."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from bot.handlers.tracker_refusals import FAMILIES, KEYS, catalogue_key, user_error
from bot.i18n import catalogue
from bot.tracker import errors
from bot.tracker.errors import GameRef, NameList, Short, TrackerError, WrongGame
from bot.tracker.templates import template

ROOT = Path(__file__).resolve().parents[2]


def raised_codes() -> set[str]:
    """Every code the core raises: `TrackerError("code", …)` and the subclasses' own codes."""
    codes = {
        cls.code
        for cls in vars(errors).values()
        if isinstance(cls, type) and issubclass(cls, TrackerError) and cls is not TrackerError
    }
    sources = [*(ROOT / "bot" / "tracker").glob("*.py"), *(ROOT / "bot" / "games").rglob("*.py")]
    for path in sources:
        for node in ast.walk(ast.parse(path.read_text("utf-8"))):
            if (
                isinstance(node, ast.Call)
                and getattr(node.func, "id", "") in {"TrackerError", "Short"}
                and node.args
                and isinstance(node.args[0], ast.Constant)
                and isinstance(node.args[0].value, str)
            ):
                codes.add(node.args[0].value)
    return codes


def test_every_code_the_core_raises_has_a_message() -> None:
    codes = raised_codes()
    assert {"no_game", "not_player", "cannot_forge", "pool_short", "below_zero"} <= codes
    assert codes - set(KEYS) - set(FAMILIES) == set()


@pytest.mark.parametrize("key", sorted(set(KEYS.values())))
def test_every_key_in_the_table_is_in_both_languages(key: str) -> None:
    assert catalogue().lookup(key, "ru") and catalogue().lookup(key, "en")
    assert catalogue()._messages[key].get("en")


def test_a_stat_is_named_in_the_readers_language_and_names_are_escaped() -> None:
    tpl = template("mage-wars")
    exc = TrackerError("no_stat", name="*x*", target="bob", known=NameList([tpl.define("mana")]))
    ru, en = user_error(exc, "ru"), user_error(exc, "en")
    assert ru.key == en.key == "tracker.error.no_stat"
    assert ru.params["known"] == tpl.define("mana").ru
    assert en.params["known"] == tpl.define("mana").en
    assert ru.params["name"] == "\\*x\\*"


def test_a_game_is_named_as_its_players_call_it() -> None:
    err = user_error(WrongGame("/kf forge", "berserk"), "ru")
    assert err.params == {"command": "/kf forge", "game": "Берсерк ККИ"}
    custom = user_error(TrackerError("start_needs", option="life", game=GameRef("custom")), "en")
    assert custom.params["game"] == "Custom game"


def test_spending_too_much_uses_the_stats_own_message_where_there_is_one() -> None:
    mana = Short(stat_key="mana", name="a", have=1, need=3, stat="mana")
    other = Short(stat_key="nonesuch", name="a", have=1, need=3, stat="x")
    assert catalogue_key(mana, dict(mana.params)) == "tracker.error.short_mana"
    assert catalogue_key(other, dict(other.params)) == "tracker.error.short"
    assert "stat_key" not in user_error(mana, "ru").params
