"""Issue 13 on the glossary side: clean titles, a readable source footer, asker-only pick
lists, game names on the explain buttons, game aliases, the echoed query escaped."""

from __future__ import annotations

import pytest

from bot.context import Ctx, Services, UserRef
from bot.handlers import glossary as h
from bot.handlers import glossary_browse as browse
from bot.handlers.glossary_source import source_footer
from bot.registry import UserError
from bot.reply import Button, Select
from glossary import Glossary
from glossary.loader import DATA_DIR, load_entries
from glossary.model import Entry, Source
from tests.glossary.search_data import real_glossary


@pytest.fixture(scope="module")
def g() -> Glossary:
    return real_glossary()


@pytest.fixture
def rctx(services: Services, g: Glossary) -> Ctx:
    services.__dict__["glossary"] = g
    return Ctx(services, UserRef.from_name("alice"), channel_id=1, guild_id=2, lang="ru")


def test_titles_keep_no_source_spacing() -> None:
    entries = load_entries(DATA_DIR)
    titles = {e.id: e.title for e in entries}
    assert titles["keyforge/bronya"] == "Броня (Armor)"
    assert titles["keyforge/yantar"] == "Янтарь (Æmber)"
    assert titles["keyforge/shturm"] == "Штурм (Х) (Assault)"
    assert not [t for t in titles.values() if "( " in t or " )" in t]


def test_footer_names_the_rulebook_and_lines(rctx: Ctx, g: Glossary) -> None:
    aegis = g.get("mage-wars/aegis-x")
    amber = g.get("keyforge/yantar")
    assert aegis is not None and amber is not None
    assert source_footer(rctx, aegis) == (
        "Источник: Mage Wars: Compiled Codex (январь 2014), строки 6–7"
    )
    assert "KeyForge" in source_footer(rctx, amber) and ".txt" not in source_footer(rctx, amber)
    rctx.lang = "en"
    assert source_footer(rctx, aegis) == (
        "Quoted from the Russian rulebook: Mage Wars: Compiled Codex (January 2014), lines 6–7"
    )
    stray = Entry("x/y", "mage-wars", "Y", ("Y",), "t", Source("other.txt", 3, 3))
    assert (
        source_footer(rctx, stray) == "Quoted from the Russian rulebook: other.txt, line 3"
    )  # an unknown file as is


async def test_only_the_asker_turns_the_question_into_the_answer(
    rctx: Ctx, services: Services
) -> None:
    question = await h.rule(rctx, "владелец")
    (select,) = [a for a in question.actions if isinstance(a, Select)]
    # the asker's id, then the words asked (issue 19: a pick is learned from them)
    assert select.payload == f"{rctx.user.id}:владелец"
    chosen = f"{select.payload}|mage-wars/owner"
    mine = await h.rule_pick(rctx, chosen)
    assert mine.edit_origin and not mine.ephemeral
    bob = Ctx(services, UserRef.from_name("bob"), channel_id=1, guild_id=2, lang="ru")
    theirs = await h.rule_pick(bob, chosen)
    assert theirs.ephemeral and not theirs.edit_origin  # bob's own private copy
    assert theirs.title == mine.title
    legacy = await h.rule_pick(bob, "|mage-wars/owner")  # a select from before the change
    assert legacy.edit_origin
    before_learning = await h.rule_pick(bob, f"{rctx.user.id}|mage-wars/owner")
    assert before_learning.ephemeral and before_learning.title == mine.title


async def test_explain_buttons_say_which_game(rctx: Ctx) -> None:
    reply = await browse.explain_reply(rctx, "Атака и броня")
    labels = [a.label for a in reply.actions if isinstance(a, Button)]
    assert any(label.endswith("· KeyForge") for label in labels)
    assert any(label.endswith("· Берсерк ККИ") for label in labels)
    assert all("·" in label for label in labels)


@pytest.mark.parametrize(
    ("typed", "slug"),
    [
        ("mw", "mage-wars"),
        ("МВ", "mage-wars"),
        ("kf", "keyforge"),
        ("кф", "keyforge"),
        ("wfb", "whfb"),
        ("берсерк", "berserk"),
        ("conquest", "conquest"),
        ("mage-wars", "mage-wars"),
        (None, None),
    ],
)
def test_game_aliases_are_accepted(typed: str | None, slug: str | None) -> None:
    assert h.check_game(typed) == slug


async def test_rule_and_search_take_a_game_alias(rctx: Ctx) -> None:
    reply = await h.rule(rctx, "броня", game="kf")
    assert reply.title == "Броня (Armor)"
    found = await browse.search(rctx, "архив", game="кф")
    assert "KeyForge" in found.body and "Mage Wars" not in found.body
    with pytest.raises(UserError) as err:
        h.check_game("шахматы")
    assert err.value.key == "glossary.unknown_game"


async def test_the_echoed_query_is_escaped(rctx: Ctx) -> None:
    reply = await h.rule(rctx, "**zzqx**_")
    assert "\\*\\*zzqx\\*\\*\\_" in reply.title
    assert "**zzqx**" not in reply.title


@pytest.mark.parametrize(
    ("raw", "key"),
    [
        ("", "glossary.empty_query"),
        ("   ", "glossary.empty_query"),
        ("x" * 1000, "glossary.query_too_long"),
        ("🙂🙂", "glossary.no_letters"),
        ("\x00\x07", "glossary.empty_query"),
    ],
)
async def test_bad_input_gets_the_same_clear_messages(rctx: Ctx, raw: str, key: str) -> None:
    with pytest.raises(UserError) as err:
        await h.rule(rctx, raw)
    assert err.value.key == key
    assert err.value.reply(rctx).ephemeral


async def test_game_option_completes_names_and_aliases(rctx: Ctx) -> None:
    assert [c.value for c in await h.game_autocomplete(rctx, "mw", {})] == ["mage-wars"]
    assert [c.value for c in await h.game_autocomplete(rctx, "кф", {})] == ["keyforge"]
    everything = await h.game_autocomplete(rctx, "", {})
    assert len(everything) == 5 and everything[1].name == "Берсерк ККИ"
    rctx.lang = "en"
    assert (await h.game_autocomplete(rctx, "берс", {}))[0].name == "Berserk CCG"


async def test_console_takes_a_game_alias(services: Services, g: Glossary) -> None:
    from bot.console import Console

    services.__dict__["glossary"] = g
    console = Console(services, user="alice", channel="table", lang="ru")
    out = await console.execute("/rule броня game:kf")
    assert "Броня (Armor)" in out and "KeyForge" in out
    out = await console.execute("/search архив game:кф")
    assert "KeyForge" in out
