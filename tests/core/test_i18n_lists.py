"""Playtest 6, G2: a message that lists things says an empty list in words («В этой игре жетонов
нет»), never «Подходят: —.». Every such message has its `.none` wording, which the catalogue
picks when the list it is given is empty (`Catalogue.listing_key`)."""

from __future__ import annotations

import re

from bot.i18n import LIST_PARAMS, NONE, catalogue, t
from bot.tracker.errors import NameList

# Lists that are never empty where they are made: a choice's values, the games, the several
# names an ambiguous name matches, the players who make a table too full.
NEVER_EMPTY = {
    "console.bad_choice",
    "console.bad_choice.berserk.strike.kind",  # a fixed choice list is never empty (B1)
    "console.bad_choice.odds.berserk.kind",
    "console.bad_choice.berserk.strike.kind.aside",  # the same list (English walk 7, BK-2)
    "console.bad_choice.odds.berserk.kind.aside",
    "live.units_destroyed.berserk",  # Berserk's word for it (playtest 13, B1)
    "console.unknown_option",  # a command without options says «нет параметров» before this
    "glossary.unknown_game",
    "live.units_destroyed",  # shown only when a player has a destroyed unit (playtest 12, G1)
    "tracker.note.kf_ready",  # said only when a creature was exhausted (en-10 KF-2)
    "tracker.error.ambiguous",
    "tracker.error.no_such_game",
    "tracker.error.too_many_players",
    "tracker.error.too_many_players_self",
    "tracker.error.table_full",
    "tracker.error.no_trait_keyforge",  # KeyForge's creatures always keep power and armor (K1)
}
_LIST = re.compile(r"\{(" + "|".join(LIST_PARAMS) + r")\}")


def test_every_list_message_has_its_empty_wording() -> None:
    cat = catalogue()
    missing = [
        key
        for key in list(cat.keys())
        if not key.endswith(NONE)
        and key not in NEVER_EMPTY
        and _LIST.search(cat.lookup(key, "ru") or "")
        and key + NONE not in cat
    ]
    assert missing == []


def test_no_empty_wording_shows_a_list_or_a_dash() -> None:
    cat = catalogue()
    for key in list(cat.keys()):
        if key.endswith(NONE):
            for lang in ("ru", "en"):
                text = cat.lookup(key, lang) or ""
                assert not _LIST.search(text) and ": —" not in text, (key, lang)


def test_an_empty_list_picks_the_none_wording() -> None:
    empty, some = NameList([]), NameList(["щит"])
    assert t("tracker.error.no_token", "ru", name="x", known=empty).endswith("жетонов нет.")
    assert "можно класть: щит" in t("tracker.error.no_token", "ru", name="x", known=some.name("ru"))
    assert t("tracker.error.no_token", "en", name="x", known=[]) == (
        "No such token: “x”. This game has no tokens."
    )
