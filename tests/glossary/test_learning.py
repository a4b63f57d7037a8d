"""Issue 19, a lookup that learns: members' picks from `/rule`'s lists become links that open
directly on their server once two members agreed, «не то» takes a link back, an exact name always
wins, and nothing is learned with the switch off or outside a server."""

from __future__ import annotations

import asyncio
from dataclasses import replace
from pathlib import Path

import pytest

from bot.cli import main as cli_main
from bot.context import Ctx, Services, UserRef
from bot.handlers import glossary as h
from bot.handlers import glossary_learn as learn
from bot.reply import Button, Reply, Select
from bot.storage import open_storage
from glossary import Glossary
from glossary.question import learn_key
from tests.glossary.search_data import real_glossary

GUILD = 7


@pytest.fixture(scope="module")
def g() -> Glossary:
    return real_glossary()


@pytest.fixture
def svc(services: Services, g: Glossary) -> Services:
    services.__dict__["glossary"] = g
    return services


def member(svc: Services, name: str, guild: int | None = GUILD) -> Ctx:
    return Ctx(svc, UserRef.from_name(name), channel_id=1, guild_id=guild, lang="ru")


def pick_list(reply: Reply) -> Select:
    (select,) = [a for a in reply.actions if isinstance(a, Select) and a.action == "rule.pick"]
    return select


async def ask_and_pick(ctx: Ctx, query: str, entry_id: str) -> Reply:
    """`/rule query`, then the asker picks `entry_id` from the list it shows."""
    question = await h.rule(ctx, query)
    select = pick_list(question)
    assert entry_id in [o.value for o in select.options], (query, select.options)
    picked = await h.rule_pick(ctx, f"{select.payload}|{entry_id}")
    entry = ctx.services.glossary.get(entry_id)
    assert entry is not None
    assert picked.edit_origin and picked.title == h.entry_reply(ctx, entry).title
    return picked


# Queries the glossary answers with a list (a tie, questions), and the entry the
# table meant; the second form of each is another word form of the same words.
STREAM = [
    ("броню", "броня", "mage-wars/armor"),
    ("что будет если маг умрет", "Что будет, если маг умрет?", "mage-wars/mage"),
    (
        "сколько кубиков бросать при атаке",
        "сколько кубиков бросают при атаке",
        "berserk/ataka-na-x",
    ),
]


async def test_replay_second_pass_opens_directly_and_not_that_undoes(svc: Services) -> None:
    alice, bob, carol = (member(svc, n) for n in ("alice", "bob", "carol"))
    for query, _, entry_id in STREAM:
        await ask_and_pick(alice, query, entry_id)
        # One member is not agreement: the list again, and alice picking twice counts once.
        await ask_and_pick(alice, query, entry_id)
        again = await h.rule(bob, query)
        pick_list(again)
        await ask_and_pick(bob, query, entry_id)
    # Second pass: each query, and another form of its words, opens the entry for anyone here.
    for query, form, entry_id in STREAM:
        entry = svc.glossary.get(entry_id)
        assert entry is not None
        for asked in (query, form):
            opened = await h.rule(carol, asked)
            assert opened.title == h.entry_reply(carol, entry).title, asked
            (undo,) = [a for a in opened.actions if isinstance(a, Button) and a.label == "Не то"]
            assert undo.action == "rule.unlearn"
    # Another server learned nothing.
    elsewhere = await h.rule(member(svc, "carol", guild=GUILD + 1), "броню")
    pick_list(elsewhere)
    # «Не то»: carol's own message turns into the list, and the link is gone for everyone.
    opened = await h.rule(carol, "броню")
    (undo,) = [a for a in opened.actions if isinstance(a, Button) and a.action == "rule.unlearn"]
    back = await h.rule_unlearn(carol, undo.payload)
    assert back.edit_origin and not back.ephemeral
    assert "mage-wars/armor" in [o.value for o in pick_list(back).options]
    pick_list(await h.rule(alice, "броню"))
    # The undone link needs two fresh agreeing members to come back.
    await ask_and_pick(alice, "броню", "keyforge/bronya")
    pick_list(await h.rule(bob, "броню"))
    # The other links stay.
    assert (await h.rule(alice, "что будет если маг умрет")).title.startswith("Маг (Mage)")


async def test_an_exact_name_always_wins(svc: Services) -> None:
    alice = member(svc, "alice")
    await svc.storage.learned.record_pick(
        GUILD, learn_key("кровотечение"), "кровотечение", "mage-wars/armor", "x", 1.0,
        agree=1, bound=10,
    )  # fmt: skip
    assert await svc.storage.learned.link(GUILD, learn_key("кровотечение")) == "mage-wars/armor"
    opened = await h.rule(alice, "кровотечение")
    assert opened.title.startswith("Кровотечение") and not any(
        isinstance(a, Button) and a.action == "rule.unlearn" for a in opened.actions
    )
    # Several entries named exactly «владелец»: a link may choose among them, not elsewhere.
    for entry_id in ("mage-wars/armor", "mage-wars/controller"):
        await svc.storage.learned.record_pick(
            GUILD, learn_key("владелец"), "владелец", entry_id, entry_id, 2.0, agree=1, bound=10
        )
        reply = await h.rule(alice, "владелец")
        chose = any(isinstance(a, Button) and a.action == "rule.unlearn" for a in reply.actions)
        assert chose == (entry_id == "mage-wars/controller")


async def test_a_game_filter_excludes_a_link_to_another_game(svc: Services) -> None:
    alice = member(svc, "alice")
    await svc.storage.learned.record_pick(
        GUILD, learn_key("броню"), "броню", "mage-wars/armor", "x", 1.0, agree=1, bound=10
    )
    assert (await h.rule(alice, "броню")).title.startswith("Броня (Armor)")
    reply = await h.rule(alice, "броню", game="keyforge")
    assert "Armor вычитается" not in reply.body  # the KeyForge entry, not the learned MW one


async def test_nothing_learned_when_off_or_outside_a_server(svc: Services) -> None:
    dm = member(svc, "alice", guild=None)
    select = pick_list(await h.rule(dm, "броню"))
    assert select.payload == str(dm.user.id)  # the format from before learning
    svc.settings = replace(svc.settings, lookup_learning=False)
    for name in ("alice", "bob", "carol"):
        ctx = member(svc, name)
        select = pick_list(await h.rule(ctx, "броню"))
        assert select.payload == str(ctx.user.id)
        await h.rule_pick(ctx, f"{select.payload}:броню|mage-wars/armor")  # even a learning id
    svc.settings = replace(svc.settings, lookup_learning=True)
    assert await svc.storage.learned.link(GUILD, learn_key("броню")) is None
    pick_list(await h.rule(member(svc, "dave"), "броню"))


async def test_only_the_askers_pick_counts_and_no_member_id_is_stored(svc: Services) -> None:
    alice, bob, carol = (member(svc, n) for n in ("alice", "bob", "carol"))
    select = pick_list(await h.rule(alice, "броню"))
    assert select.payload == f"{alice.user.id}:броню"
    for ctx in (bob, carol):  # others choosing in alice's list get a private copy, unrecorded
        theirs = await h.rule_pick(ctx, f"{select.payload}|mage-wars/armor")
        assert theirs.ephemeral
    assert await svc.storage.learned.link(GUILD, learn_key("броню")) is None
    await ask_and_pick(alice, "броню", "mage-wars/armor")
    await ask_and_pick(bob, "броню", "mage-wars/armor")
    rows = await svc.storage.db.fetch("SELECT member FROM lookup_picks")
    assert len(rows) == 2
    ids = {str(c.user.id) for c in (alice, bob)}
    assert not any(i in str(r[0]) for r in rows for i in ids)
    assert learn.member_hash(alice) != learn.member_hash(member(svc, "alice", guild=GUILD + 1))


def test_a_long_question_is_not_carried_in_the_custom_id(svc: Services) -> None:
    alice = member(svc, "alice")
    long = " ".join(["кубик"] * 30)
    assert learn.asked_payload(alice, long) == str(alice.user.id)
    assert learn.split_payload("12:броню|x") == ("12", "броню", "x")
    assert learn.split_payload("12|x") == ("12", "", "x")


def test_export_lists_learned_pairs_across_servers(tmp_path: Path) -> None:
    db = tmp_path / "arbiter.sqlite3"

    async def learn_some() -> None:
        storage = await open_storage(db)
        try:
            for guild in (1, 2):
                for who in ("a", "b"):
                    await storage.learned.record_pick(
                        guild, learn_key("реги"), "реги", "mage-wars/regenerate-x", who, 1.0,
                        agree=2, bound=10,
                    )  # fmt: skip
            await storage.learned.record_pick(
                1, learn_key("пуш"), "пуш", "mage-wars/push", "a", 2.0, agree=1, bound=10
            )
        finally:
            await storage.close()

    async def empty() -> None:
        await (await open_storage(tmp_path / "empty.sqlite3")).close()

    asyncio.run(learn_some())
    out = tmp_path / "learned.tsv"
    assert cli_main(["glossary", "learned", "--export", str(out), "--db", str(db)]) == 0
    lines = out.read_text("utf-8").splitlines()
    assert lines[0].startswith("#")
    assert lines[1:] == [
        "реги\tmage-wars/regenerate-x\tmage-wars\t2\t4",
        "пуш\tmage-wars/push\tmage-wars\t1\t1",
    ]
    asyncio.run(empty())
    args = ["glossary", "learned", "--export", str(out), "--db", str(tmp_path / "empty.sqlite3")]
    assert cli_main(args) == 1  # nothing learned yet: the header alone
    assert out.read_text("utf-8").splitlines() == [lines[0]]
