"""Playtest 7 (issue 17), the Mage Wars slips M1, M4 and M9 — each test pins the reworded reply:
«повреждения» counted as the codex counts them, the upkeep told cause first, and a Russian reply
that names a glossary entry by its Russian name first."""

from __future__ import annotations

from bot.console import Console
from bot.glossary_view import display_title
from bot.handlers.glossary_browse import index_order
from glossary.loader import load_entries
from tests.games.seeds import seed_line

# ── M9: the Russian name leads in a Russian reply ───────────────────────────────────────────────


def test_a_titles_russian_name_leads_in_russian_and_keeps_the_parameter() -> None:
    # seed 000:6 «Aegis X (Эгида)»; seed 000:79 «Direct Damage (Прямое повреждение)»
    seed_line("000", 6, "Aegis X (Эгида)")
    seed_line("000", 79, "Direct Damage (Прямое повреждение)")
    entries = {e.id: e for e in load_entries() if e.game == "mage-wars"}
    aegis, direct = entries["mage-wars/aegis-x"], entries["mage-wars/direct-damage"]
    assert display_title(aegis, "ru") == "Эгида X (Aegis X)"
    assert display_title(aegis, "en") == "Aegis X (Эгида)"
    assert display_title(direct, "ru") == "Прямое повреждение (Direct Damage)"


async def test_rule_titles_and_buttons_lead_with_the_russian_name(console: Console) -> None:
    out = await console.execute("/правило эгида")
    assert out.splitlines()[0] == "Эгида X (Aegis X)"
    out = await console.execute("/правило прямое повреждение")
    assert out.splitlines()[0] == "Прямое повреждение (Direct Damage)"
    assert "⟨Защита (Defense)⟩" in out
    console.lang = "en"
    out = await console.execute("/rule aegis")
    assert out.splitlines()[0] == "Aegis X (Эгида)"


def test_the_russian_mage_wars_index_is_sorted_by_russian_name() -> None:
    entries = [e for e in load_entries() if e.game == "mage-wars"]
    shown = [display_title(e, "ru") for e in index_order(entries, "ru")]
    russian = [t for t in shown if t[:1].casefold() in "абвгдеёжзийклмнопрстуфхцчшщэюя"]
    assert shown[: len(russian)] == russian  # untranslated titles (`Activate`) come last
    assert russian == sorted(russian, key=lambda t: t.casefold().replace("ё", "е"))
    assert index_order(entries, "en")[0].title == "Activate"  # the book's order


async def test_the_russian_glossary_page_starts_with_a(console: Console) -> None:
    out = await console.execute("/глоссарий игра:mage-wars")
    assert "`  1.` Автономное (Autonomous)" in out
    console.lang = "en"
    out = await console.execute("/glossary game:mage-wars")
    assert "`  1.` Activate" in out


# ── M1: «повреждения», counted, as the codex says ───────────────────────────────────────────────


async def test_mage_wars_damage_is_povrezhdeniya_counted(console: Console) -> None:
    # seed 000:79 «Прямое повреждение»: the codex's word for damage
    seed_line("000", 79, "Прямое повреждение")
    await console.execute("/игра начать игра:mage-wars игрок1:Борис жизнь:36")
    out = await console.execute("/мв атака кубики:4 броня:1")
    assert out.startswith("Атака: ") and "повреждени" in out.splitlines()[0]
    assert "Обычные повреждения " in out and "урон" not in out
    board = await console.execute("/игра показать")
    assert "Кнопки ± меняют повреждения" in board and "⟨повреждения +1⟩" in board
    assert "урон" not in board
