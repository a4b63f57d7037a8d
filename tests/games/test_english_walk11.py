"""English walk 11 (issue 17): a dispel after a spell that was not cast is refused (WF-1)."""

from __future__ import annotations

from bot.console import Console
from tests.games.seeds import seed_line


async def test_wf1_a_spell_not_cast_has_nothing_to_dispel(console: Console) -> None:
    # seed 002:17: only a spell successfully cast is one the other side tries to dispel
    seed_line("002", 17, "Если заклинание успешно сотворено", "пытается разрушить")
    console.lang, console.user = "en", "Anna"
    await console.execute("/game start game:whfb player1:Bob")
    await console.execute("/whf winds wizards:1 enemy_wizards:1")
    out = await console.execute("/whf cast dice:1 level:1 value:12 spell:Fireball")
    assert "not cast" in out.lower()  # one die and level 1 never reach 12
    console.user = "Bob"
    board = await console.execute("/game show")
    out = await console.execute("/whf dispel dice:1 level:1 against:7")
    assert out.startswith("✖")
    assert "The last spell (Fireball) was not cast, so there is nothing to dispel." in out
    assert board == await console.execute("/game show")  # no dispel die spent


async def test_wf2_an_entrys_own_name_is_not_said_to_have_no_entry(console: Console) -> None:
    console.lang = "en"
    out = await console.execute(
        "/explain text:The wizard rolls Irresistible Force and suffers a Miscast"
    )
    assert "• **Irresistible Force** → Неодолимая сила (Irresistible Force)" in out
    lines = out.splitlines()
    own = next(line for line in lines if line.startswith("• **Irresistible Force**"))
    assert "no entry of its own" not in own
    miscast = next(line for line in lines if line.startswith("• **Miscast**"))
    assert miscast.endswith("— no entry of its own; mentioned here")
