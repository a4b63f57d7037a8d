"""Replies carry what a player needs next (issue 17): life left, who casts what, plain titles."""

from __future__ import annotations

from bot.console import Console
from tests.games.seeds import seed_line


async def test_damage_shows_the_life_left(console: Console) -> None:
    await console.execute("/game start game:mage-wars player1:bob life:36")
    out = await console.execute("/dmg alice amount:8")
    assert out.strip().splitlines()[-1] == "alice · повреждения: 0 → 8 · ❤ 28/36"
    assert "раунд" not in out  # the board carries the game header, not every change
    await console.execute("/unit add Голем life:6")
    out = await console.execute("/dmg Голем amount:2")
    assert "Голем · повреждения: 0 → 2 · ❤ 4/6" in out
    out = await console.execute("/heal Голем amount:1")
    assert "Голем · повреждения: 2 → 1 · ❤ 5/6" in out


async def test_tainted_counts_in_the_life_left(console: Console) -> None:
    seed_line("000", 281, "3")
    await console.execute("/game start game:mage-wars player1:bob life:36")
    await console.execute("/unit add Голем life:10")
    await console.execute("/token add Голем token:разложение")
    out = await console.execute("/dmg Голем amount:1")
    assert "❤ 6/10" in out  # 10 − 1 damage − 3 for the Tainted token


async def test_a_d12_is_an_effect_die_only_at_a_mage_wars_table(console: Console) -> None:
    out = await console.execute("/roll d12")
    assert out.startswith("Бросок d12: ") and "Кубик эффектов" not in out
    await console.execute("/game start game:mage-wars player1:bob life:36")
    assert (await console.execute("/roll d12")).startswith("Кубик эффектов: ")


async def test_a_cast_names_its_wizard_and_spell(console: Console) -> None:
    out = await console.execute(
        "/whf cast dice:2 level:2 value:5 wizard:Колдунья spell:Огненный шар"
    )
    assert "Маг: **Колдунья**" in out and "Заклинание: «Огненный шар»" in out
    assert out.startswith(("✔ Заклинание «Огненный шар» сотворено (", "✔ Неодолимая сила!"))
    assert "сотворено: " not in out.split("\n")[0]


async def test_a_start_refusal_suggests_the_games_own_default(console: Console) -> None:
    out = await console.execute("/game start game:conquest player1:bob")
    # a warlord, not a mage, and both sides of its card at once (playtest 4, slip 31)
    assert (
        "военачальника на обеих сторонах карты — здоровой и окровавленной: здоровье:7 "
        "окровавленный:4" in out
    )
    assert "36" not in out
    out = await console.execute("/game start game:conquest player1:bob hale:7")
    assert "здоровье:7 окровавленный:4" in out
    out = await console.execute("/game start game:mage-wars player1:bob")
    assert "например жизнь:36." in out
