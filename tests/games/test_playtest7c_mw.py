"""Playtest 7, M1: Mage Wars rolls in `/history rolls` and upkeep notes say «повреждения» as the
codex does (seed 000), counted through the plural helper; other games keep their own word."""

from __future__ import annotations

from bot.console import Console
from bot.handlers.tracker_describe import note_line
from bot.handlers.tracker_ops import Note
from tests.games.seeds import seed_line


async def test_mw_roll_history_counts_damage_in_the_codex_word(console: Console) -> None:
    seed_line("000", 19, "нанесите 1 повреждение")  # seed 000:19
    await console.execute("/mw burn tokens:0")
    out = await console.execute("/history rolls")
    assert "0 повреждений" in out and "урон" not in out


def test_bleed_and_rot_notes_read_a_counted_phrase() -> None:
    bleed = Note("tracker.note.bleed", {"unit": "Тролль", "damage": 2})
    assert note_line(bleed, "ru") == "🩸 Тролль: кровотечение — 2 повреждения."
    assert note_line(bleed, "en") == "🩸 Тролль: Bleed — 2 damage."
    rot = Note("tracker.note.rot", {"unit": "Тролль", "damage": 5})
    assert note_line(rot, "ru") == "☠ Тролль: отравление — 5 повреждений."


def test_upkeep_regeneration_notes_read_in_plain_words() -> None:
    """M4: no «урон содержания … регенерация — раньше урона», no «вместо урона»."""
    first = Note("tracker.note.mw_regenerate_first", {"unit": "Тролль"})
    assert note_line(first, "ru").startswith(
        "✚ Тролль: повреждения фазы содержания уничтожили бы существо, "
        "поэтому сначала регенерация, потом повреждения"
    )
    assert "урон" not in note_line(first, "ru")
