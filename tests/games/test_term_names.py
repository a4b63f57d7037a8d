"""Game terms are named as their glossary entries (issue 17): the table, `check`, old names."""

from __future__ import annotations

from dataclasses import replace

import pytest

from bot.console import parse_line
from bot.games.terms import Terms, former_names, game_terms
from bot.glossary_names import term_problems
from bot.i18n import Catalogue, catalogue
from bot.registry import load_handlers
from bot.tracker.templates import template
from glossary.loader import load_entries
from glossary.names import bare_name, entry_name, names_term, same_word


def _messages(cat: Catalogue) -> dict[str, dict[str, str]]:
    keys = cat.keys()  # a sorted list, not a dict view
    return {k: {lang: cat.lookup_exact(k, lang) or "" for lang in ("ru", "en")} for k in keys}


def test_every_linked_name_is_the_entrys() -> None:
    assert term_problems(load_entries()) == []


def test_a_renamed_option_is_reported() -> None:
    messages = _messages(catalogue())
    messages["opt.piercing.name"] = {"ru": "пробивание", "en": "piercing"}
    problems = term_problems(load_entries(), Catalogue(messages))
    assert problems == [
        "mage-wars option 'piercing': ru name «пробивание» differs from the glossary's "
        "«Протыкание» (mage-wars/piercing-x)"
    ]


def test_a_drifted_entry_is_reported() -> None:
    """The other way round: a judge renames the seed's term, the bot's word is now wrong."""
    entries = [
        e if e.id != "mage-wars/stun" else replace(e, names=("Stun", "Ошеломление"))
        for e in load_entries()
    ]
    problems = term_problems(entries)
    assert problems == [
        "mage-wars token 'stun': ru name «оглушение» differs from the glossary's "
        "«Ошеломление» (mage-wars/stun)"
    ]


def test_the_crossed_daze_and_stun_are_straight() -> None:
    # seed 000:67 Daze (Оцепенение) · seed 000:272 Stun (Оглушение)
    tpl = template("mage-wars")
    assert tpl.tokens["daze"].ru == "оцепенение" and tpl.tokens["stun"].ru == "оглушение"
    cat = catalogue()
    assert cat.lookup_exact("opt.daze.name", "ru") == "оцепенение"
    assert cat.lookup_exact("opt.target_daze.name", "ru") == "оцепенение_цели"
    # seed 000:250 Restrained (Связанный), not 000:124 Hinder (Сдерживание)
    assert cat.lookup_exact("opt.restrained.name", "ru") == "связанный"
    # seed 000:278 Sweeping (Зачистка)
    assert cat.lookup_exact("cmd.mw.sweep.name", "ru") == "зачистка"


def test_seed_names_lose_their_parameter() -> None:
    assert bare_name("Piercing +X") == "Piercing" and bare_name("Armor +/- X") == "Armor"
    assert bare_name("Прочный –X") == "Прочный" and bare_name("Штурм (Х)") == "Штурм"
    assert bare_name("X") == "X"
    entry = next(e for e in load_entries() if e.id == "mage-wars/tough-x")
    assert entry_name(entry, "ru") == "Прочный" and entry_name(entry, "en") == "Tough"
    assert same_word("упругий", "Упругий") and not same_word("стойкость", "Упругий")
    assert names_term("оцепенение_цели", "Оцепенение") and names_term("target_daze", "Daze")
    assert not names_term("оглушение_цели", "Оцепенение")


def test_every_game_links_its_entries() -> None:
    assert len(game_terms("mage-wars").links["tokens"]) == len(template("mage-wars").tokens)
    for slug in ("berserk", "conquest", "keyforge"):  # WFB names no stat or token the seed heads
        assert any(game_terms(slug).links.values()), slug


def test_the_old_names_are_still_typed() -> None:
    commands = list(load_handlers().commands.values())
    old = parse_line(
        "/мв атака кубики:3 пробивание:1 неотвратимая:да оглушение_цели:1 сдерживание:да "
        "стойкость:да бестелесность:да эфирная:да прочность:1",
        commands,
    )
    new = parse_line(
        "/мв атака кубики:3 протыкание:1 неизбежность:да оцепенение_цели:1 связанный:да "
        "упругий:да бесплотный:да магическая_атака:да прочный:1",
        commands,
    )
    assert old.command is new.command and old.values == new.values
    assert old.values["piercing"] == 1 and old.values["ethereal"] is True
    sweep = parse_line("/мв взмах цели:a,b кубики:3", commands)
    assert sweep.command.path == ("mw", "sweep")
    assert former_names()["cmd.mw.sweep.name"] == ("взмах",)


def test_a_stat_named_as_an_entry_must_be_linked(monkeypatch: pytest.MonkeyPatch) -> None:
    """A new trait or token spelled as a glossary entry of its game is linked in the game's
    `terms.toml`, or `check` says so (the board's rule button and the drift check need it)."""
    from bot import glossary_names

    assert glossary_names.unlinked_problems(load_entries()) == []
    real = game_terms

    def without_incorporeal(slug: str) -> Terms:
        terms = real(slug)
        if slug != "mage-wars":
            return terms
        links = {kind: dict(table) for kind, table in terms.links.items()}
        links["stats"].pop("incorporeal")
        links["options"].pop("incorporeal")
        return replace(terms, links=links)

    monkeypatch.setattr("bot.glossary_names.game_terms", without_incorporeal)
    assert glossary_names.unlinked_problems(load_entries()) == [
        "mage-wars stat 'incorporeal' «Бесплотный» is glossary entry 'mage-wars/incorporeal':"
        " link it in bot/games/mage_wars/terms.toml"
    ]
