"""Property tests: search and search_text never raise and honour limit and order on any text."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from glossary import Glossary, load_glossary
from glossary.model import Entry, Source

_FALLBACK = [
    Entry(f"mage-wars/{i}", "mage-wars", t, (t, ru), f"{t} — {ru}: правило.", Source("s", i, i))
    for i, (t, ru) in enumerate([("Armor", "Броня"), ("Aegis X", "Эгида"), ("Owner", "Владелец")])
]


def _glossary() -> Glossary:
    real = load_glossary()
    return real if real.entries else Glossary(_FALLBACK)


G = _glossary()
GAMES = st.sampled_from([None, "mage-wars", "berserk", "whfb", "conquest", "keyforge", "nope"])
TEXT = st.text(max_size=300) | st.text(
    alphabet="абвгдеёжзийклмнопрстуфхцчшщъыьэюя ,.;'[]+-x0123456789"
)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(query=TEXT, game=GAMES, prefer=GAMES, limit=st.integers(min_value=-1, max_value=30))
def test_search_never_raises_and_is_sorted(
    query: str, game: str | None, prefer: str | None, limit: int
) -> None:
    hits = G.search(query, game=game, limit=limit, prefer_game=prefer)
    assert len(hits) <= max(limit, 0)
    keys = [(not h.preferred, -h.score) for h in hits]
    assert keys == sorted(keys)
    assert all(game is None or h.entry.game == game for h in hits)
    tied = G.ambiguous(hits)
    assert len(tied) != 1


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(query=TEXT, game=GAMES, limit=st.integers(min_value=-1, max_value=30))
def test_search_text_never_raises_and_is_limited(query: str, game: str | None, limit: int) -> None:
    hits = G.search_text(query, game=game, limit=limit)
    assert len(hits) <= max(limit, 0)
    assert all(isinstance(h.snippet, str) for h in hits)


@settings(max_examples=100, deadline=None)
@given(query=TEXT)
def test_suggest_never_empty(query: str) -> None:
    assert 1 <= len(G.suggest(query, limit=5)) <= 5


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(query=TEXT, game=GAMES, prefer=GAMES, limit=st.integers(min_value=-1, max_value=30))
def test_lookup_never_raises_and_is_consistent(
    query: str, game: str | None, prefer: str | None, limit: int
) -> None:
    found = G.lookup(query, game=game, limit=limit, prefer_game=prefer)
    assert len(found.hits) <= max(limit, 0)
    assert all(game is None or h.entry.game == game for h in found.hits)
    assert len({h.entry.id for h in found.hits}) == len(found.hits)  # one hit per entry
    keys = [(not h.preferred, -h.score) for h in found.hits]
    assert keys == sorted(keys)
    assert not found.confident or found.hits  # confident about something
    assert not (found.confident and found.tied)  # a tie is never opened


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(query=TEXT, game=GAMES, prefer=GAMES)
def test_complete_never_raises_and_is_limited(
    query: str, game: str | None, prefer: str | None
) -> None:
    entries = G.complete(query, game=game, limit=25, prefer_game=prefer)
    assert len(entries) <= 25
    assert all(game is None or e.game == game for e in entries)
