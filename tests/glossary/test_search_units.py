"""Search behaviour on small hand-made glossaries: API contract, index built once, edge cases."""

from __future__ import annotations

from pathlib import Path

import pytest

import glossary.index
import glossary.normalize
import glossary.search
from glossary import Glossary, Hit, TextHit, load_glossary
from glossary.model import Entry, Source

REPO = Path(__file__).resolve().parents[2]


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
    real = glossary.normalize.analyse

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


def test_load_glossary_is_cached_per_directory(tmp_path: Path) -> None:
    assert load_glossary() is load_glossary()
    assert load_glossary(str(tmp_path)).entries == []


def test_names_beat_aliases_beat_transliterations() -> None:
    g = Glossary(
        [
            entry("berserk/a", "Зона (зоны)", "Зона", "зоны", game="berserk"),
            entry("berserk/b", "Зоны влияния", "Зоны влияния", game="berserk"),
        ]
    )
    hit = g.search("зона")[0]
    assert hit.entry.id == "berserk/a" and hit.score == 100.0
    alias = g.search("зоны")[0]
    assert alias.entry.id == "berserk/a" and alias.matched == "зоны" and alias.score == 99.0
    translit = g.search("zona")[0]
    assert translit.entry.id == "berserk/a" and translit.score == 98.0


def test_layout_reading_must_not_lose_letters(small: Glossary) -> None:
    # `бр` on the US layout is `,h`: a lone `h` is no reading of anything.
    assert all(h.entry.id != "mage-wars/aegis-x" for h in small.search("бр"))


def test_a_broken_data_file_serves_the_readable_entries(tmp_path: Path) -> None:
    good = (REPO / "glossary" / "data" / "keyforge.toml").read_text(encoding="utf-8")
    (tmp_path / "keyforge.toml").write_text(good + "\n[[entry]]\nid = 42\n", encoding="utf-8")
    g = load_glossary(tmp_path)
    assert g.entries and all(e.game == "keyforge" for e in g.entries)
    assert g.search("Armor")


def test_suggest_says_how_near_its_top_up_is() -> None:
    g = Glossary(SMALL)
    near = g.suggest("Bronyaaaa")  # no search hit, but spelled like the Latin form of «Броня»
    assert {h.entry.id for h in near if h.tier == "near"} == {"mage-wars/armor", "keyforge/bronya"}
    far = g.suggest("zzzzqqq")
    assert far and all(h.tier == "far" for h in far)
    assert all(h.score < glossary.search.MIN_SCORE for h in near + far)


def test_building_an_index_leaves_the_process_gc_alone() -> None:
    import gc

    frozen = gc.get_freeze_count()
    big = [entry(f"mage-wars/t{n}", f"Term {n}", f"Термин {n}") for n in range(8_000)]
    assert len(Glossary(big)._index) >= 20_000  # the size that used to trigger gc.freeze()
    assert gc.isenabled() and gc.get_freeze_count() == frozen


def test_search_reads_invisible_characters_like_the_commands() -> None:
    g = Glossary(SMALL)
    assert g.search("Эги\u200bда")[0].entry.id == "mage-wars/aegis-x"
    assert g.search("\x00Броня\x1b")[0].entry.id == "mage-wars/armor"


def test_english_name_spelled_in_cyrillic_is_a_last_resort(small: Glossary) -> None:
    hits = small.search("Армор")
    assert {h.entry.id for h in hits[:2]} == {"mage-wars/armor", "keyforge/bronya"}
    assert hits[0].score < 95.0  # a guess never outranks a Russian stem match
    assert small.search("контроллер")[0].entry.id == "mage-wars/controller"  # к for c: a typo
    assert small.search("броня")[0].score == 100.0  # Russian words are never re-read
    assert small.search("дабл страйк") == []  # loose overlaps of a guess are dropped
