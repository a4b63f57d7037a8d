"""The glossary commands on the real glossary (split from `test_commands.py`, which tests them on
a small sample): every entry renders whole, ties across games ask, the console answers."""

from __future__ import annotations

import pytest

from bot.console import Console
from bot.context import Ctx, Services, UserRef
from bot.glossary_view import choice_name
from bot.handlers import glossary as h
from bot.handlers import glossary_browse as browse
from glossary import Glossary
from tests.glossary.test_commands import buttons, selects


@pytest.fixture
def real(services: Services) -> Glossary:
    from glossary import load_glossary

    g = load_glossary()
    assert g.entries, "glossary/data holds no entry"
    services.__dict__["glossary"] = g
    return g


@pytest.fixture
def rctx(services: Services, real: Glossary) -> Ctx:
    return Ctx(services, UserRef.from_name("alice"), channel_id=1, guild_id=2, lang="ru")


async def test_real_rule_inflected_term_across_games_asks(rctx: Ctx) -> None:
    reply = await h.rule(rctx, "броню")
    (select,) = selects(reply)
    values = {o.value for o in select.options}
    assert {"mage-wars/armor", "keyforge/bronya", "berserk/bronya-x"} <= values
    picked = await h.rule(rctx, "броню", game="mage-wars")
    assert picked.title == "Броня (Armor)"


async def test_real_rule_parameter_and_see_also(rctx: Ctx, real: Glossary) -> None:
    reply = await h.rule(rctx, "Aegis 3")
    entry = real.get("mage-wars/aegis-x")
    assert entry is not None
    assert reply.title == "Эгида X (Aegis X)" and reply.body == entry.text
    assert reply.footer == "Источник: Mage Wars: Compiled Codex (январь 2014), строки 6–7"
    armor = await h.rule(rctx, "Armor", game="mage-wars")
    assert [b.payload for b in buttons(armor)] == ["mage-wars/critical-damage"]


async def test_real_rule_owner_and_controller_tie(rctx: Ctx) -> None:
    (select,) = selects(await h.rule(rctx, "владелец"))
    assert {o.value for o in select.options} == {"mage-wars/controller", "mage-wars/owner"}


async def test_real_every_entry_renders_whole_and_fits_discord(rctx: Ctx, real: Glossary) -> None:
    for entry in real.entries:
        reply = h.entry_reply(rctx, entry)
        assert reply.body == entry.text
        assert len(buttons(reply)) <= 5
        for b in buttons(reply):
            assert len(b.custom_id) <= 100 and real.get(b.payload) is not None
        name = choice_name(entry, "ru")
        assert len(name) <= 100 and " · " in name


async def test_real_autocomplete(rctx: Ctx) -> None:
    choices = await h.term_autocomplete(rctx, "эги", {})
    assert choices[0].name == "Эгида X (Aegis X) · Mage Wars"
    assert choices[0].value == "mage-wars/aegis-x"
    assert len(await h.term_autocomplete(rctx, "", {})) == 25
    only = await h.term_autocomplete(rctx, "", {"game": "keyforge"})
    assert only and all(c.value.startswith("keyforge/") for c in only)


async def test_real_explain_and_search(rctx: Ctx) -> None:
    reply = await browse.explain_menu(rctx, "Существо с кровотечением теряет броню")
    payloads = {b.payload for b in buttons(reply)}
    assert {"mage-wars/bleed", "mage-wars/armor"} <= payloads
    reply = await browse.explain_menu(rctx, "ну и ЗОВ")
    assert {b.payload for b in buttons(reply)} == {"berserk/zashchita-ot-vystrelov"}
    found = await browse.search(rctx, "вычитается из общего обычного урона")
    assert "Броня (Armor)" in found.body


async def test_real_console_session(console: Console, real: Glossary) -> None:
    out = await console.execute("/rule Aegis 3")
    assert "Эгида X (Aegis X)" in out and "Mage Wars" in out
    out = await console.execute("/rule кровотечением")
    assert "Кровотечение (Bleed)" in out
    out = await console.execute("/glossary keyforge")
    assert "KeyForge — термины (стр. 1 из 2)" in out  # 22 entries, 20 a page
