"""An entry's one-word names stand for each other in the text search (issue 19): the Mage Wars
texts mix the languages («Все Incorporeal существа огнеупорны»), so a player asking in Russian
(«бесплотное») must find the texts that use the English name. And the pronouns and modal words
of a spoken question («своей», «надо», «чтобы») carry no subject."""

from __future__ import annotations

from glossary import Glossary
from glossary.question import read_question
from tests.glossary.test_search_units import entry

INCORPOREAL = entry(
    "mage-wars/incorporeal", "Incorporeal", "Бесплотный", text="Иллюзорное существо без формы."
)
BURNPROOF = entry(
    "mage-wars/burnproof",
    "Burnproof",
    "Огнеупорный",
    text="Не может получить состояние Burn. Все Incorporeal существа огнеупорны.",
)
CREATURE = entry("mage-wars/creature", "Creature", "Существо", text="Живое существо на арене.")
OTHER = entry("mage-wars/other", "Other", "Другое", text="Любой Creature и любое существо.")


def test_a_rare_russian_name_finds_texts_using_the_english_one() -> None:
    g = Glossary([INCORPOREAL, BURNPROOF, CREATURE, OTHER])
    hits = g.text_hits("бесплотное огнеупорны", None, 5)
    assert hits[0].entry.id == "mage-wars/burnproof"
    assert hits[0].coverage == 1.0  # «бесплотное» counted through «Incorporeal» in its text


def test_a_common_word_is_not_bridged() -> None:
    # «существо» is in three texts already: «Creature» would only blur them
    g = Glossary([INCORPOREAL, BURNPROOF, CREATURE, OTHER])
    assert "creatur" not in g._text._terms_for("существо")
    assert "incorpor" in g._text._terms_for("бесплотное")


def test_spoken_pronouns_and_modals_are_no_content() -> None:
    assert read_question("можно стрелять по летающему в своей же зоне").content == (
        "стрелять",
        "летающему",
        "зоне",
    )
    assert read_question("сколько надо выкинуть чтобы сбросить паралич").content == (
        "выкинуть",
        "сбросить",
        "паралич",
    )
    assert read_question("что значит НУ").content == ("ну",)  # Направленный удар, a name
