"""English walk 6 (issue 17, `docs/playtest-en-6.md`): the WFB slips WF-1–WF-4, the Conquest
slips CQ-1–CQ-5 and the KeyForge slips KF-1, KF-2, pinned in the console's English (and Russian
where the rule or the information changed)."""

from __future__ import annotations

from bot.console import Console


async def test_wf4_spell_resolution_step_carries_its_official_english_name(
    console: Console,
) -> None:
    console.lang = "en"
    out = await console.execute("/glossary game:whfb")
    assert "Заклинание сработало или нет (Spell Resolution)" in out
