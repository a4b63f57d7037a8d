"""Lookup slips of the blind readers of playtest 19 (K1, K3, C3) and English walk 12 (BK-4,
WF-1, WF-2, KF-6): the bot's own words find their entries, through data."""

from __future__ import annotations

import pytest

from bot.console import Console
from bot.context import Services
from glossary import Glossary
from tests.glossary.search_data import real_glossary


@pytest.fixture(scope="module")
def g() -> Glossary:
    return real_glossary()


@pytest.mark.parametrize(
    ("query", "game", "entry"),
    [
        ("channelling", "whfb", "whfb/usileniye-pula-sily"),  # WF-1: its English name
        ("channeling", "whfb", "whfb/usileniye-pula-sily"),
        ("blessing", "berserk", "berserk/blagoslovleniye"),  # BK-4: the bot's English word
        ("stun", "keyforge", "keyforge/oglusheniye"),  # K1, KF-6: the tracker's own tokens
        ("оглушение", "keyforge", "keyforge/oglusheniye"),
        ("enrage", None, "keyforge/yarost"),
        ("ярость", "keyforge", "keyforge/yarost"),
        ("истощить", None, "keyforge/istoshcheniye"),  # K3: the entry's verb
        ("look out sir", None, "whfb/odinochnaya-model-kak-tsel-zaklinaniya"),  # WF-2
        ("берегитесь милорд", None, "whfb/odinochnaya-model-kak-tsel-zaklinaniya"),
    ],
)
def test_the_bots_own_words_open_their_entries(
    g: Glossary, query: str, game: str | None, entry: str
) -> None:
    found = g.lookup(query, game=game)
    assert found.confident and found.hits[0].entry.id == entry


def test_stun_in_two_games_is_a_choice(g: Glossary) -> None:
    """Mage Wars and KeyForge both have Stun: without a game it is asked, never guessed."""
    found = g.lookup("оглушение")
    assert not found.confident
    assert {h.entry.id for h in found.hits[:2]} == {"mage-wars/stun", "keyforge/oglusheniye"}


async def test_k1_keyforge_stun_in_a_keyforge_channel(services: Services, g: Glossary) -> None:
    services.__dict__["glossary"] = g
    console = Console(services, user="Аня", channel="table", lang="ru")
    assert "✔" in await console.execute("/игра начать игра:keyforge игрок1:Аня игрок2:Борис")
    out = await console.execute("/правило оглушение")
    assert out.splitlines()[0] == "Оглушение (Stun)"
    assert "его только истощают и снимают с него оглушение" in out


async def test_wf2_look_out_sir_is_said_to_be_mentioned(services: Services, g: Glossary) -> None:
    services.__dict__["glossary"] = g
    out = await Console(services, user="Anna", channel="t", lang="en").execute(
        "/rule term:Look Out Sir"
    )
    assert "Берегитесь, Милорд" in out  # the seed's own words (002:134)
    assert "the rules of these games have no such thing" not in out
