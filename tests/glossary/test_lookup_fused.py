"""Issue 10: one ranking over names and texts, question stripping, aliases, confidence.

On the real entries: a question opens the entry whose name it asks about or whose text
answers it; common words never decide; a name stays first when the query is a name; `/rule`
opens only a clear winner and asks otherwise.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.context import Ctx, Services, UserRef
from bot.handlers import glossary as h
from bot.reply import Select
from glossary import Glossary
from glossary.aliases import game_aliases, validate_aliases
from glossary.evaluate import evaluate, merge, read_cases
from glossary.model import Entry
from glossary.question import read_question, strip_question
from tests.glossary.search_data import DEV_TSV, HOLDOUT_TSV, real_glossary

QUESTIONS_TSV = Path(__file__).resolve().parent / "lookup_questions.tsv"
QUESTIONS2_TSV = Path(__file__).resolve().parent / "lookup_questions2.tsv"


@pytest.fixture(scope="module")
def g() -> Glossary:
    return real_glossary()


@pytest.fixture
def rctx(services: Services, g: Glossary) -> Ctx:
    services.__dict__["glossary"] = g
    return Ctx(services, UserRef.from_name("alice"), channel_id=1, guild_id=2, lang="ru")


def top(g: Glossary, query: str, game: str | None = None) -> tuple[str, bool]:
    found = g.lookup(query, game=game)
    assert found.hits, query
    return found.hits[0].entry.id, found.confident


# --- question stripping ----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("query", "subject"),
    [
        ("что такое эгида", "эгида"),
        ("Что такое Piercing?", "piercing"),
        ("как работает горение?", "горение"),
        ("можно ли смотреть архив", "смотреть архив"),
        ("What does Rot do?", "rot"),
        ("how does Regenerate work", "regenerate"),
        ("what is a zone border", "zone border"),
        ("что такое", "что такое"),  # nothing but the wrapper: kept whole
        ("эгида", "эгида"),
    ],
)
def test_question_wrappers_are_stripped(query: str, subject: str) -> None:
    assert strip_question(query) == subject


def test_question_and_stop_words_leave_the_content() -> None:
    assert read_question("сколько кубиков рассеивания?").content == ("кубиков", "рассеивания")
    assert read_question("можно ли целиться в невидимое существо").content == (
        "целиться",
        "невидимое",
        "существо",
    )


@pytest.mark.parametrize(
    ("query", "entry_id"),
    [
        ("что такое эгида", "mage-wars/aegis-x"),
        ("что такое Piercing?", "mage-wars/piercing-x"),
        ("What does Rot do?", "mage-wars/rot"),
        ("как работает ЗОВ?", "berserk/zashchita-ot-vystrelov"),
    ],
)
def test_a_question_about_a_name_opens_it(g: Glossary, query: str, entry_id: str) -> None:
    assert top(g, query) == (entry_id, True)
    bare = g.search(strip_question(query))[0]
    assert bare.entry.id == entry_id  # the same entry as the bare name


def test_a_name_that_starts_like_a_question_still_opens(g: Glossary) -> None:
    assert top(g, "Как по закрытой карте") == ("berserk/kak-po-zakrytoy-karte", True)
    assert top(g, "Заклинание сработало или нет") == ("whfb/zaklinaniye-srabotalo-ili-net", True)


# --- names and texts in one ranking ----------------------------------------------------------


@pytest.mark.parametrize(
    ("query", "game", "entry_id"),
    [
        ("можно ли смотреть архив оппонента", None, "keyforge/arkhiv"),
        ("существо растет в размерах", None, "mage-wars/growth"),
        ("сколько карт в бустере", None, "berserk/buster"),
        ("атака которая гасит огонь", None, "mage-wars/extinguish"),
        ("складывается ли броня", "keyforge", "keyforge/bronya"),
    ],
)
def test_a_question_finds_the_entry_whose_text_answers_it(
    g: Glossary, query: str, game: str | None, entry_id: str
) -> None:
    assert top(g, query, game)[0] == entry_id


def test_common_words_alone_never_decide(g: Glossary) -> None:
    """«карта» and «существо» are in hundreds of texts: the rare word picks the entry."""
    assert top(g, "сколько карт в бустере")[0] == "berserk/buster"
    assert top(g, "существо растет в размерах")[0] == "mage-wars/growth"
    card = g.lookup("карта")  # alone it is a name: Berserk's «Карта», not a text match
    assert card.hits[0].entry.id == "berserk/karta" and card.hits[0].tier == "exact"


def test_a_name_stays_first_when_the_query_is_a_name(g: Glossary) -> None:
    for query in ("Burn", "броня", "Янтарь", "Пул кубиков силы"):
        found = g.lookup(query)
        assert found.hits[0].tier in {"exact", "stem"}, query
        assert found.hits[0].entry.id == g.search(query)[0].entry.id


# --- confidence -------------------------------------------------------------------------------


def test_ties_and_guesses_are_not_confident(g: Glossary) -> None:
    owner = g.lookup("владелец")  # Controller and Owner share the Russian name
    assert not owner.confident and len(owner.tied) >= 2
    # `ремонтировать` is a word no entry (nor the synonym map) knows: the rest is only a guess
    assert not g.lookup("как ремонтировать неживые объекты").confident
    assert not g.lookup("a").confident  # one letter opens only an exact name
    # without «мага» the question is about «Жизнь» (Life): the text winner hinges on a common
    # word, so it is offered, not opened
    assert not g.lookup("сколько жизни у мага").confident
    assert g.lookup("сколько карт в бустере").confident  # without «карт» still the booster


async def test_rule_opens_a_clear_text_answer_and_asks_otherwise(rctx: Ctx, g: Glossary) -> None:
    opened = await h.rule(rctx, "перехват контроля над картой оппонента")
    control = g.get("keyforge/kontrol")
    assert control is not None and opened.body == control.text
    asked = await h.rule(rctx, "как ремонтировать неживые объекты")
    assert all(asked.body != e.text for e in g.entries)  # a question back, never an entry
    (select,) = [a for a in asked.actions if isinstance(a, Select)]
    offered = [o.value for o in select.options]
    assert "mage-wars/reconstruct" in offered  # text matches are among the choices


def test_the_question_set_meets_its_targets(g: Glossary) -> None:
    """The sets of issue 10: dev 100%, questions >= 90% top-1, nothing opened wrongly; over
    the three, >= 97% top-1 and >= 90% opened directly."""
    reports = {}
    for path in (DEV_TSV, HOLDOUT_TSV, QUESTIONS_TSV):
        cases, problems = read_cases(path)
        assert problems == []

        def search(q: str, game: str | None, limit: int) -> list[Entry]:
            return [x.entry for x in g.lookup(q, game=game, limit=limit).hits]

        def opens(q: str, game: str | None) -> Entry | None:
            found = g.lookup(q, game=game)
            return found.hits[0].entry if found.confident else None

        reports[path.name] = evaluate(cases, search, opens)
    questions = reports[QUESTIONS_TSV.name]
    assert questions.total >= 60
    assert questions.top1 >= 0.9 * questions.total
    assert all(r.opened_wrong == 0 for r in reports.values())
    assert reports[DEV_TSV.name].top1 == reports[DEV_TSV.name].total
    everything = merge(list(reports.values()))
    assert everything.top1 >= 0.97 * everything.total
    # 0.89: since playtest 19 (K1) KeyForge has its own Stun entry, so the four dev and held-out
    # queries naming Stun with no game («Stun», «оглушением») are asked, not opened (202 / 226)
    assert everything.opened is not None and everything.opened >= 0.89 * everything.total


def test_the_second_question_set_is_a_fair_check(g: Glossary) -> None:
    """Written from the seeds before the synonym map and the margin rule (lookup2): a floor
    against regressions, not a target it was tuned to (see docs/glossary-search.md)."""
    cases, problems = read_cases(QUESTIONS2_TSV)
    assert problems == [] and len(cases) >= 40
    report = evaluate(
        cases, lambda q, game, limit: [x.entry for x in g.lookup(q, game=game, limit=limit).hits]
    )
    assert report.top1 >= 0.7 * report.total


# --- aliases ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("query", "entry_id"),
    [
        ("эмбер", "keyforge/yantar"),
        ("что такое эмбер", "keyforge/yantar"),
        ("line of fire", "mage-wars/los"),
        ("winds of magic", "whfb/brosok-na-vetry-magii"),
        ("благословение", "berserk/blagoslovleniye"),
        ("dispel pool", "whfb/pul-rasseivaniya"),
    ],
)
def test_curated_aliases_find_their_entry(g: Glossary, query: str, entry_id: str) -> None:
    assert top(g, query) == (entry_id, True)


async def test_aliases_are_searched_but_not_shown_as_names(rctx: Ctx) -> None:
    reply = await h.rule(rctx, "эмбер")
    assert reply.title.startswith("Янтарь")
    assert all("эмбер" not in f.value for f in reply.fields)


def test_latin_transliteration_is_stemmed_too(g: Glossary) -> None:
    assert top(g, "bronyu", "mage-wars")[0] == "mage-wars/armor"
    assert top(g, "krovotecheniye")[0] == "mage-wars/bleed"


def _entry(entry_id: str, game: str, title: str) -> Entry:
    from glossary.model import Source

    return Entry(entry_id, game, title, (title,), "text", Source("f.txt", 1, 1))


def test_alias_files_are_validated(tmp_path: Path) -> None:
    entries = [
        _entry("kf/a", "keyforge", "Янтарь"),
        _entry("kf/b", "keyforge", "Ключ"),
        _entry("mw/c", "mage-wars", "Armor"),
    ]
    (tmp_path / "keyforge.toml").write_text(
        '"kf/a" = ["эмбер", "ключ"]\n'  # `ключ` already names kf/b
        '"kf/b" = ["эмбер"]\n'  # given to two entries
        '"kf/zz" = ["x"]\n'  # no such entry
        '"mw/c" = ["броня"]\n'  # an entry of another game
        '_game = ["kf"]\n',
        encoding="utf-8",
    )
    (tmp_path / "chess.toml").write_text('"c/1" = ["e4"]\n', encoding="utf-8")
    problems = "\n".join(validate_aliases(tmp_path, entries))
    assert "'ключ' of kf/a already names kf/b" in problems
    assert "'эмбер' given to both kf/a and kf/b" in problems
    assert "'kf/zz' is not an entry of keyforge" in problems
    assert "'mw/c' is not an entry of keyforge" in problems
    assert "no glossary data for a game named 'chess'" in problems
    (tmp_path / "chess.toml").unlink()
    (tmp_path / "keyforge.toml").write_text('"kf/a" = ["эмбер"]\n', encoding="utf-8")
    assert validate_aliases(tmp_path, entries) == []


def test_committed_aliases_are_valid() -> None:
    from glossary.aliases import alias_dir
    from glossary.loader import DATA_DIR, load_entries

    assert validate_aliases(alias_dir(DATA_DIR), load_entries(DATA_DIR)) == []


def test_game_names_are_data() -> None:
    names = game_aliases()
    assert names["mw"] == names["мв"] == "mage-wars"
    assert names["kf"] == names["кф"] == "keyforge"
    assert names["wfb"] == "whfb" and names["берсерк"] == "berserk"


async def test_inline_marks_use_the_same_ranking(rctx: Ctx) -> None:
    from dataclasses import replace as dc_replace

    from bot.handlers import glossary_browse as browse

    rctx.services.settings = dc_replace(rctx.services.settings, inline_lookup=True)
    reply = await browse.inline_reply(rctx, "а это как? [[что такое Piercing?]]")
    assert reply is not None and reply.title.startswith("Протыкание +X (Piercing +X)")
    unsure = await browse.inline_reply(rctx, "[[как ремонтировать неживые объекты]]")
    assert unsure is not None and "Не нашлось: «как ремонтировать неживые объекты»" in unsure.body


# --- synonyms (glossary/data/words/synonyms.toml) ---------------------------------------------


def test_a_player_word_finds_the_rule_word(g: Glossary) -> None:
    # no text says «чинить»; the synonym map reads it as «лечить»/«реконструкция»
    fixed = g.lookup("как чинить неживые объекты")
    assert fixed.hits[0].entry.id == "mage-wars/reconstruct" and fixed.confident
    assert g.text_knows("чинить") and not g.text_knows("ремонтировать")


def test_synonym_file_problems_are_reported(tmp_path: Path) -> None:
    from glossary.synonyms import read_synonyms

    bad = tmp_path / "s.toml"
    bad.write_text('[words]\n"кубик" = ["куб"]\n"две слова" = ["x"]\n"пусто" = []\n', "utf-8")
    table, problems = read_synonyms(bad)
    assert table == {"кубик": ("куб",)} and len(problems) == 2
    broken = tmp_path / "b.toml"
    broken.write_text("кубик = [", "utf-8")
    assert read_synonyms(broken)[0] == {} and read_synonyms(broken)[1]


def test_a_text_answer_far_ahead_opens_a_close_one_asks(g: Glossary) -> None:
    # «смотреть» is not in the archive entry («посмотреть»), so coverage is not full, but no
    # other entry comes near: the relative margin rule opens it
    far = g.lookup("можно ли смотреть архив оппонента")
    assert far.hits[0].entry.id == "keyforge/arkhiv" and far.confident
    lead = (far.hits[0].score - far.hits[1].score) / far.hits[0].score
    assert lead >= 0.30
    # the pool and the limit of power dice say nearly the same: offered, not opened
    close = g.lookup("сколько кубиков силы у мага")
    assert close.hits[0].tier == "text" and not close.confident


def test_synonym_check_names_rule_words_no_text_uses(tmp_path: Path, g: Glossary) -> None:
    from glossary.synonyms import SYNONYM_FILE, validate_synonyms
    from glossary.textindex import TextIndex

    plain = TextIndex(g.entries, word_map={})
    assert validate_synonyms(SYNONYM_FILE, plain.knows) == []  # the shipped map is clean
    path = tmp_path / "s.toml"
    path.write_text('[words]\n"чинить" = ["лечит", "почирякать"]\n', "utf-8")
    (problem,) = validate_synonyms(path, plain.knows)
    assert "почирякать" in problem and "лечит" not in problem


@pytest.mark.parametrize(
    ("query", "entry_id"),
    [
        ("что будет если горение", "mage-wars/burn"),
        ("что происходит с горением", "mage-wars/burn"),  # (Stun is in two games since pt 19)
        ("what happens to Rot", "mage-wars/rot"),
    ],
)
def test_what_happens_wrappers_leave_the_name(g: Glossary, query: str, entry_id: str) -> None:
    found = g.lookup(query)
    assert found.hits[0].entry.id == entry_id and found.hits[0].tier in {"exact", "stem"}
    assert found.confident
