"""`/rule` autocomplete through the real handler: input that folds to nothing or matches
nothing answers at once, without sorting every entry or comparing the input with every key."""

from __future__ import annotations

from typing import Any

import pytest
from rapidfuzz import process

from bot.context import Ctx, Services, UserRef
from bot.handlers import glossary as h
from glossary import Glossary
from tests.glossary.search_data import real_glossary


@pytest.fixture(scope="module")
def g() -> Glossary:
    return real_glossary()


@pytest.fixture
def rctx(services: Services, g: Glossary) -> Ctx:
    services.__dict__["glossary"] = g
    return Ctx(services, UserRef.from_name("alice"), channel_id=1, guild_id=2, lang="ru")


@pytest.fixture
def no_full_scan(monkeypatch: pytest.MonkeyPatch, g: Glossary) -> None:
    """A rapidfuzz scan over every key of the glossary fails the test (smaller scans, such as
    the words of one length, are fine)."""
    real = process.extract
    keys = len(g._index.norm)

    def guarded(query: Any, choices: Any, *args: Any, **kwargs: Any) -> Any:
        if len(choices) >= keys:
            raise AssertionError(f"compared {query!r} with every key")
        return real(query, choices, *args, **kwargs)

    monkeypatch.setattr(process, "extract", guarded)


async def test_empty_and_unfoldable_input_lists_the_first_entries(
    rctx: Ctx, g: Glossary, no_full_scan: None
) -> None:
    first = [e.id for e in g.entries[:25]]
    for typed in ("", " ", "#", "«", "?!", "🙂"):
        choices = await h.term_autocomplete(rctx, typed, {})
        assert [c.value for c in choices] == first, typed


async def test_a_game_filter_lists_that_game_only(rctx: Ctx, g: Glossary) -> None:
    choices = await h.term_autocomplete(rctx, "#", {"game": "keyforge"})
    assert [c.value for c in choices] == [e.id for e in g.entries if e.game == "keyforge"][:25]


@pytest.mark.parametrize("typed", ["9", "99", "ъъ", "ъъъ", "zq", "zqz"])
async def test_short_input_that_matches_nothing_offers_nothing(
    rctx: Ctx, typed: str, no_full_scan: None
) -> None:
    assert await h.term_autocomplete(rctx, typed, {}) == []


@pytest.mark.parametrize(("typed", "entry_id"), [("эги", "mage-wars/aegis-x"), ("Aeg", None)])
async def test_short_prefixes_still_complete(
    rctx: Ctx, typed: str, entry_id: str | None, no_full_scan: None
) -> None:
    choices = await h.term_autocomplete(rctx, typed, {})
    assert choices and (entry_id is None or choices[0].value == entry_id)
    assert all(
        c.name.endswith(("· Mage Wars", "· KeyForge", "· Берсерк ККИ")) or "·" in c.name
        for c in choices
    )


async def test_a_longer_misspelling_gets_near_spellings(rctx: Ctx) -> None:
    choices = await h.term_autocomplete(rctx, "Incorprael", {})
    assert choices and choices[0].value == "mage-wars/incorporeal"


def test_suggest_never_sorts_everything_for_a_stub(g: Glossary, no_full_scan: None) -> None:
    hits = g.suggest("#", limit=3)  # alphabetical fillers, as before
    assert [h.tier for h in hits] == ["far"] * 3
    titles = sorted(e.title.casefold() for e in g.entries)[:3]
    assert [h.entry.title.casefold() for h in hits] == titles
