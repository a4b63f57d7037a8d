"""Stat names in both languages, in every game: `/unit add` options and `/set` stat names.

A blind playtest typed `/отряд добавить имя:Космодесантник жизнь:3 сила:2` in Conquest and read
«нет параметра «power»»: the option's internal name, and no word that the unit was not added.
"""

from __future__ import annotations

import pytest

from bot.console import Console
from bot.context import Services
from bot.games import ALL_GAMES
from bot.i18n import LANGUAGES, catalogue, t
from bot.registry import load_handlers, option_label
from bot.tracker.templates import template
from bot.tracker.units import STAT_OPTIONS, option_stat
from tests.helpers.tracker import state_of, unit

START = {"mage-wars": " life:20", "conquest": " hale:7 bloodied:4", "custom": " life:20"}
NOT_ADDED = {"ru": "не добав", "en": "was not added"}


def test_unit_add_declares_exactly_the_stat_options_the_core_knows() -> None:
    options = load_handlers().commands[("unit", "add")].options
    # KeyForge's power is typed as text, so a Berserk strike typed there is read (playtest 18, B3)
    declared = {o.name for o in options if o.type is int or o.name == "power"}
    assert declared == set(STAT_OPTIONS)


@pytest.mark.parametrize("slug", sorted(ALL_GAMES))
def test_every_stat_and_token_is_found_by_each_of_its_names(slug: str) -> None:
    tpl = template(slug)
    for key, d in tpl.stats.items():
        for name in (key, d.ru, d.en, d.ru.upper(), *d.aliases):
            assert tpl.resolve_stat(name) == key, (slug, name)
    for key, d in tpl.tokens.items():
        for name in (key, d.ru, d.en, *d.aliases):
            assert tpl.resolve_token(name) == key, (slug, name)


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("slug", sorted(ALL_GAMES))
async def test_each_unit_option_is_taken_or_refused_by_the_name_typed(
    services: Services, slug: str, lang: str
) -> None:
    """Each stat option, typed by its name in the reader's language: the unit gets the value,
    or is refused in that language, by the option's name as typed, saying it was not added."""
    console = Console(services, user="alice", channel="table", lang=lang)
    await console.execute(f"/game start game:{slug} player1:bob{START.get(slug, '')}")
    tpl = template(slug)
    label = {o: option_label(("unit", "add"), o, lang) for o in STAT_OPTIONS}
    needs_life = "life" in tpl.unit_required
    refused = 0
    for n, option in enumerate(STAT_OPTIONS):
        name = f"Карта{n}"
        life = f" {label['life']}:3" if needs_life and option != "life" else ""
        reply = await console.execute(f"/unit add {name}{life} {label[option]}:2")
        key = option_stat(tpl, option)
        if key is not None and key in tpl.creature:
            assert unit(await state_of(services), name).value(key) == 2, reply
            continue
        refused += 1
        aside = f"tracker.note.unit_option_elsewhere.{slug}.{option}"
        if aside in catalogue():  # Berserk's strike (playtest 18 B3): added, where it goes said
            assert any(u.name == name for u in (await state_of(services)).units), reply
            assert t(aside, lang, value="2") in reply, reply
            continue
        if tpl.unit_skip_note:  # Conquest (playtest 12 C2): added, the option said skipped
            assert unit(await state_of(services), name).value(tpl.toughness[0]) == 3, reply
            assert (f"«{label[option]}:2»" if lang == "ru" else f"“{label[option]}:2”") in reply
            continue
        quoted = f"«{label[option]}»" if lang == "ru" else f"“{label[option]}”"
        assert NOT_ADDED[lang] in reply and quoted in reply, reply
        usable = [label[o] for o in STAT_OPTIONS if option_stat(tpl, o) in tpl.creature]
        assert ", ".join(usable) in reply, reply
        if lang == "ru" and label[option] != option:
            assert f"«{option}»" not in reply, reply
        assert all(u.name != name for u in (await state_of(services)).units)
    assert refused  # no game's units take all five
