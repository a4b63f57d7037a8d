"""The message catalogue: loading, lookup, problems `check` reports, and language picking."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.i18n import Catalogue, CatalogueError, catalogue, first_key, pick_language, t


def write(directory: Path, name: str, text: str) -> None:
    (directory / name).write_text(text, "utf-8")


def test_real_catalogue_is_complete() -> None:
    cat = Catalogue.load()
    assert cat.problems() == []
    assert "help.title" in cat and "cmd.help" in cat


def test_lookup_formats_and_falls_back_to_russian() -> None:
    cat = Catalogue({"greet": {"ru": "Привет, {name}!", "en": "Hi, {name}!"}, "only": {"ru": "Я"}})
    assert cat.get("greet", "en", name="Аня") == "Hi, Аня!"
    assert cat.get("greet", name="Аня") == "Привет, Аня!"
    assert cat.get("only", "en") == "Я"
    with pytest.raises(KeyError):
        cat.get("nope")


def test_shorthand_uses_the_process_catalogue() -> None:
    assert t("help.title", "en") == catalogue().get("help.title", "en")
    assert t("help.title") != t("help.title", "en")


def test_files_merge_and_nested_tables_flatten(tmp_path: Path) -> None:
    write(tmp_path, "a.toml", '[x.one]\nru = "один"\nen = "one"\n')
    write(tmp_path, "b.toml", '[y]\nru = "игрек"\nen = "y"\n[y.sub]\nru = "под"\nen = "sub"\n')
    cat = Catalogue.load(tmp_path)
    assert cat.keys() == ["x.one", "y", "y.sub"]
    assert cat.get("y.sub", "en") == "sub"


def test_duplicate_key_across_files_is_an_error(tmp_path: Path) -> None:
    write(tmp_path, "a.toml", '[k]\nru = "а"\nen = "a"\n')
    write(tmp_path, "b.toml", '[k]\nru = "б"\nen = "b"\n')
    with pytest.raises(ValueError, match="duplicate message key 'k'"):
        Catalogue.load(tmp_path)


def test_problems_find_a_missing_language() -> None:
    cat = Catalogue({"ok": {"ru": "да", "en": "yes"}, "half": {"ru": "только русский"}})
    problems = cat.problems()
    assert len(problems) == 1
    assert "'half'" in problems[0] and "en" in problems[0]


def test_problems_find_an_empty_translation() -> None:
    assert Catalogue({"k": {"ru": "", "en": "x"}}).problems() == ["message 'k' lacks ru"]


def test_problems_find_mismatched_placeholders() -> None:
    cat = Catalogue(
        {
            "same": {"ru": "{a} и {b}", "en": "{b} and {a}"},
            "typo": {"ru": "Бросок {dice}", "en": "Roll {die}"},
            "missing": {"ru": "{n} кубиков", "en": "dice"},
        }
    )
    problems = cat.problems()
    assert len(problems) == 2
    assert any("'typo'" in p and "placeholders" in p for p in problems)
    assert any("'missing'" in p for p in problems)


@pytest.mark.parametrize(
    ("candidates", "expected"),
    [
        (("ru",), "ru"),
        (("ru-RU",), "ru"),
        (("en-US",), "en"),
        (("en-GB",), "en"),
        (("EN_gb",), "en"),
        (("de", "en-US"), "en"),  # interaction locale unsupported → guild locale
        (("fr", None, "ru"), "ru"),
        ((None, "", "uk"), "ru"),  # nothing usable → default
    ],
)
def test_pick_language(candidates: tuple[str | None, ...], expected: str) -> None:
    assert pick_language(*candidates) == expected


def test_pick_language_default_is_configurable() -> None:
    assert pick_language("ja", default="en") == "en"


def test_a_broken_file_is_named(tmp_path: Path) -> None:
    write(tmp_path, "good.toml", '[k]\nru = "к"\nen = "k"\n')
    write(tmp_path, "bad.toml", "[unclosed\n")
    with pytest.raises(CatalogueError, match=r"^bad\.toml: "):
        Catalogue.load(tmp_path)
    write(tmp_path, "bad.toml", 'plain = "not a table"\n')
    with pytest.raises(CatalogueError, match=r"^bad\.toml: message 'plain' must be a table"):
        Catalogue.load(tmp_path)


def test_lookup_is_none_for_an_unknown_key_and_falls_back_to_russian() -> None:
    cat = Catalogue({"both": {"ru": "оба", "en": "both"}, "only": {"ru": "Я"}})
    assert cat.lookup("both", "en") == "both"
    assert cat.lookup("only", "en") == "Я"
    assert cat.lookup("nope", "en") is None
    assert Catalogue({"{x}": {"ru": "{x}", "en": "{x}"}}).lookup("{x}") == "{x}"  # unformatted


def test_one_plural_helper_for_both_languages() -> None:
    from bot.i18n import file_size, plural_form

    forms = ("шаг", "шага", "шагов")
    got = {n: plural_form(n, forms, "ru") for n in (0, 1, 2, 4, 5, 11, 12, 14, 21, 22, 25, 111)}
    assert got == {
        0: "шагов", 1: "шаг", 2: "шага", 4: "шага", 5: "шагов", 11: "шагов", 12: "шагов",
        14: "шагов", 21: "шаг", 22: "шага", 25: "шагов", 111: "шагов",
    }  # fmt: skip
    assert [plural_form(n, ("step", "steps"), "en") for n in (0, 1, 2)] == [
        "steps",
        "step",
        "steps",
    ]
    assert file_size(13428, "ru") == "13,1 КБ" and file_size(13428, "en") == "13.1 KB"
    assert file_size(3, "ru") == "3 байта" and file_size(1, "en") == "1 byte"


def test_a_games_own_texts_are_merged_from_its_folder() -> None:
    """Conquest's texts live in `bot/games/conquest/locale.toml` (issue 16), not `bot/locales/`."""
    from bot.i18n import GAMES_DIR, LOCALES_DIR

    assert (GAMES_DIR / "conquest" / "locale.toml").is_file()
    assert "tracker.note.cq_shield" in Catalogue.load()
    assert "tracker.note.cq_shield" not in Catalogue.load(LOCALES_DIR)


# A key segment that names one game (`dice.mw.strike`, `tracker.note.kf_armor`, `game.whfb`,
# `dice.roll.d12.mage-wars`) and the folder whose `locale.toml` holds that game's texts.
_GAME_MARKS = {
    "mw": "mage_wars",
    "mage-wars": "mage_wars",
    "berserk": "berserk",
    "whf": "whfb",
    "whfb": "whfb",
    "kf": "keyforge",
    "keyforge": "keyforge",
    "cq": "conquest",
    "conquest": "conquest",
}


def _game_named(key: str) -> str | None:
    for segment in key.split("."):
        folder = _GAME_MARKS.get(segment) or _GAME_MARKS.get(segment.split("_")[0])
        if folder:
            return folder
    return None


def test_the_game_mark_reads_every_way_a_key_names_a_game() -> None:
    assert _game_named("dice.mw.strike") == "mage_wars"
    assert _game_named("tracker.note.kf_armor") == "keyforge"
    assert _game_named("dice.odds.whf_title") == "whfb"
    assert _game_named("cmd.berserk.strike.opt.attacker") == "berserk"
    assert _game_named("live.legend.keyforge.ward") == "keyforge"
    assert _game_named("tracker.error.cq_icon") == "conquest"
    assert _game_named("dice.roll.d12.mage-wars") == "mage_wars"
    assert _game_named("game.custom") is None
    assert _game_named("tracker.note.armor") is None and _game_named("dice.kind.closed") is None


def test_no_text_of_one_game_stays_in_the_shared_locales() -> None:
    """Issue 16: every text particular to one game lives in `bot/games/<game>/locale.toml`."""
    from bot.i18n import LOCALES_DIR

    shared = Catalogue.load(LOCALES_DIR)
    shared_keys = shared.keys()
    assert [key for key in shared_keys if _game_named(key)] == []
    merged = Catalogue.load()
    for key in ("dice.mw.strike", "cmd.kf.forge.name", "dice.whf.miscast", "game.berserk"):
        assert key in merged and key not in shared


def test_each_games_folder_holds_only_its_own_named_texts(tmp_path: Path) -> None:
    from bot.i18n import GAMES_DIR

    folders = sorted(path.parent.name for path in GAMES_DIR.glob("*/locale.toml"))
    assert set(_GAME_MARKS.values()) <= set(folders)
    for folder in folders:
        copy = tmp_path / folder
        copy.mkdir()
        (copy / "locale.toml").write_bytes((GAMES_DIR / folder / "locale.toml").read_bytes())
        keys = Catalogue.load(copy).keys()
        assert keys, folder
        strays = [key for key in keys if _game_named(key) not in (folder, None)]
        assert strays == [], folder


def test_a_command_a_game_declares_has_its_texts_in_that_games_folder() -> None:
    """`/planet` (Conquest), `/odds winds` (WFB): named for no game, yet only that game's."""
    from bot.i18n import LOCALES_DIR
    from bot.registry import load_handlers

    shared_keys = Catalogue.load(LOCALES_DIR).keys()
    merged = Catalogue.load()
    owned = 0
    for cmd in load_handlers().commands.values():
        if not cmd.handler.__module__.startswith("bot.games."):
            continue
        owned += 1
        left = [k for k in shared_keys if k == cmd.key or k.startswith(cmd.key + ".")]
        assert left == [], cmd.key
        assert cmd.key in merged and cmd.key + ".name" in merged, cmd.key
    assert owned >= 10


COUNTED = """
[n.bleed]
ru = "кровотечение — {damage_text}."
en = "Bleed — {damage_text}."
counts.damage_text = ["damage", "p.damage"]

[p.damage]
ru = "{n} повреждение|{n} повреждения|{n} повреждений"
en = "{n} damage|{n} damage"
"""


def test_a_message_declines_its_own_counts(tmp_path: Path) -> None:
    """A game's counted words live beside its text (`counts`), not in a table in the shared
    layer: the catalogue declines them for 1, 2, 5, 21 and 0 in the reader's language."""
    write(tmp_path, "a.toml", COUNTED)
    cat = Catalogue.load(tmp_path)
    assert cat.keys() == ["n.bleed", "p.damage"]  # `counts` is not a message
    said = {n: cat.get("n.bleed", "ru", damage=n) for n in (1, 2, 5, 21, 0)}
    assert said[1] == "кровотечение — 1 повреждение." and said[21].endswith("21 повреждение.")
    assert said[2] == "кровотечение — 2 повреждения." and said[0].endswith("0 повреждений.")
    assert cat.get("n.bleed", "en", damage=2) == "Bleed — 2 damage."
    assert cat.problems() == []


def test_problems_find_a_count_of_an_unknown_phrase_or_one_never_shown(tmp_path: Path) -> None:
    write(tmp_path, "a.toml", COUNTED.replace('"p.damage"]', '"p.nothing"]'))
    assert any("unknown 'p.nothing'" in p for p in Catalogue.load(tmp_path).problems())
    write(tmp_path, "a.toml", COUNTED.replace("{damage_text}", "{damage}"))
    assert any("never shows it" in p for p in Catalogue.load(tmp_path).problems())
    write(tmp_path, "a.toml", COUNTED.replace('["damage", "p.damage"]', '"damage"'))
    with pytest.raises(ValueError, match="a count is"):
        Catalogue.load(tmp_path)


def test_a_kind_variant_counts_as_its_base_message(tmp_path: Path) -> None:
    """`…_kind.mage` is the base message worded for one kind of piece: it declines the base's
    counts too (a Berserk magic wound note crashed on its kind variant before)."""
    variant = '\n[n.bleed_kind.mage]\nru = "маг: {damage_text}."\nen = "mage: {damage_text}."\n'
    write(tmp_path, "a.toml", COUNTED + variant)
    cat = Catalogue.load(tmp_path)
    assert cat.get("n.bleed_kind.mage", "ru", damage=2) == "маг: 2 повреждения."


def test_first_key_takes_a_game_s_own_wording_where_it_has_one() -> None:
    """One helper picks a game's or option's own message over the shared one (it replaced seven
    copies of «own if own in catalogue() else shared»)."""
    assert first_key("tracker.error.no_such_key_anywhere", "", "help.title") == "help.title"
    assert first_key("help.title", "tracker.error.no_game") == "help.title"
    assert first_key("", "tracker.error.no_game") == "tracker.error.no_game"
