"""Search behaviour on small hand-made glossaries: API contract, index built once, edge cases."""

from __future__ import annotations

import pytest

import glossary.index
from glossary import Glossary, Hit, TextHit, load_glossary
from glossary.model import Entry, Source


def entry(id: str, title: str, *names: str, game: str = "mage-wars", text: str = "") -> Entry:
    return Entry(
        id=id,
        game=game,
        title=title,
        names=names,
        text=text or f"Текст статьи {title}.",
        source=Source("seed.txt", 1, 2),
    )


SMALL = [
    entry("mage-wars/aegis-x", "Aegis X", "Aegis X", "Эгида"),
    entry("mage-wars/armor", "Armor", "Armor", "Броня", text="Armor вычитается из урона."),
    entry("mage-wars/controller", "Controller", "Controller", "Владелец"),
    entry("mage-wars/owner", "Owner", "Owner", "Владелец"),
    entry("keyforge/bronya", "Броня ( Armor )", "Броня", "Armor", game="keyforge"),
    entry("berserk/bronya-x", "Броня Х", "Броня Х", game="berserk"),
]


@pytest.fixture(scope="module")
def small() -> Glossary:
    return Glossary(SMALL)


def test_hits_carry_entry_score_tier_and_matched_key(small: Glossary) -> None:
    hit = small.search("эгида")[0]
    assert isinstance(hit, Hit)
    assert hit.entry.id == "mage-wars/aegis-x"
    assert hit.tier == "exact" and hit.matched == "Эгида" and 99 <= hit.score <= 100


def test_results_are_sorted_and_limited(small: Glossary) -> None:
    hits = small.search("бр", limit=2)
    assert len(hits) == 2
    assert [h.score for h in hits] == sorted((h.score for h in hits), reverse=True)
    assert small.search("броня", limit=0) == []


def test_search_never_folds_keys_again(small: Glossary, monkeypatch: pytest.MonkeyPatch) -> None:
    """The index is built at construction: queries must not re-analyse keys."""
    calls: list[str] = []
    real = glossary.index.analyse

    def counting(text: str) -> object:
        calls.append(text)
        return real(text)

    monkeypatch.setattr(glossary.index, "analyse", counting)
    for query in ("броня", "Aegis 3", "владелец", "фкьщк", "Cntroller"):
        small.search(query)
    assert calls == []


def test_parameter_entries_win_only_when_a_value_is_typed(small: Glossary) -> None:
    assert small.search("броня 2")[0].entry.id == "berserk/bronya-x"
    assert small.search("броня")[0].entry.id != "berserk/bronya-x"


def test_ambiguous_lists_every_tied_hit_and_nothing_when_clear(small: Glossary) -> None:
    assert {h.entry.id for h in small.ambiguous(small.search("владелец"))} == {
        "mage-wars/controller",
        "mage-wars/owner",
    }
    assert small.ambiguous(small.search("Aegis")) == []
    assert small.ambiguous([]) == []


def test_prefer_game_puts_its_hits_first_and_marks_them(small: Glossary) -> None:
    hits = small.search("Armor", prefer_game="keyforge")
    assert hits[0].entry.game == "keyforge" and hits[0].preferred
    assert not any(h.preferred for h in hits[1:])


def test_search_text_returns_text_hits_with_snippets(small: Glossary) -> None:
    hits = small.search_text("урону")
    assert hits and isinstance(hits[0], TextHit)
    assert hits[0].entry.id == "mage-wars/armor"
    assert "урона" in hits[0].snippet


def test_empty_glossary_is_harmless() -> None:
    empty = Glossary([])
    assert empty.search("броня") == []
    assert empty.search_text("броня") == []
    assert empty.suggest("броня") == []


def test_odd_entries_do_not_break_the_index() -> None:
    odd = Glossary([entry("x/1", "", "", "!!!"), entry("x/2", "Х"), entry("x/3", "🙂 Emoji")])
    assert odd.search("emoji")[0].entry.id == "x/3"
    assert odd.suggest("???")


def test_load_glossary_is_cached_per_directory(tmp_path: object) -> None:
    assert load_glossary() is load_glossary()
    assert load_glossary(str(tmp_path)).entries == []
