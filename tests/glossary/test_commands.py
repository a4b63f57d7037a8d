"""Glossary commands through the console and direct handler calls, over the sample entries."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import replace

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bot.console import Console
from bot.context import Ctx, Services, UserRef
from bot.glossary_view import (
    choice_name,
    extract_inline_terms,
    page_of,
)
from bot.handlers import glossary as h
from bot.handlers import glossary_browse as browse
from bot.registry import UserError, load_handlers, run_action
from bot.reply import Button, Kind, Reply, Select
from glossary import Glossary
from glossary.normalize import clean as clean_query
from glossary.terms import TermFinder
from tests.glossary.sample import ENTRIES, LONG_TEXT, sample_glossary


@pytest.fixture
def fake(services: Services) -> Glossary:
    g = sample_glossary()
    services.__dict__["glossary"] = g
    return g


@pytest.fixture
def ctx(services: Services, fake: Glossary) -> Ctx:
    return Ctx(services, UserRef.from_name("alice"), channel_id=1, guild_id=2, lang="ru")


def buttons(reply: Reply) -> list[Button]:
    return [a for a in reply.actions if isinstance(a, Button)]


def selects(reply: Reply) -> list[Select]:
    return [a for a in reply.actions if isinstance(a, Select)]


async def error_of(coro: object) -> UserError:
    with pytest.raises(UserError) as err:
        await coro  # type: ignore[misc]
    return err.value


# --- /rule ---------------------------------------------------------------------------------------


async def test_rule_shows_full_entry_publicly(ctx: Ctx) -> None:
    reply = await h.rule(ctx, "эгида")
    assert reply.title == "Эгида X (Aegis X)"
    assert reply.body == ENTRIES[0].text
    assert not reply.ephemeral and reply.kind is Kind.INFO
    assert [f.value for f in reply.fields][:2] == ["Mage Wars", "черта объекта"]
    assert reply.footer == "Источник: mage-wars.txt, строки 4–5"
    assert [(b.action, b.payload) for b in buttons(reply)] == [("rule.open", "mw-armor")]


async def test_rule_long_text_is_never_cut(ctx: Ctx) -> None:
    reply = await h.rule(ctx, "armor", game="mage-wars")
    assert reply.body == LONG_TEXT and len(reply.body) > 4096
    assert reply.body.endswith("Последняя фраза длинного правила.")


async def test_rule_see_also_at_most_five_buttons_rest_as_text(ctx: Ctx) -> None:
    reply = await h.rule(ctx, "mw-armor")
    assert [b.payload for b in buttons(reply)] == [
        "mw-aegis-x",
        "mw-bleed",
        "mw-controller",
        "mw-owner",
        "kf-armor",
    ]
    see_also = next(f for f in reply.fields if f.name == "См. также")
    assert "Горение (Burn)" in see_also.value
    # «Critical Damage» names no entry: a dead link is left out (playtest 10, K3)
    assert "Critical Damage" not in see_also.value


async def test_rule_private_is_ephemeral(ctx: Ctx) -> None:
    assert (await h.rule(ctx, "эгида", private=True)).ephemeral


async def test_rule_entry_id_opens_directly(ctx: Ctx) -> None:
    reply = await h.rule(ctx, "mw-owner")
    assert reply.title == "Владелец (Owner)"


async def test_rule_tie_asks_with_a_select(ctx: Ctx) -> None:
    reply = await h.rule(ctx, "владелец")
    assert reply.body and not buttons(reply)
    (select,) = selects(reply)
    assert select.action == "rule.pick"
    assert sorted(o.value for o in select.options) == ["mw-controller", "mw-owner"]
    assert "Владелец (Controller) · Mage Wars" in [o.label for o in select.options]


async def test_rule_same_term_in_three_games_asks(ctx: Ctx) -> None:
    reply = await h.rule(ctx, "броню")
    (select,) = selects(reply)
    assert {o.value for o in select.options} == {"mw-armor", "kf-armor", "bk-armor"}


async def test_rule_game_filter_resolves_the_tie(ctx: Ctx) -> None:
    reply = await h.rule(ctx, "броню", game="berserk")
    assert reply.title == "Броня" and reply.body == "Броня Берсерка."


async def test_rule_close_runner_up_offered_as_did_you_mean(ctx: Ctx) -> None:
    g = sample_glossary(
        replace(ENTRIES[2], id="mw-strangulation", title="Strangulation", names=()),
        replace(ENTRIES[3], id="mw-strangulations", title="Strangulations", names=()),
    )
    ctx.services.__dict__["glossary"] = g
    reply = await h.rule(ctx, "stranglation")  # a typo: a fuzzy winner
    assert reply.title == "Strangulation" and reply.body == ENTRIES[2].text
    (select,) = selects(reply)
    assert select.placeholder == "Может быть, вы искали…"
    assert [o.value for o in select.options] == ["mw-strangulations"]
    # an exact hit with only weaker prefix hits needs no question
    assert not selects(await h.rule(ctx, "burn"))


async def test_rule_no_match_points_to_the_index(ctx: Ctx) -> None:
    # en-10 BK-6: nothing spelled alike offers no unrelated entries, only the game's index
    reply = await h.rule(ctx, "Bxxxx", game="mage-wars")
    assert "Bxxxx" in reply.title and not reply.ephemeral
    assert not selects(reply) and "игра:mage-wars" in reply.body


async def test_rule_emoji_is_a_clear_error(ctx: Ctx) -> None:
    err = await error_of(h.rule(ctx, "😀😀"))
    assert err.key == "glossary.no_letters"
    reply = err.reply(ctx)
    assert reply.ephemeral and reply.kind is Kind.ERROR and "😀😀" in reply.body


async def test_rule_nothing_near_is_a_clear_error(ctx: Ctx) -> None:
    ctx.services.__dict__["glossary"] = Glossary([])
    err = await error_of(h.rule(ctx, "эгида"))
    assert err.key == "rule.not_found" and "эгида" in err.reply(ctx).body


async def test_rule_pick_edits_question_into_entry(ctx: Ctx) -> None:
    reply = await run_action(ctx, "rule.pick", "|mw-owner")
    assert reply.edit_origin and reply.title == "Владелец (Owner)"


async def test_see_also_button_opens_entry_for_the_clicker(ctx: Ctx) -> None:
    reply = await h.rule(ctx, "эгида")
    button = buttons(reply)[0]
    opened = await run_action(ctx, button.action, button.payload)
    assert opened.title == "Броня (Armor)" and opened.ephemeral and not opened.edit_origin


async def test_stale_entry_id_is_a_clear_error(ctx: Ctx) -> None:
    reply = await run_action(ctx, "rule.open", "gone-entry")
    assert reply.kind is Kind.ERROR and reply.ephemeral and "больше нет" in reply.body


@pytest.mark.parametrize(
    ("term", "key"),
    [
        ("", "glossary.empty_query"),
        ("   \t ", "glossary.empty_query"),
        ("\x00\x07\u200b", "glossary.empty_query"),
        ("а" * 1000, "glossary.query_too_long"),
    ],
)
async def test_rule_bad_input_is_a_user_error(ctx: Ctx, term: str, key: str) -> None:
    assert (await error_of(h.rule(ctx, term))).key == key


async def test_rule_unknown_game(ctx: Ctx) -> None:
    err = await error_of(h.rule(ctx, "эгида", game="monopoly"))
    assert err.key == "glossary.unknown_game"
    assert (
        "monopoly" in err.reply(ctx).body and "Mage Wars" in err.reply(ctx).body
    )  # ru-19 G8: names


async def test_control_characters_and_mixed_scripts_still_find(ctx: Ctx) -> None:
    assert (await h.rule(ctx, "\x00Эги\u200bда\x1b")).title == "Эгида X (Aegis X)"
    reply = await h.rule(ctx, "Aegisэгида")
    assert reply.title  # suggestions or an entry, never a crash
    assert clean_query(" a\x00\tb\n c ") == "a b c"


async def test_channel_game_is_preferred(ctx: Ctx, monkeypatch: pytest.MonkeyPatch) -> None:
    assert await h.channel_game(ctx) is None  # no game tracked here

    async def keyforge(channel_id: int) -> str | None:
        return "keyforge" if channel_id == ctx.channel_id else None

    monkeypatch.setattr(ctx.services.storage.tracker, "active_game_slug", keyforge)
    assert await h.channel_game(ctx) == "keyforge"
    reply = await h.rule(ctx, "броня")  # a tie across three games without a game in progress
    assert reply.title == "Броня ( Armor )" and reply.body == "Броня KeyForge."
    choices = await h.term_autocomplete(ctx, "", {})
    assert choices[0].value == "kf-armor"
    choices = await h.term_autocomplete(ctx, "брон", {})
    assert choices[0].value == "kf-armor"


async def test_channel_game_never_opens_another_games_entry(
    ctx: Ctx, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Playtest 3 slips 9, 10, 27, 28: in a KeyForge channel «эгида» (Mage Wars only) is not
    opened as if it were KeyForge's; the reply says KeyForge has no such term and offers the
    other game's entry marked with its game."""

    async def keyforge(channel_id: int) -> str | None:
        return "keyforge"

    monkeypatch.setattr(ctx.services.storage.tracker, "active_game_slug", keyforge)
    reply = await h.rule(ctx, "эгида")
    assert reply.title == "В игре «KeyForge» нет термина «эгида»"
    assert "Ниже — статьи других игр: их правила здесь не действуют" in reply.body  # (EN-11 MW-3)
    (select,) = reply.actions
    assert isinstance(select, Select)
    assert [o.value for o in select.options] == ["mw-aegis-x"]
    assert "Mage Wars" in select.options[0].label
    err = await error_of(h.rule(ctx, "щщщзззккк"))  # nothing near in any game
    assert err.key == "rule.not_in_game" and err.params["game"] == "KeyForge"
    assert (await h.rule(ctx, "эгида", game="mage-wars")).title == "Эгида X (Aegis X)"  # asked


async def test_english_user_gets_english_texts(ctx: Ctx) -> None:
    ctx.lang = "en"
    reply = await h.rule(ctx, "эгида")
    assert (
        reply.footer.startswith("Quoted from the Russian rulebook: ")
        and reply.fields[0].name == "Game"
    )
    err = await error_of(h.rule(ctx, ""))
    assert "Type a term" in err.reply(ctx).body


@settings(
    max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(st.text(max_size=300))
async def test_any_text_gives_a_reply_or_a_user_error(ctx: Ctx, text: str) -> None:
    handlers: list[Callable[[Ctx, str], Awaitable[Reply]]] = [
        h.rule,
        browse.search,
        browse.explain_menu,
    ]
    for handler in handlers:
        try:
            reply = await handler(ctx, text)
        except UserError as err:
            assert err.reply(ctx).body  # a catalogue text, formatted
        else:
            assert reply.title or reply.body
    choices = await h.term_autocomplete(ctx, text, {})
    assert len(choices) <= 25 and all(len(c.name) <= 100 for c in choices)
    assert len(extract_inline_terms(text)) <= 3


# --- autocomplete --------------------------------------------------------------------------------


async def test_autocomplete_shape(ctx: Ctx) -> None:
    choices = await h.term_autocomplete(ctx, "эги", {})
    assert choices[0].name == "Эгида X (Aegis X) · Mage Wars"
    assert choices[0].value == "mw-aegis-x"


async def test_autocomplete_respects_game_and_limits(ctx: Ctx) -> None:
    many = tuple(
        replace(ENTRIES[2], id=f"mw-x{n}", title=f"Bleed {'w' * 150} {n}") for n in range(40)
    )
    ctx.services.__dict__["glossary"] = sample_glossary(*many)
    choices = await h.term_autocomplete(ctx, "", {})
    assert len(choices) == 25
    choices = await h.term_autocomplete(ctx, "bl", {"game": "mage-wars"})
    assert len(choices) == 25
    assert all(len(c.name) <= 100 and c.name.endswith(" · Mage Wars") for c in choices)
    only = await h.term_autocomplete(ctx, "броня", {"game": "keyforge"})
    assert [c.value for c in only] == ["kf-armor"]


async def test_autocomplete_odd_input_never_raises(ctx: Ctx) -> None:
    for text in ["", "😀", "\x00", "x" * 1000, "Ω≈ç√", "[[", "владелец"]:
        choices = await h.term_autocomplete(ctx, text, {"game": "nope"})
        assert len(choices) <= 25


def test_choice_name_keeps_game_when_title_is_long() -> None:
    entry = replace(ENTRIES[0], title="A" * 300)
    name = choice_name(entry, "en")
    assert len(name) == 100 and name.endswith("… (Aegis X) · Mage Wars"[-len(" · Mage Wars") :])


# --- /search, /glossary --------------------------------------------------------------------------


async def test_search_lists_snippets_and_a_select(ctx: Ctx) -> None:
    reply = await browse.search(ctx, "кровью")
    assert "Кровотечение (Bleed)" in reply.body and "Существо истекает" in reply.body
    (select,) = selects(reply)
    assert select.action == "rule.open" and select.options[0].value == "mw-bleed"
    opened = await run_action(ctx, select.action, f"{select.payload}|{select.options[0].value}")
    assert opened.body == "Существо истекает кровью."


async def test_search_nothing_found_and_bad_input(ctx: Ctx) -> None:
    assert (await error_of(browse.search(ctx, "зеленый слон"))).key == "search.not_found"
    assert (await error_of(browse.search(ctx, ""))).key == "glossary.empty_query"
    assert (await error_of(browse.search(ctx, "х" * 1000))).key == "glossary.query_too_long"
    assert (await error_of(browse.search(ctx, "броня", game="?"))).key == "glossary.unknown_game"


async def test_glossary_index_pages(ctx: Ctx) -> None:
    many = tuple(
        replace(
            ENTRIES[3],
            id=f"mw-t{n:02}",
            title=f"Term {n:02}",
            source=replace(ENTRIES[3].source, first_line=100 + n),
        )
        for n in range(30)
    )
    ctx.services.__dict__["glossary"] = sample_glossary(*many)
    first = await browse.glossary_index(ctx, "mage-wars")
    assert "(стр. 1 из 2)" in first.title
    prev, nxt = buttons(first)
    assert prev.disabled and not nxt.disabled and nxt.payload == "mage-wars:1"
    (select,) = selects(first)
    assert len(select.options) == 20
    second = await run_action(ctx, nxt.action, nxt.payload)
    assert second.edit_origin and "(стр. 2 из 2)" in second.title
    assert "Term 29" in second.body and buttons(second)[1].disabled
    # a hand-made payload out of range lands on the nearest page
    last = await run_action(ctx, "glossary.page", "mage-wars:999")
    assert "(стр. 2 из 2)" in last.title
    bad = await run_action(ctx, "glossary.page", "chess:1")
    assert bad.kind is Kind.ERROR


async def test_glossary_empty_game(ctx: Ctx) -> None:
    assert (await error_of(browse.glossary_index(ctx, "whfb"))).key == "glossary.index.empty"


def test_page_of_clamps() -> None:
    assert page_of([], 3, 10).count == 1
    assert page_of(list(ENTRIES), 5, 4).number == 2


# --- explain, inline -----------------------------------------------------------------------------


async def test_explain_menu_finds_inflected_terms(ctx: Ctx) -> None:
    reply = await browse.explain_menu(ctx, "Существо с кровотечением теряет броню и Aegis 2.")
    assert reply.ephemeral
    assert "**кровотечением** → Кровотечение (Bleed)" in reply.body
    payloads = [b.payload for b in buttons(reply)]
    assert payloads[:1] == ["mw-bleed"] and "mw-aegis-x" in payloads
    # an abbreviation counts only in capitals: «ЗОВ» is a term, «ну» is not
    reply = await browse.explain_menu(ctx, "Ну и ЗОВ, ну")
    assert "**ЗОВ**" in reply.body and "**ну**" not in reply.body.casefold()
    assert [b.payload for b in buttons(reply)] == ["bk-zov"]


async def test_explain_menu_nothing_and_empty(ctx: Ctx) -> None:
    assert (await error_of(browse.explain_menu(ctx, "Привет, как дела?"))).key == "explain.none"
    assert (await error_of(browse.explain_menu(ctx, " \x00 "))).key == "explain.empty"


def test_term_finder_prefers_channel_game() -> None:
    finder = TermFinder(ENTRIES)
    (match,) = finder.find("снимите броню", prefer_game="berserk")
    assert [e.id for e in match.entries] == ["bk-armor"]
    (match,) = finder.find("снимите броню")
    assert {e.id for e in match.entries} == {"mw-armor", "kf-armor", "bk-armor"}


def test_extract_inline_terms() -> None:
    text = "смотри [[Эгида]] и [[ броня ]], [[эгида]], [[]] [[a]] [[b]] [[c]]"
    assert extract_inline_terms(text) == ["Эгида", "броня", "a"]
    assert extract_inline_terms("[[x\ny]] [single]") == []


async def test_inline_lookup(ctx: Ctx) -> None:
    assert await browse.inline_reply(ctx, "[[эгида]]") is None  # off by default
    ctx.services.settings = replace(ctx.services.settings, inline_lookup=True)
    assert await browse.inline_reply(ctx, "no marks here") is None
    one = await browse.inline_reply(ctx, "что такое [[эгида]]?")
    assert one is not None and one.title == "Эгида X (Aegis X)" and not one.ephemeral
    two = await browse.inline_reply(ctx, "[[эгида]] [[bleed]] [[zzzz]]")
    assert two is not None
    assert ENTRIES[0].text in two.body and "Существо истекает кровью." in two.body
    assert "Не нашлось: «zzzz»." in two.body
    assert [b.payload for b in buttons(two)] == ["mw-aegis-x", "mw-bleed"]


# --- the console ---------------------------------------------------------------------------------


async def test_console_rule_and_press(console: Console, fake: Glossary) -> None:
    out = await console.execute("/rule эгида")
    assert "Эгида X (Aegis X)" in out and "[1] ⟨Броня (Armor)⟩" in out
    out = await console.execute("!press 1")
    assert "Броня (Armor)" in out and "Последняя фраза длинного правила." in out
    out = await console.execute("/rule владелец")
    assert "Владелец (Controller) · Mage Wars" in out and "Владелец (Owner) · Mage Wars" in out
    second = "Owner" if "[1] Владелец (Controller)" in out else "Controller"
    out = await console.execute("!press 2")
    assert f"Владелец ({second})" in out and "— Источник:" in out


async def test_console_russian_names_and_errors(console: Console, fake: Glossary) -> None:
    out = await console.execute("/правило броня игра:berserk")
    assert "Броня Берсерка." in out
    out = await console.execute("/rule эгида game:chess")
    assert "✖" in out and "chess" in out
    out = await console.execute("/rule " + "я" * 1000)
    assert "✖" in out and "100" in out
    out = await console.execute("/glossary mage-wars")
    assert "Mage Wars — термины" in out
    out = await console.execute("/explain броня горит")
    assert "Термины в сообщении" in out


def test_commands_registered_with_texts() -> None:
    reg = load_handlers()
    for path in [("rule",), ("search",), ("glossary",), ("explain",)]:
        assert reg.commands[path].area == "glossary"
    assert "menu.explain_terms" in reg.menus
    assert {"rule.open", "rule.pick", "glossary.page"} <= set(reg.actions)
    from bot.i18n import t

    assert len(t("menu.explain_terms", "ru")) <= 32 and len(t("menu.explain_terms", "en")) <= 32


async def test_an_entry_found_by_its_text_says_it_is_the_nearest(ctx: Ctx) -> None:
    """Playtest 3 slip 29: «фаза содержания» opened Upkeep +X as if it were that entry."""
    reply = await h.rule(ctx, "истекает кровью")  # words of Bleed's text, not its name
    assert reply.title.startswith("Кровотечение")
    assert reply.body.startswith("Точной статьи «истекает кровью» нет")
    assert (await h.rule(ctx, "эгида")).body == ENTRIES[0].text  # a name opens as before
