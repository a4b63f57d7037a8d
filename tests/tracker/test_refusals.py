"""The tracker core raises coded refusals; the handler layer's one table names each in words."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from bot.console import Console
from bot.context import Services
from bot.games.keyforge.ui.commands import forge
from bot.games.whfb.ui.commands import set_pools
from bot.handlers import tracker_ops as service
from bot.handlers.tracker_refusals import FAMILIES, KEYS, catalogue_key, user_error
from bot.i18n import catalogue
from bot.registry import Localized, UserError
from bot.tracker import errors
from bot.tracker.errors import GameRef, NameList, Short, TrackerError, WrongGame
from bot.tracker.templates import template
from tests.helpers.tracker import BOB, CHANNEL, MakeCtx, refused

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
    command = err.params["command"]
    assert isinstance(command, Localized) and err.params["game"] == "Берсерк ККИ"
    assert (command.get("ru"), command.get("en")) == ("/кф выковать", "/kf forge")
    custom = user_error(TrackerError("start_needs", option="life", game=GameRef("custom")), "en")
    assert custom.params["game"] == "Custom game"


def test_spending_too_much_uses_the_stats_own_message_where_there_is_one() -> None:
    mana = Short(stat_key="mana", name="a", have=1, need=3, stat="mana")
    other = Short(stat_key="nonesuch", name="a", have=1, need=3, stat="x")
    assert catalogue_key(mana, dict(mana.params)) == "tracker.error.short_mana"
    assert catalogue_key(other, dict(other.params)) == "tracker.error.short"
    assert "stat_key" not in user_error(mana, "ru").params


async def test_wrong_game_messages_name_the_game_and_the_command(
    services: Services, make_ctx: MakeCtx, console: Console
) -> None:
    alice = make_ctx("alice")
    await service.start(alice, "keyforge", [BOB], {})
    text = await refused(
        services,
        lambda: service.add_item(alice, "planets", "Tarrus", command="/planet"),
        "tracker.error.wrong_game_owned",
    )
    assert text == (  # playtest 12, M6: the command's own game is named
        "Команда /планета — из игры Warhammer 40\u00a0000: Conquest,"
        " а в этом канале идёт партия KeyForge."
    )
    for line, wanted in (
        (
            "/planet name:X",
            "Команда /планета — из игры Warhammer 40\u00a0000: Conquest,"
            " а в этом канале идёт партия KeyForge.",
        ),
        ("/mana amount:3", "/мана — из игры Mage Wars, а в этом канале идёт партия KeyForge."),
    ):
        out = await console.execute(line)
        assert out.startswith("✖") and wanted in out, out
    await service.end(alice)
    await service.start(alice, "conquest", [BOB], {"hale": 7, "bloodied": 4})
    english = make_ctx("alice", lang="en")  # names are made in the reader's language (pt18 C1)
    text = await refused(services, lambda: forge(english), "tracker.error.wrong_game_owned", "en")
    assert (
        text == "/kf forge is a KeyForge command,"
        " and this channel is playing Warhammer 40,000: Conquest."
    )
    text = await refused(
        services, lambda: set_pools(alice, None, 3, 2), "tracker.error.wrong_game_owned"
    )
    assert "идёт партия Warhammer 40\u00a0000: Conquest" in text and "conquest" not in text
    helper = service.wrong_game(make_ctx("alice", lang="en"), "/mw attack", "berserk")
    command = helper.params["command"]
    assert isinstance(command, Localized) and helper.params["game"] == "Berserk CCG"
    assert (command.get("en"), command.get("ru")) == ("/mw attack", "/мв атака")


async def test_a_missing_start_option_names_the_game(
    services: Services, make_ctx: MakeCtx, console: Console
) -> None:
    with pytest.raises(UserError) as err:
        await service.start(make_ctx("alice"), "mage-wars", [], {})
    assert err.value.params["game"] == "Mage Wars"
    assert await service.load_state(services.storage, CHANNEL) is None
    out = await console.execute("/game start game:conquest hale:7")
    # playtest 4: a warlord's refusal names both sides of its card, not «здоровье:36»
    assert (
        "Укажите очки здоровья военачальника на обеих сторонах карты — здоровой и окровавленной: "
        "здоровье:7 окровавленный:" in out
    )
    out = await console.execute("/game start game:mage-wars")  # the option as Discord shows it
    assert "Для Mage Wars укажите параметр «жизнь», например жизнь:36." in out
    console.lang = "en"
    out = await console.execute("/game start game:mage-wars")
    assert "Mage Wars needs the option “life”" in out
    with pytest.raises(UserError) as err:
        await service.start(make_ctx("alice"), "keyforge", [], {"life": 3})
    assert err.value.params["game"] == "KeyForge"
    assert await service.load_state(services.storage, CHANNEL) is None


def test_a_game_reference_names_itself_without_the_catalogue() -> None:
    assert GameRef("berserk").name("ru") == "Berserk CCG"  # its title; players read the catalogue
    assert GameRef("custom").name("en") == "Custom game"


async def test_a_refusal_reaching_the_registry_is_shown_in_the_readers_language(
    make_ctx: MakeCtx,
) -> None:
    """A core refusal not caught by `tracker_ops` still becomes its message, not an apology."""
    from bot.registry import guarded
    from bot.reply import Reply

    tpl = template("mage-wars")

    async def handler() -> Reply:
        raise TrackerError("no_stat", name="x", target="bob", known=NameList([tpl.define("mana")]))

    ru = await guarded(make_ctx("alice"), handler())
    en = await guarded(make_ctx("alice", lang="en"), handler())
    assert tpl.define("mana").ru in (ru.body or "") and tpl.define("mana").en in (en.body or "")
