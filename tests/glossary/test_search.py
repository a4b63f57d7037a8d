"""Each matching feature of the glossary search, on the real imported entries."""

from __future__ import annotations

import pytest

from glossary import Glossary
from tests.glossary.search_data import names_of, real_glossary, top_is


@pytest.fixture(scope="module")
def g() -> Glossary:
    return real_glossary()


@pytest.mark.parametrize("query", ["Flying", "flying", "  FLYING!! ", "полёт", "Полет", "полет."])
def test_case_yo_punctuation_and_spaces(g: Glossary, query: str) -> None:
    hits = g.search(query)
    assert top_is(hits, "mage-wars", "Flying")
    assert hits[0].tier == "exact"


@pytest.mark.parametrize(
    ("query", "game", "name"),
    [
        ("броню", "mage-wars", "Armor"),
        ("кровотечением", "mage-wars", "Bleed"),
        ("авангарда", "berserk", "Авангард"),
        ("двойным ударом", "mage-wars", "Doublestrike"),
        ("выбор целей", "whfb", "Выбор цели"),
    ],
)
def test_russian_inflection_finds_the_base_entry(
    g: Glossary, query: str, game: str, name: str
) -> None:
    hits = g.search(query, game=game)
    assert top_is(hits, game, name)
    assert hits[0].tier == "stem"


@pytest.mark.parametrize(
    ("query", "name"),
    [("Cantrp", "Cantrip"), ("Sweping", "Sweeping"), ("Incorporael", "Incorporeal")],
)
def test_typos_within_the_edit_budget(g: Glossary, query: str, name: str) -> None:
    hits = g.search(query)
    assert top_is(hits, "mage-wars", name)
    assert hits[0].tier == "fuzzy"


def test_two_edits_allowed_for_long_queries_only(g: Glossary) -> None:
    assert top_is(g.search("Incorprael"), "mage-wars", "Incorporeal")  # 11 letters, 2 edits
    assert not any(h.tier == "fuzzy" and "Stun" in names_of(h) for h in g.search("Sun"))


def test_short_queries_need_a_prefix_not_a_typo(g: Glossary) -> None:
    hits = g.search("Stn")  # 3 letters: too short to guess a typo of "Stun"
    assert all(h.tier != "fuzzy" for h in hits)


@pytest.mark.parametrize(
    ("query", "game", "name"),
    [
        (",hjyz", "mage-wars", "Armor"),
        ("фкьщк", "mage-wars", "Armor"),
        ("vfubz rhjdb", "berserk", "Магия крови"),
        ("Сщьифе Шсщты", "conquest", "Combat Icons"),
    ],
)
def test_wrong_keyboard_layout_both_ways(g: Glossary, query: str, game: str, name: str) -> None:
    assert top_is(g.search(query, game=game), game, name)


@pytest.mark.parametrize(
    ("query", "game", "name"),
    [
        ("avangard", "berserk", "Авангард"),
        ("vampirizm", "berserk", "Вампиризм"),
        ("bronya", "keyforge", "Броня"),
        ("bronja", "keyforge", "Броня"),
        ("blagoslovlenie", "berserk", "Благословление"),
        ("zashchita ot magii", "berserk", "ЗОМ"),
    ],
)
def test_latin_transliteration_of_russian_names(
    g: Glossary, query: str, game: str, name: str
) -> None:
    hits = g.search(query, game=game)
    assert top_is(hits, game, name)
    assert hits[0].tier == "exact"


def test_english_name_of_a_russian_entry_and_back(g: Glossary) -> None:
    assert top_is(g.search("Armor", game="keyforge"), "keyforge", "Броня")
    assert top_is(g.search("эгида"), "mage-wars", "Aegis X")
    assert top_is(g.search("Deploy Phase"), "conquest", "Deploy Phase")


@pytest.mark.parametrize(
    ("query", "name"),
    [("ЗОВ", "Защита от выстрелов"), ("зом", "Защита от магии"), ("НУ", "Направленный удар")],
)
def test_abbreviations(g: Glossary, query: str, name: str) -> None:
    assert top_is(g.search(query), "berserk", name)


@pytest.mark.parametrize(
    ("query", "game", "name"),
    [
        ("Aegis 3", "mage-wars", "Aegis X"),
        ("Броня 2", "berserk", "Броня Х"),
        ("Melee +2", "mage-wars", "Melee +X"),
        ("штурм 3", "keyforge", "Assault"),
        ("выстрел на 2-3-4", "berserk", "Выстрел на X"),
        ("Mana Drain 1", "mage-wars", "Mana Drain +X"),
        ("Tough -2", "mage-wars", "Tough - X"),
    ],
)
def test_parameter_values_find_the_parametric_entry(
    g: Glossary, query: str, game: str, name: str
) -> None:
    assert top_is(g.search(query), game, name)


def test_a_bare_name_prefers_the_plain_entry_over_the_parametric_one(g: Glossary) -> None:
    hits = g.search("Armor", game="mage-wars")
    assert [h.entry.title for h in hits[:2]] == ["Armor", "Armor +/- X"]


@pytest.mark.parametrize(
    ("query", "game", "name"),
    [("Incorp", "mage-wars", "Incorporeal"), ("бесте", "berserk", "Бестелесность")],
)
def test_prefixes_while_typing(g: Glossary, query: str, game: str, name: str) -> None:
    hits = g.search(query)
    assert top_is(hits, game, name)
    assert hits[0].tier == "prefix"


def test_word_prefix_inside_a_name(g: Glossary) -> None:
    hits = g.search("немагических", game="berserk")
    assert any(h.tier == "word-prefix" for h in hits)


def test_tiers_rank_exact_then_prefix_then_word_prefix(g: Glossary) -> None:
    order = {"exact": 0, "stem": 1, "prefix": 2, "word-prefix": 3, "fuzzy": 4, "words": 5}
    for query in ("Guard", "броня", "Zone", "удар"):
        ranks = [order[h.tier] for h in g.search(query, limit=25)]
        assert ranks == sorted(ranks), query


def test_names_rank_above_transliterations(g: Glossary) -> None:
    # "Avangard" is only a transliteration; the Cyrillic name is a real name.
    assert g.search("авангард")[0].score > g.search("avangard")[0].score


def test_ties_go_to_the_shorter_name(g: Glossary) -> None:
    hits = g.search("Mage", game="mage-wars", limit=5)
    assert hits[0].entry.title == "Mage"
    prefix_titles = [h.matched for h in hits if h.tier == "prefix"]
    assert [len(t) for t in prefix_titles] == sorted(len(t) for t in prefix_titles)


def test_same_name_in_one_game_is_ambiguous(g: Glossary) -> None:
    tied = g.ambiguous(g.search("владелец"))
    assert {h.entry.title for h in tied} == {"Controller", "Owner"}


def test_same_term_in_several_games_is_ambiguous_without_a_filter(g: Glossary) -> None:
    tied = g.ambiguous(g.search("Armor"))
    # Berserk's «Броня Х» answers to "armor" too (English walk 4, BZ-1)
    assert {h.entry.game for h in tied} == {"mage-wars", "keyforge", "berserk"}
    assert g.ambiguous(g.search("Armor", game="keyforge")) == []


def test_a_clear_winner_is_not_ambiguous(g: Glossary) -> None:
    assert g.ambiguous(g.search("Incorporeal")) == []


def test_the_channel_game_ranks_first(g: Glossary) -> None:
    assert g.search("броня", prefer_game="berserk")[0].entry.game == "berserk"
    hits = g.search("броня", prefer_game="keyforge")
    assert hits[0].entry.game == "keyforge" and hits[0].preferred
    assert g.ambiguous(hits) == []


def test_game_filter_and_unknown_game(g: Glossary) -> None:
    assert {h.entry.game for h in g.search("атака", game="berserk", limit=25)} == {"berserk"}
    assert g.search("атака", game="no-such-game") == []
    assert g.search_text("атака", game="no-such-game") == []
    assert g.suggest("атака", game="no-such-game")  # suggestions fall back to every game


def test_get_by_id(g: Glossary) -> None:
    entry = g.entries[0]
    assert g.get(entry.id) is entry
    assert g.get("no/such-id") is None


def test_search_text_uses_stems_and_returns_snippets(g: Glossary) -> None:
    hits = g.search_text("кубиком спасения")
    assert hits and hits[0].entry.game == "mage-wars"
    assert "спасени" in hits[0].snippet.lower()
    assert len(hits[0].snippet) < 200


def test_search_text_respects_the_game_filter(g: Glossary) -> None:
    hits = g.search_text("урон", game="conquest")
    assert hits and {h.entry.game for h in hits} == {"conquest"}


def test_suggest_is_never_empty(g: Glossary) -> None:
    for query in ("", "zzzzqqqq", "🙂", "ъъъъъъъъъ"):
        assert g.suggest(query), query
    assert top_is(g.suggest("Incorporeal"), "mage-wars", "Incorporeal")


@pytest.mark.parametrize(
    "query",
    ["", "   ", "x" * 1000, "броня" * 200, "🙂🙃", "\x00\x07\u200b", "Бро\nня", "Аегис 🙂 броня 3"],
)
def test_odd_input_never_raises(g: Glossary, query: str) -> None:
    assert len(g.search(query, limit=5)) <= 5
    assert len(g.search_text(query, limit=5)) <= 5
    assert g.ambiguous(g.search(query)) is not None


@pytest.mark.parametrize(
    ("query", "name"),
    [
        ("doble strike", "Doublestrike"),
        ("Incorporr", "Incorporeal"),
        ("Counter strike", "Counterstrike"),
    ],
)
def test_typos_that_split_glue_or_cut_words(g: Glossary, query: str, name: str) -> None:
    assert top_is(g.search(query), "mage-wars", name)


def test_autocomplete_short_prefixes_with_the_channel_game(g: Glossary) -> None:
    hits = g.search("за", limit=25, prefer_game="berserk")
    assert 0 < len(hits) <= 25
    assert hits[0].entry.game == "berserk" and hits[0].preferred
    assert all(h.tier in ("exact", "prefix", "word-prefix") for h in hits[:5])
    filtered = g.search("з", game="keyforge", limit=25)
    assert filtered and {h.entry.game for h in filtered} == {"keyforge"}


def test_inflected_word_inside_a_longer_name(g: Glossary) -> None:
    hits = g.search("выстрелов", game="berserk", limit=5)
    assert any("ЗОВ" in names_of(h) for h in hits)


def test_fleeting_vowels_the_stemmer_misses(g: Glossary) -> None:
    tied = g.ambiguous(g.search("рывком"))
    assert {h.entry.title for h in tied} == {"Charge +X", "Snatch"}
    assert {h.entry.title for h in g.search("владельца", game="mage-wars")[:2]} == {
        "Controller",
        "Owner",
    }
