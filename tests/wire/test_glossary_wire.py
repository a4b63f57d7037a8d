"""`/rule` over the wire: INTERACTION_CREATE in, the callback discord.py POSTs out."""

from __future__ import annotations

from typing import Any

import pytest
from discord.ext import commands

from bot.context import Services
from glossary import Glossary
from tests.glossary.sample import ENTRIES, LONG_TEXT, sample_glossary
from tests.wire.fakediscord import CALLBACK_MESSAGE, EPHEMERAL_FLAG, FakeDiscord, embed_problems

UPDATE_MESSAGE = 7  # interaction callback type: edit the message holding the component


@pytest.fixture
def fake(services: Services) -> Glossary:
    g = sample_glossary()
    services.__dict__["glossary"] = g
    return g


def custom_ids(data: dict[str, Any]) -> list[str]:
    return [
        item["custom_id"]
        for row in data.get("components", [])
        for item in row.get("components", [])
        if "custom_id" in item
    ]


def all_text(embeds: list[dict[str, Any]]) -> str:
    return " ".join(" ".join(str(e.get(k, "")) for k in ("title", "description")) for e in embeds)


async def test_rule_synced_with_autocomplete_and_russian_names(
    fake_discord: FakeDiscord, wire_bot: commands.Bot, fake: Glossary
) -> None:
    synced = {c["name"]: c for c in fake_discord.commands[None]}
    rule = synced["rule"]
    assert rule["name_localizations"]["ru"] == "правило"
    term = next(o for o in rule["options"] if o["name"] == "term")
    assert term["autocomplete"] is True and term["required"] is True
    game = next(o for o in rule["options"] if o["name"] == "game")
    assert game["autocomplete"] is True and "choices" not in game  # names and aliases
    offered = await fake_discord.autocomplete("rule", "game", "кф")
    assert [c["value"] for c in offered] == ["keyforge"]
    every = await fake_discord.autocomplete("rule", "game", "")
    assert {c["value"] for c in every} >= {"mage-wars", "keyforge", "berserk"}
    menus = [c for c in fake_discord.commands[None] if c.get("type") == 3]
    assert any(m["name"] == "Explain terms" for m in menus)


async def test_rule_interaction_renders_full_entry(
    fake_discord: FakeDiscord, wire_bot: commands.Bot, fake: Glossary
) -> None:
    since = len(fake_discord.requests)
    _, callback = await fake_discord.slash("rule", {"term": "mw-armor"}, locale="ru")
    body = callback.json
    assert body["type"] == CALLBACK_MESSAGE
    data = body["data"]
    assert not data.get("flags", 0) & EPHEMERAL_FLAG
    assert embed_problems(data["embeds"]) == []
    assert data["embeds"][0]["title"] == "Броня (Armor)"
    # The long text is split over embeds (and follow-ups if needed), never cut.
    # 8,000+ characters exceed one message's 6,000: the rest follows as a follow-up message.
    followup = await fake_discord.wait_for_request("POST", "/webhooks/{app}/{token}", since=since)
    assert embed_problems(followup.json["embeds"]) == []
    followups = [followup.json]
    embeds = data["embeds"] + [e for f in followups for e in f.get("embeds", [])]
    assert " ".join(LONG_TEXT.split()) in " ".join(all_text(embeds).split())
    ids = custom_ids(data) + [i for f in followups for i in custom_ids(f)]
    assert "arb:rule.open:mw-aegis-x" in ids


async def test_rule_autocomplete_and_tie_select(
    fake_discord: FakeDiscord, wire_bot: commands.Bot, fake: Glossary
) -> None:
    choices = await fake_discord.autocomplete("rule", "term", "эги")
    assert choices[0] == {"name": "Эгида X (Aegis X) · Mage Wars", "value": "mw-aegis-x"}
    _, callback = await fake_discord.slash("rule", {"term": "владелец"})
    data = callback.json["data"]
    (select_id,) = custom_ids(data)
    # the asker's question, with the words asked (so the pick can be learned, issue 19)
    assert select_id == f"arb:rule.pick:{fake_discord.alice.id}:владелец"
    _, picked = await fake_discord.click(select_id, values=["mw-owner"])
    assert picked.json["type"] == UPDATE_MESSAGE
    assert picked.json["data"]["embeds"][0]["title"] == "Владелец (Owner)"
    assert ENTRIES[5].text in all_text(picked.json["data"]["embeds"])


async def test_rule_bad_input_is_ephemeral(
    fake_discord: FakeDiscord, wire_bot: commands.Bot, fake: Glossary
) -> None:
    _, callback = await fake_discord.slash("rule", {"term": "\u200b"}, locale="ru")
    data = callback.json["data"]
    assert data["flags"] & EPHEMERAL_FLAG
    assert "Напишите термин" in all_text(data["embeds"])


async def test_only_the_asker_answers_their_pick_list(
    fake_discord: FakeDiscord, wire_bot: commands.Bot, fake: Glossary
) -> None:
    """Another member choosing in alice's question gets a private copy; the question stays."""
    _, callback = await fake_discord.slash("rule", {"term": "владелец"})
    (select_id,) = custom_ids(callback.json["data"])
    _, theirs = await fake_discord.click(select_id, values=["mw-owner"], user=fake_discord.bob)
    assert theirs.json["type"] != UPDATE_MESSAGE
    assert theirs.json["data"]["flags"] & 64  # ephemeral
    assert theirs.json["data"]["embeds"][0]["title"] == "Владелец (Owner)"
    _, mine = await fake_discord.click(select_id, values=["mw-owner"])
    assert mine.json["type"] == UPDATE_MESSAGE
