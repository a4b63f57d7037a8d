"""Player vocabulary in questions (issue 19). An entry's one-word names stand for each other in
the text search: the Mage Wars texts mix the languages («Все Incorporeal существа огнеупорны»),
so a player asking in Russian («бесплотное») must find the texts that use the English name. The
pronouns, modal words and wrappers of a spoken question («своей», «надо», «что включает») carry
no subject; a name held whole by a question ranks its entry higher; the synonym map reads the
players' words for states; a word no text uses that misspells a name is read as that name."""

from __future__ import annotations

import pytest

from glossary import Glossary, TextHit
from glossary.lookup import _fuse
from glossary.question import read_question, strip_question
from glossary.translit import cyrillic_reading
from tests.glossary.search_data import real_glossary
from tests.glossary.test_search_units import entry


@pytest.fixture(scope="module")
def real() -> Glossary:
    return real_glossary()


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


def test_spoken_wrappers_are_stripped() -> None:
    assert strip_question("защита от атак что включает") == "защита от атак"
    assert strip_question("как быть если максимум жизней превышен") == "максимум жизней превышен"
    assert strip_question("как называется ресурс") == "ресурс"
    assert strip_question("для чего нужен янтарь") == "янтарь"
    assert strip_question("откуда берётся пул кубиков силы") == "пул кубиков силы"
    assert strip_question("от чего зависит сила выстрела") == "сила выстрела"


FLYING = entry("berserk/flying", "Летающее существо", game="berserk")
THIRST = entry("berserk/thirst", "Жажда", game="berserk")


def test_a_name_held_whole_by_the_question_orders_the_pick_list_only() -> None:
    texts = [
        TextHit(THIRST, 60.0, "", coverage=1.0),
        TextHit(FLYING, 58.0, "", coverage=0.8, whole_name=0.8),
    ]
    ranked, _ = _fuse([], texts, None, whole_names=True)
    assert [h.entry.id for h in ranked] == ["berserk/flying", "berserk/thirst"]
    plain, _ = _fuse([], texts, None)  # what an open is decided on: the bonus is not in it
    assert [h.entry.id for h in plain] == ["berserk/thirst", "berserk/flying"]


def test_whole_name_share_of_a_question() -> None:
    g = Glossary([THIRST, FLYING, CREATURE])
    texts = {h.entry.id: h for h in g.text_hits("стоят летающие существа", None, 5)}
    # «Летающее существо» entire; «Существо» too, a smaller share; «Жажда» not at all
    assert texts["berserk/flying"].whole_name > texts["mage-wars/creature"].whole_name > 0.0
    assert "berserk/thirst" not in texts or texts["berserk/thirst"].whole_name == 0.0


def test_a_stem_cut_from_a_longer_word_is_no_whole_word() -> None:
    # «метать» is indexed by its stem «мета»: «мете» (of «мета», chat) must not find it
    g = Glossary([entry("whfb/missile", "Снаряд", game="whfb", text="Маги метать заряды.")])
    assert not g.text_knows("мете")
    assert g.text_knows("метать") and g.text_knows("маги")


@pytest.mark.parametrize(
    ("query", "entry_id"),
    [
        # no text says «уснувший» or «спящий»: Sleep's text says «сон» and «Sleep»
        ("как разбудить уснувшее существо", "mage-wars/sleep"),
        ("что будет если спящего ранить", "mage-wars/sleep"),
        # Indirect's name is «Навесная стрельба»; the player shoots «навесом»
        ("можно ли стрелять навесом через стены", "mage-wars/indirect"),
        # Rooted: «Связано корнями»
        ("может ли укоренённое существо взлететь", "mage-wars/rooted"),
        # a word no text uses, a typo of a name («Коррозия»), is read as that name
        ("коррозея броня", "mage-wars/corrode"),
        # irregular and prefixed forms: «прошло» of «пройти», «заблокированное» of «блокировать»
        ("почему моё существо прошло только одну зону рядом с врагом", "mage-wars/hinder"),
        ("заблокированное действие всё равно оплачивается?", "berserk/blokirovat-igrodeystviye"),
        # «крит» is also the English word the Mage Wars texts use: «Armor не спасает от
        # Critical Damage» (Armor's text) answers «броня спасает от критов»
        ("броня спасает от критов?", "mage-wars/armor"),
        ("magic missile line of sight", "whfb/magichesky-snaryad"),
    ],
)
def test_player_words_for_states_find_their_entry(
    real: Glossary, query: str, entry_id: str
) -> None:
    assert real.lookup(query).hits[0].entry.id == entry_id


def test_a_fleeting_vowel_joins_two_forms_of_a_word(real: Glossary) -> None:
    # Snowball: «уровень» → «уровен», «уровня» → «уровн»; they are one word
    assert set(real._text._terms_for("уровень")) >= {"уровен", "уровн"}
    assert set(real._text._terms_for("уровня")) >= {"уровен", "уровн"}
    # «Маг – существо 6 уровня» (the Mage entry) answers «какой уровень у мага»
    assert real.lookup("какой уровень у мага").hits[0].entry.id == "mage-wars/mage"


def test_one_word_question_opens_only_the_entry_it_names(real: Glossary) -> None:
    # «сожрали» reads as «пожирание», the one name of Devour, found in no other text
    found = real.lookup("что происходит с тем кого сожрали")
    assert found.confident and found.hits[0].entry.id == "mage-wars/devour"
    # a word of many texts, no entry's name: offered, never opened
    assert not real.lookup("когда срабатывает").confident
    # one text only, but not the entry's name («потом» in Armor's text): offered
    assert not real.lookup("что происходит потом").confident


def test_common_question_words_reach_the_texts_wording(real: Glossary) -> None:
    # the texts say «противник», «оппонент»; players say «соперник»
    assert "противник" in real._text._terms_for("соперника")
    found = real.lookup("можно ли подсмотреть архив соперника")
    assert found.confident and found.hits[0].entry.id == "keyforge/arkhiv"


def test_latin_typed_russian_reads_c_before_i_as_ts_and_a_closing_ii() -> None:
    assert cyrillic_reading("inkarnaciya") == "инкарнация"
    assert cyrillic_reading("veter magii") == "ветер магии"
    assert cyrillic_reading("karta") == "карта" and cyrillic_reading("bronei") == "броней"


def test_a_question_that_is_one_entrys_whole_name_opens_it(real: Glossary) -> None:
    # «эмбер» is Янтарь's alias, «капчурить» reads «захват»: together «Захват Янтаря»
    found = real.lookup("эмбер капчурить")
    assert found.confident and found.hits[0].entry.id == "keyforge/zakhvat-yantarya"
