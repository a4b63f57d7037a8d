"""The supplement (`glossary/data/supplement/`): entries retold from the published rules for terms
the seeds point at but lack. Loaded beside the seed files, validated with file and line, named
as retold in the `/rule` footer, and never touched by the importer."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from bot.cli import main
from bot.context import Ctx, Services, UserRef
from bot.glossary_view import resolve_references
from bot.handlers import glossary as h
from bot.handlers.glossary_source import source_footer
from bot.reply import Button
from glossary import Glossary, load_glossary
from glossary.loader import DATA_DIR, SUPPLEMENT, load_entries, load_entries_lenient, validate_data
from glossary.model import Source
from tests.glossary.import_support import SEEDS

SUPPLEMENT_FILE = DATA_DIR / SUPPLEMENT / "keyforge.toml"


def _copy_data(tmp_path: Path) -> Path:
    data = tmp_path / "data"
    shutil.copytree(DATA_DIR, data)
    return data


def test_loader_reads_the_supplement_as_retold_entries() -> None:
    entries = {e.id: e for e in load_entries(DATA_DIR)}
    keys = entries["keyforge/klyuchi"]
    assert keys.game == "keyforge"
    assert keys.source == Source.retold("KeyForge (v1.8)")
    assert keys.source.file == "" and keys.source.published == "KeyForge (v1.8)"
    assert "выковать три ключа" in keys.text and "6 Янтаря" in keys.text
    # every target the seed's «Также смотрите» / «Смотрите «Бой»» names now has an entry
    names = {n for e in entries.values() if e.game == "keyforge" for n in e.names}
    assert {"Ключи", "Сбор", "Кража", "Бой", "Оберег", "Неуловимость", "Жатва"} <= names
    # seed entries keep their seed source; only supplement entries are retold
    assert entries["keyforge/yantar"].source.published is None
    assert entries["keyforge/yantar"].source.file.endswith(".txt")


def test_a_supplement_needs_no_seed_file_and_keeps_game_order(tmp_path: Path) -> None:
    data = _copy_data(tmp_path)
    ids = [e.id for e in load_entries(data)]
    # supplement entries follow their own game's seed entries, before the next game's
    kf = [i for i in ids if i.startswith("keyforge/")]
    assert kf[-10:] == [
        "keyforge/klyuchi", "keyforge/sbor", "keyforge/krazha", "keyforge/boy",
        "keyforge/obereg", "keyforge/neulovimost", "keyforge/tsepi", "keyforge/istoshcheniye",
        "keyforge/oglusheniye", "keyforge/yarost",
    ]  # fmt: skip
    shutil.rmtree(data / SUPPLEMENT)
    assert "keyforge/klyuchi" not in {e.id for e in load_entries(data)}
    assert validate_data(data) == []


def _break(data: Path, old: str, new: str) -> Path:
    path = data / SUPPLEMENT / "keyforge.toml"
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    return path


def _line_of(path: Path, entry_id: str) -> int:
    lines = path.read_text(encoding="utf-8").splitlines()
    at = lines.index(f'id = "{entry_id}"')
    return at  # 0-based index of the id line = 1-based line of the [[entry]] header above it


def test_a_broken_supplement_entry_is_reported_with_file_and_line(tmp_path: Path) -> None:
    data = _copy_data(tmp_path)
    path = _break(data, 'source = { published = "KeyForge (v1.8)" }', 'source = { published = "" }')
    problems = validate_data(data)
    assert problems == [
        f"{path}:{_line_of(path, 'keyforge/klyuchi')}: 'keyforge/klyuchi': "
        "source.published must be a non-empty string"
    ]
    entries, lenient = load_entries_lenient(data)
    assert lenient == problems and "keyforge/klyuchi" not in {e.id for e in entries}


def test_supplement_and_seed_files_each_take_only_their_source_kind(tmp_path: Path) -> None:
    data = _copy_data(tmp_path)
    path = _break(
        data,
        'source = { published = "KeyForge (v1.8)" }',
        'source = { file = "004.txt", lines = [1, 2] }',
    )
    (problem,) = validate_data(data)
    assert problem.startswith(f"{path}:{_line_of(path, 'keyforge/klyuchi')}: ")
    assert "published" in problem
    seed = data / "keyforge.toml"
    text = seed.read_text(encoding="utf-8")
    first = text.index("source = {")
    end = text.index("\n", first)
    seed.write_text(text[:first] + 'source = { published = "x" }' + text[end:], encoding="utf-8")
    assert any(
        p.startswith(f"{seed}:") and "lines = [first, last]" in p for p in validate_data(data)
    )


def test_a_stray_supplement_file_and_a_wrong_game_are_reported(tmp_path: Path) -> None:
    data = _copy_data(tmp_path)
    stray = data / SUPPLEMENT / "chess.toml"
    stray.write_text("", encoding="utf-8")
    path = _break(data, 'game = "keyforge"', 'game = "berserk"')
    problems = validate_data(data)
    assert any(p.startswith(f"{stray}: file name is not a game slug") for p in problems)
    assert any(p.startswith(f"{path}:") and "in the file of 'keyforge'" in p for p in problems)


def test_keys_question_opens_the_keys_entry(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["lookup", "сколько ключей нужно для победы", "--json"]) == 0
    rows = json.loads(capsys.readouterr().out)
    assert rows[0]["id"] == "keyforge/klyuchi" and rows[0]["confident"] is True
    g = load_glossary()
    for query, want in [
        ("как выковать ключ", "keyforge/klyuchi"),
        ("forge a key", "keyforge/klyuchi"),
        ("reap", "keyforge/sbor"),
        ("сбор", "keyforge/sbor"),
        ("кража янтаря", "keyforge/krazha"),
        ("fight", "keyforge/boy"),
    ]:
        assert g.lookup(query, game="keyforge").hits[0].entry.id == want, query


def test_the_term_the_wfb_cast_odds_use_has_an_entry() -> None:
    """Playtest 4, slip 30: `/odds whfb` says «Неодолимая сила», so `/rule` must explain it; the
    seed's magic phase lacks it, so it is retold (two sixes cast it, unstoppable, miscast)."""
    entry = {e.id: e for e in load_entries(DATA_DIR)}["whfb/neodolimaya-sila"]
    assert entry.source.published is not None and "Дубль шестёрок" in entry.text
    assert "магический сбой" in entry.text  # the replies' word for the Miscast (playtest 7, W2)
    g = load_glossary()
    for query in (
        "неодолимая сила",
        "irresistible force",
        "что такое неодолимая сила",
        "мискаст",
        "магический сбой",
    ):
        result = g.lookup(query)
        assert result.hits[0].entry.id == "whfb/neodolimaya-sila", query


@pytest.fixture
def rctx(services: Services) -> Ctx:
    services.__dict__["glossary"] = load_glossary()
    return Ctx(services, UserRef.from_name("alice"), channel_id=1, guild_id=2, lang="ru")


def test_footer_says_retold_from_the_published_rules(rctx: Ctx) -> None:
    g: Glossary = load_glossary()
    keys = g.get("keyforge/klyuchi")
    assert keys is not None
    assert source_footer(rctx, keys) == (
        "Источник: правила KeyForge (v1.8), пересказ Arbiter (в исходных текстах статьи нет)"
    )
    assert h.entry_reply(rctx, keys).footer == source_footer(rctx, keys)
    rctx.lang = "en"
    assert source_footer(rctx, keys) == (
        "Source: KeyForge (v1.8) rules, retold by Arbiter (not in the source texts)"
    )


def test_import_glossary_regenerates_seeds_byte_for_byte_and_leaves_the_supplement(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    data = _copy_data(tmp_path)
    before = {p.relative_to(data): p.read_bytes() for p in data.rglob("*.toml")}
    assert main(["import-glossary", str(SEEDS), "--out", str(data)]) == 0
    after = {p.relative_to(data): p.read_bytes() for p in data.rglob("*.toml")}
    assert after == before
    assert Path(SUPPLEMENT) / "keyforge.toml" in before
    assert "supplement" not in capsys.readouterr().out


def test_seed_cross_references_open_the_supplement_entries(rctx: Ctx) -> None:
    g = load_glossary()
    amber, attack, line = (
        g.get(i) for i in ("keyforge/yantar", "keyforge/ataka", "keyforge/boyevaya-liniya")
    )
    assert amber is not None and attack is not None and line is not None
    assert amber.see_also_text == ("Ключи", "Сбор", "Кража")  # the data stays as imported
    reply = h.entry_reply(rctx, amber)
    opens = [b.payload for b in reply.actions if isinstance(b, Button)]
    assert opens == [
        "keyforge/zakhvat-yantarya",
        "keyforge/klyuchi",
        "keyforge/sbor",
        "keyforge/krazha",
    ]
    assert not [f for f in reply.fields if f.name == "См. также"]
    attack_opens = [b.payload for b in h.entry_reply(rctx, attack).actions if isinstance(b, Button)]
    assert attack_opens == ["keyforge/boy"]
    # a reference nothing answers is a dead link, left out (playtest 10, K3)
    reply = h.entry_reply(rctx, line)
    assert not [f for f in reply.fields if f.name == "См. также"]
    assert "Существа" not in [b.label for b in reply.actions if isinstance(b, Button)]


def test_references_resolve_only_within_the_game() -> None:
    entries = load_entries(DATA_DIR)
    found, left = resolve_references(["бой", "Ключи", "Нечто"], entries, "keyforge")
    assert [e.id for e in found] == ["keyforge/boy", "keyforge/klyuchi"] and left == ["Нечто"]
    found, left = resolve_references(["Ключи"], entries, "berserk")
    assert found == [] and left == ["Ключи"]


def test_berserk_simple_strike_is_a_retold_entry() -> None:
    # seed 001:29 names «Простой удар» as a kind of melee strike but has no entry for it
    entries = {e.id: e for e in load_entries(DATA_DIR)}
    strike = entries["berserk/prostoy-udar"]
    assert strike.source == Source.retold("Берсерк ККИ") and strike.title == "Простой удар"
    assert {"berserk/blizhny-udar", "berserk/bronya-x"} <= set(strike.see_also)


def test_board_words_have_entries() -> None:
    """Playtest 3 slip 35: the KeyForge tracker shows «оберег» and «неуловимость», players say
    «жатва» for Reap; each opens its KeyForge entry."""
    from tests.glossary.search_data import real_glossary

    g = real_glossary()
    for query, entry_id in [
        ("оберег", "keyforge/obereg"),
        ("жатва", "keyforge/sbor"),
        ("неуловимость", "keyforge/neulovimost"),
    ]:
        found = g.lookup(query, game="keyforge")
        assert found.confident and found.hits[0].entry.id == entry_id, query
