"""Playtest 7 (issue 17, `docs/playtest-ru-7.md`): the general slips G2 (`/rule` lists keep to
the channel's game) and G3 (`/explain` finds inflected and verb forms), and the Berserk lookup
slip B5 (a flying creature attacking a closed card)."""

from __future__ import annotations

from pathlib import Path

from bot.console import Console
from glossary.terms import spoken_names
from tests.glossary.search_data import real_glossary


async def test_g2_berserk_suggestions_keep_to_berserk(console: Console) -> None:
    """«сражение» in a Berserk game: Berserk's entries, no Mage Wars «Бросок на спасение»."""
    console.user = "Аня"
    await console.execute("/game start game:berserk player1:Борис")
    out = await console.execute("/rule сражение")
    assert "· Берсерк ККИ" in out and "Mage Wars" not in out


async def test_g2_conquest_suggestions_keep_to_conquest(console: Console) -> None:
    console.user = "Аня"
    await console.execute("/game start game:conquest player1:Борис hale:7 bloodied:4")
    out = await console.execute("/rule щиты")
    assert "Warhammer 40\u00a0000: Conquest" in out and "Берсерк ККИ" not in out


async def test_g2_other_games_when_nothing_of_the_channels_fits(console: Console) -> None:
    """«Эгида» is Mage Wars' only: in a Berserk game it is still offered, marked as another's."""
    console.user = "Аня"
    await console.execute("/game start game:berserk player1:Борис")
    out = await console.execute("/rule эгида")
    assert "Mage Wars" in out


async def test_g2_no_game_in_the_channel_mixes_games(console: Console) -> None:
    out = await console.execute("/rule сражение")
    assert "Mage Wars" in out and "Берсерк ККИ" in out


def _explained(text: str, game: str) -> dict[str, str]:
    """The words found in `text` → the entry id they name, read in `game`'s channel."""
    g = real_glossary()
    return {m.found: m.entries[0].id for m in g.find_terms(text, prefer_game=game)}


def test_g3_whfb_verbs_and_short_names_are_explained() -> None:
    text = (
        "Маг сотворил магическую стрелу, противник пытается рассеять её кубиками рассеивания, "
        "пул силы 8"
    )
    found = _explained(text, "whfb")
    assert found["сотворил"] == "whfb/sotvoreniye-zaklinaniya"
    assert found["рассеять"] == "whfb/razrusheniye"
    assert found["кубиками рассеивания"] == "whfb/pul-rasseivaniya"
    assert found["пул силы"] == "whfb/pul-kubikov-sily"


def test_g3_conquest_warlord_bloodied_and_shield() -> None:
    found = _explained("Мой военачальник ранен, я сбрасываю щит", "conquest")
    assert found["военачальник"] == "conquest/uron"
    assert found["щит"] == "conquest/naneseniye-urona"
    assert _explained("Он окровавлен", "conquest") == {"окровавлен": "conquest/uron"}


def test_g3_keyforge_capturing_and_forging() -> None:
    found = _explained("Я захватываю янтарь существом", "keyforge")
    assert found["захватываю янтарь"] == "keyforge/zakhvat-yantarya"
    assert _explained("Теперь кую", "keyforge") == {"кую": "keyforge/klyuchi"}


def test_g3_a_verb_meets_its_noun_by_root() -> None:
    """No list needed for a verb whose root is the name's: «уничтожил» → «Уничтожение»."""
    assert _explained("Я уничтожил отряд", "conquest").get("уничтожил") == "conquest/unichtozheniye"


def test_g3_spoken_names_name_real_entries_and_do_not_open_rule() -> None:
    """The spoken names are for sentences only: `/rule` does not open the pool by them."""
    g = real_glossary()
    ids = {e.id for e in g.entries}
    assert set(spoken_names()) <= ids
    found = g.lookup("сколько максимум кубиков рассеивания")
    assert not (found.confident and found.hits[0].entry.id == "whfb/pul-rasseivaniya")


async def test_g3_explain_command_lists_them(console: Console) -> None:
    console.user = "Аня"
    await console.execute("/game start game:keyforge player1:Борис")
    out = await console.execute("/explain text:Я захватываю янтарь и кую ключ")
    assert "Захват Янтаря" in out and "Ключи, ковка ключа" in out


async def test_b5_flying_attacking_a_closed_card_lists_both_entries(console: Console) -> None:
    """«Летающее существо» first, «Закрыть (существо, карту)» next, in a Berserk game."""
    console.user = "Аня"
    await console.execute("/game start game:berserk player1:Борис")
    out = await console.execute("/rule Может ли летающее существо атаковать закрытую карту?")
    assert "[1] Летающее существо · Берсерк ККИ" in out
    assert "[2] Закрыть (существо, карту) · Берсерк ККИ" in out


def test_b5_without_a_game_too() -> None:
    found = real_glossary().lookup("Может ли летающее существо атаковать закрытую карту?")
    ids = [h.entry.id for h in found.hits[:3]]
    assert ids[0] == "berserk/letayushchee-sushchestvo" and "berserk/zakryt" in ids


def test_g3_check_rejects_a_spoken_name_of_no_entry(tmp_path: Path) -> None:
    """`python -m bot check` validates the spoken names: a real id passes, a typo is named."""
    from glossary.terms import SPOKEN_FILE, validate_spoken

    ids = [e.id for e in real_glossary().entries]
    assert validate_spoken(SPOKEN_FILE, ids) == []
    bad = tmp_path / "spoken.toml"
    bad.write_text('[names]\n"whfb/no-such" = ["x"]\n"keyforge/klyuchi" = [""]\n', "utf-8")
    problems = validate_spoken(bad, ids)
    assert any("whfb/no-such" in p for p in problems)
    assert any("keyforge/klyuchi" in p for p in problems)
    bad.write_text("[names", "utf-8")
    assert validate_spoken(bad, ids)
